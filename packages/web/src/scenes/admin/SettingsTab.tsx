/** The 'Instellingen' tab of /admin: one form per setting, checked with core's schema. */
import { observer } from 'mobx-react-lite';
import { useId } from 'react';
import type { FormEvent } from 'react';
import { SCREEN_TEXTS, WEB_TEXTS } from '@prijsalarm/core';
import { FormAlert } from '../../components/form/fields';
import { Loading } from '../../components/ui/LoadError';
import { SelectField } from '../../components/ui/SelectField';
import type { AdminStore } from './AdminStore';
import type { SettingForm } from './AdminSettingsStore';

const texts = SCREEN_TEXTS.admin;
const common = SCREEN_TEXTS.common;

const SettingCard = observer(function SettingCard({ form }: { form: SettingForm }) {
  const baseId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void form.save();
  };
  return (
    <section className="card" aria-labelledby={`${baseId}-title`}>
      <h2 id={`${baseId}-title`}>{form.title}</h2>
      {form.hint && <p>{form.hint}</p>}
      <form className="form" noValidate aria-labelledby={`${baseId}-title`} onSubmit={submit}>
        <FormAlert message={form.formError} />
        {form.fields.map((field) => {
          const id = `${baseId}-${field.path || 'value'}`;
          const error = form.errors[field.path];
          const value = form.values[field.path];
          if (field.kind === 'checkbox') {
            return (
              <div className="checkbox" key={field.path}>
                <input
                  id={id}
                  type="checkbox"
                  checked={value === true}
                  onChange={(event) => form.set(field.path, event.target.checked)}
                />
                <label htmlFor={id}>{field.label}</label>
              </div>
            );
          }
          if (field.kind === 'select') {
            return (
              <SelectField
                key={field.path}
                label={field.label}
                value={String(value ?? '')}
                options={field.options ?? []}
                error={error}
                onChange={(next) => form.set(field.path, next)}
              />
            );
          }
          const hint = field.kind === 'limit' ? texts.unlimitedHint : undefined;
          const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null]
            .filter(Boolean)
            .join(' ');
          return (
            <div className={error ? 'field has-error' : 'field'} key={field.path}>
              <label className="field__label" htmlFor={id}>
                {field.label}
              </label>
              {hint && (
                <p className="field__hint" id={`${id}-hint`}>
                  {hint}
                </p>
              )}
              <input
                id={id}
                className="field__input"
                inputMode={field.kind === 'text' ? undefined : 'decimal'}
                value={String(value ?? '')}
                aria-invalid={error ? true : undefined}
                aria-describedby={describedBy || undefined}
                onChange={(event) => form.set(field.path, event.target.value)}
              />
              {error && (
                <p className="field__error" id={`${id}-error`}>
                  {error}
                </p>
              )}
            </div>
          );
        })}
        <button type="submit" className="button button--primary" aria-disabled={form.saving}>
          {form.saving ? WEB_TEXTS.form.busy : common.save}
        </button>
      </form>
    </section>
  );
});

export const SettingsTab = observer(function SettingsTab({ store }: { store: AdminStore }) {
  if (store.settings.status !== 'ready') return <Loading />;
  return (
    <div className="settings-grid">
      {store.settings.forms.map((form) => (
        <SettingCard key={form.key} form={form} />
      ))}
    </div>
  );
});
