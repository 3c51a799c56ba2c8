import { observer } from 'mobx-react-lite';
import { useEffect, useId, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { ALERT_FIELD_TEXTS, ALERT_FORM_TEXTS, WEB_TEXTS } from '@prijsalarm/core';
import type { AlertDto, AlertFormContext } from '@prijsalarm/core';
import { focusInView } from '../../hooks/focusInView';
import { PageLoading } from '../layout/PageLoading';
import { MaxAlertsNotice } from '../payments/MaxAlertsNotice';
import { useStores } from '../../stores/context';
import { AlertWizardStore } from './AlertWizardStore';
import { loadCarFilterStep } from './CarFiltersSlot';
import { ErrorCard, SuccessCard } from './CreationResult';
import { SearchLinkField } from './SearchLinkField';
import { StepBody } from './WizardSteps';
import './alert-form.css';
import { Icon } from '../ui/Icon';

const texts = ALERT_FORM_TEXTS;

export interface AlertWizardProps {
  /** 'dashboard' on /dashboard/create (back to the dashboard after success), else 'page'. */
  context: AlertFormContext;
  /** A saved alert of the user: the wizard changes it instead of making a new one. */
  editing?: AlertDto;
}

/** The steps; while editing, each is a button too, so any step is one click away. */
const Progress = observer(function Progress({ wizard }: { wizard: AlertWizardStore }) {
  return (
    <nav className="wizard__progress" aria-label={texts.wizard.progressLabel}>
      <ol className="wizard__steps">
        {wizard.steps.map((step, index) => {
          const current = step === wizard.currentStep;
          const done = index + 1 < wizard.stepNumber;
          const face = (
            <>
              <span className="wizard__step-number" aria-hidden="true">
                {done ? <Icon name="check" size="sm" /> : index + 1}
              </span>
              <span className="wizard__step-label">{texts.wizard.steps[step]}</span>
            </>
          );
          return (
            <li
              key={step}
              className={`wizard__step${current ? ' is-current' : ''}${done ? ' is-done' : ''}`}
              aria-current={current ? 'step' : undefined}
            >
              {wizard.isEditing ? (
                <button
                  type="button"
                  className="wizard__step-button"
                  onClick={() => wizard.goTo(step)}
                >
                  <span className="visually-hidden">{texts.wizard.goToStep(index + 1)}</span>
                  {face}
                </button>
              ) : (
                face
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
});

/**
 * The signed-in user's alert wizard. Used by
 * /prijsalarm-maken ('page') and /dashboard/create ('dashboard'), and with `editing` by
 * /dashboard/alerts/{id}/bewerken to change a saved alert at every step.
 */
export const AlertWizard = observer(function AlertWizard({ context, editing }: AlertWizardProps) {
  const root = useStores();
  const [wizard] = useState(
    () =>
      new AlertWizardStore(root, {
        context,
        loadCarFilters: loadCarFilterStep,
        ...(editing ? { editing } : {}),
      }),
  );
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const formRef = useRef<HTMLFormElement>(null);

  useEffect(() => {
    void root.capabilities.load();
    void wizard.editor.loadCategories();
    void wizard.start();
    return wizard.dispose;
  }, [root, wizard]);

  // After a step change or a refusal: the first field in error, else the step's heading.
  const focusRequests = wizard.focusRequests;
  useEffect(() => {
    if (focusRequests === 0) return;
    const invalid = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    const target = invalid ?? headingRef.current;
    if (target) focusInView(target);
  }, [focusRequests]);

  if ((!root.capabilities.isLoaded && root.auth.isLoggedIn) || !wizard.ready) {
    return <PageLoading label={texts.wizard.loading} />;
  }

  const { creation } = wizard;
  if (creation.phase === 'success') {
    return <SuccessCard creation={creation} successText={texts.result.accountSuccess} />;
  }
  if (creation.phase === 'error') {
    return <ErrorCard creation={creation} onRetry={wizard.retry} />;
  }

  const step = wizard.currentStep;
  const warning = wizard.maxAlertsWarning;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (wizard.isLastStep) void wizard.submit();
    else wizard.next();
  };

  return (
    <section className="wizard card" aria-labelledby={headingId}>
      {warning && <MaxAlertsNotice warning={warning} />}
      {!wizard.isEditing && <SearchLinkField link={wizard.link} />}
      <Progress wizard={wizard} />
      <p className="wizard__count">{texts.wizard.progress(wizard.stepNumber, wizard.totalSteps)}</p>
      <h2 className="wizard__title" id={headingId} ref={headingRef} tabIndex={-1}>
        {texts.wizard.steps[step]}
      </h2>
      <p className="wizard__intro">{texts.wizard.intros[step]}</p>
      <form
        ref={formRef}
        className="form wizard__form"
        noValidate
        aria-labelledby={headingId}
        onSubmit={submit}
      >
        <StepBody step={step} wizard={wizard} />
        <div className="wizard__nav">
          {!wizard.isFirstStep && (
            <button type="button" className="button button--secondary" onClick={wizard.back}>
              {texts.wizard.previous}
            </button>
          )}
          <span className="wizard__spacer" />
          {step === 'category' && (
            <button
              type="button"
              className="button button--secondary"
              onClick={wizard.skipCategory}
            >
              {texts.wizard.skip}
            </button>
          )}
          <button
            type="submit"
            className="button button--primary"
            aria-disabled={wizard.isSubmitting || (wizard.isLastStep && !wizard.canSubmit)}
          >
            {wizard.isSubmitting
              ? WEB_TEXTS.form.busy
              : !wizard.isLastStep
                ? texts.wizard.next
                : wizard.isEditing
                  ? texts.edit.save
                  : ALERT_FIELD_TEXTS.submit}
          </button>
        </div>
      </form>
    </section>
  );
});

export default AlertWizard;
