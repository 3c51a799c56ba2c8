import { observer } from 'mobx-react-lite';
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import {
  EMPTY_STATE_TEXTS,
  WEBHOOK_TEXTS,
  formatDateTime,
  type WebhookCallDto,
  type WebhookDto,
} from '@prijsalarm/core';
import { ChoiceGroup, CheckboxGroup } from '../../components/alert-form/controls';
import { Form } from '../../components/form/Form';
import { SubmitButton, TextField } from '../../components/form/fields';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog';
import { EmptyState } from '../../components/ui/EmptyState';
import { browserClipboard, type Clipboard } from '../../platform/clipboard';
import { useStores } from '../../stores/context';
import { PanelStatus } from './PanelStatus';
import type { WebhooksStore, WebhookScope } from './WebhooksStore';
import './webhooks.css';

const texts = WEBHOOK_TEXTS.screen;

/** The new webhook's secret, shown once: to select or copy, then put away. */
const SecretBox = observer(function SecretBox({
  store,
  clipboard,
}: {
  store: WebhooksStore;
  clipboard: Clipboard;
}) {
  const root = useStores();
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  if (!store.secret) return null;
  const secret = store.secret;
  const copy = async () => {
    if (await clipboard(secret)) root.toasts.success(texts.copied);
    else {
      input.current?.focus();
      input.current?.select();
      root.toasts.error(texts.copyFailed);
    }
  };
  return (
    <div
      className="notice notice--success webhook-secret"
      role="region"
      aria-labelledby={inputId + '-h'}
    >
      <h3 id={inputId + '-h'} ref={heading} tabIndex={-1}>
        {texts.secretHeading}
      </h3>
      <p id={inputId + '-text'}>{texts.secretText}</p>
      <div className="webhook-secret__row">
        <label className="visually-hidden" htmlFor={inputId}>
          {texts.secretHeading}
        </label>
        <input
          ref={input}
          id={inputId}
          className="field__input webhook-secret__value"
          readOnly
          value={secret}
          aria-describedby={inputId + '-text'}
          onFocus={(event) => event.currentTarget.select()}
        />
        <button type="button" className="button button--secondary" onClick={() => void copy()}>
          {texts.copy}
        </button>
      </div>
      <button type="button" className="button button--primary" onClick={store.secretSaved}>
        {texts.secretDone}
      </button>
    </div>
  );
});

function callResult(call: WebhookCallDto): string {
  return call.ok ? texts.ok : (call.error ?? texts.noAnswer);
}

function CallsTable({ url, calls }: { url: string; calls: readonly WebhookCallDto[] }) {
  if (calls.length === 0) return <p className="webhook__empty">{texts.noCalls}</p>;
  return (
    <div className="table-wrap">
      <table className="data-table data-table--stack webhook__calls">
        <caption>
          {texts.callsHeading}
          <span className="visually-hidden">: {url}</span>
        </caption>
        <thead>
          <tr>
            <th scope="col">{texts.callTime}</th>
            <th scope="col">{texts.callKind}</th>
            <th scope="col">{texts.callStatus}</th>
            <th scope="col">{texts.callResult}</th>
          </tr>
        </thead>
        <tbody>
          {calls.map((call) => (
            <tr key={call.id}>
              <td data-label={texts.callTime}>
                <time dateTime={call.at}>{formatDateTime(call.at)}</time>
              </td>
              <td data-label={texts.callKind}>{texts.kinds[call.kind]}</td>
              <td data-label={texts.callStatus}>
                <span className={`badge ${call.ok ? 'badge--active' : 'badge--failed'}`}>
                  {call.statusCode ?? texts.noAnswer}
                </span>
              </td>
              <td data-label={texts.callResult}>
                {callResult(call)}
                {call.excerpt && !call.ok && (
                  <>
                    {' '}
                    <code className="webhook__excerpt">{call.excerpt}</code>
                  </>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

const WebhookItem = observer(function WebhookItem({
  store,
  hook,
  onRemove,
}: {
  store: WebhooksStore;
  hook: WebhookDto;
  onRemove(hook: WebhookDto): void;
}) {
  const busy = store.workingId !== null;
  const scope =
    hook.alertIds === null
      ? texts.forAll
      : `${texts.forAlerts(hook.alertIds.length)}: ${hook.alertIds
          .map((id) => store.alertLabel(id))
          .filter(Boolean)
          .join(', ')}`;
  return (
    <li className="webhook">
      <p className="webhook__head">
        <code className="webhook__url">{hook.url}</code>{' '}
        <span className={`badge ${hook.enabled ? 'badge--active' : 'badge--failed'}`}>
          {hook.enabled ? texts.active : texts.disabled}
        </span>
      </p>
      <p className="webhook__scope">{scope}</p>
      {hook.disabledReason && <p className="notice notice--warning">{hook.disabledReason}</p>}
      <div className="actions">
        <button
          type="button"
          className="button button--secondary button--small"
          aria-label={texts.testLabel(hook.url)}
          aria-disabled={busy}
          onClick={() => void store.sendTest(hook.id)}
        >
          {store.workingId === hook.id ? texts.testing : texts.test}
        </button>
        <button
          type="button"
          className="button button--danger-outline button--small"
          aria-label={texts.removeLabel(hook.url)}
          aria-disabled={busy}
          onClick={() => onRemove(hook)}
        >
          {texts.remove}
        </button>
      </div>
      <CallsTable url={hook.url} calls={store.calls.get(hook.id) ?? []} />
    </li>
  );
});

const AddForm = observer(function AddForm({ store }: { store: WebhooksStore }) {
  const form = store.form;
  const scopes: { value: WebhookScope; label: string }[] = [
    { value: 'all', label: texts.allAlerts },
    { value: 'chosen', label: texts.chosenAlerts },
  ];
  return (
    <Form model={form} label={texts.add} onSubmit={() => void store.add()}>
      <TextField
        label={texts.urlLabel}
        name="url"
        type="url"
        inputMode="url"
        autoComplete="off"
        placeholder="https://"
        hint={texts.urlHint}
        value={form.values.url}
        onValueChange={(value) => form.set('url', value)}
        error={form.error('url')}
      />
      <ChoiceGroup
        legend={texts.alertsLegend}
        name="webhook-scope"
        value={store.scope}
        options={scopes}
        onValueChange={store.setScope}
        error={store.scope === 'all' ? store.alertsError : undefined}
      />
      {store.scope === 'chosen' && (
        <CheckboxGroup
          legend={texts.chosenAlerts}
          name="webhook-alerts"
          values={store.chosenAlertIds}
          options={store.alerts.map((alert) => ({ value: alert.id, label: alert.searchTerm }))}
          onToggle={store.toggleAlert}
          error={store.alertsError}
        />
      )}
      <SubmitButton busy={form.isSubmitting}>{texts.add}</SubmitButton>
    </Form>
  );
});

/** My account → Integraties: the user's webhooks. */
export const WebhooksPanel = observer(function WebhooksPanel({
  store,
  clipboard = browserClipboard,
}: {
  store: WebhooksStore;
  clipboard?: Clipboard;
}) {
  const [removing, setRemoving] = useState<WebhookDto | null>(null);
  const addForm = useRef<HTMLDivElement>(null);
  useEffect(() => {
    void store.load();
  }, [store]);
  const confirmRemove = async () => {
    if (!removing) return;
    await store.remove(removing.id, texts.removed);
    setRemoving(null);
  };
  return (
    <section className="card account-panel webhooks-panel" aria-labelledby="webhooks-title">
      <h2 id="webhooks-title">{texts.heading}</h2>
      <p>
        {texts.intro} <Link to="/faq#webhooks">{texts.docsLink}</Link>
      </p>
      <PanelStatus
        phase={store.phase}
        error={store.error}
        lockedMessage={store.lockedMessage}
        upgradeLabel={texts.upgrade}
        onRetry={() => void store.load()}
      />
      {store.phase === 'ready' && (
        <>
          <SecretBox store={store} clipboard={clipboard} />
          <h3>{texts.listHeading}</h3>
          <p>{texts.used(store.webhooks.length, store.limit)}</p>
          {store.webhooks.length === 0 ? (
            <EmptyState
              symbol="link"
              titleAs="p"
              title={texts.empty}
              action={
                store.canAdd && store.lockedMessage === null
                  ? {
                      label: EMPTY_STATE_TEXTS.webhooks.action,
                      onClick: () =>
                        addForm.current
                          ?.querySelector<HTMLInputElement>('input[name="url"]')
                          ?.focus(),
                    }
                  : undefined
              }
            >
              <p>{EMPTY_STATE_TEXTS.webhooks.text}</p>
            </EmptyState>
          ) : (
            <ul className="webhooks">
              {store.webhooks.map((hook) => (
                <WebhookItem key={hook.id} store={store} hook={hook} onRemove={setRemoving} />
              ))}
            </ul>
          )}
          {store.canAdd && store.lockedMessage === null && (
            <div ref={addForm}>
              <AddForm store={store} />
            </div>
          )}
        </>
      )}
      <ConfirmDialog
        open={removing !== null}
        title={texts.removeDialog.title}
        confirmLabel={texts.removeDialog.confirm}
        busy={store.workingId !== null}
        onConfirm={() => void confirmRemove()}
        onCancel={() => setRemoving(null)}
      >
        <p>{texts.removeDialog.text}</p>
        {removing && (
          <p>
            <code>{removing.url}</code>
          </p>
        )}
      </ConfirmDialog>
    </section>
  );
});
