import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import {
  ALERT_FORM_TEXTS,
  MANAGE_ALERT_TEXTS,
  ALERT_TEXTS,
  WEB_TEXTS,
  alertStatusLabel,
  canExtendAlert,
  canToggleAlert,
  CHECK_TEXTS,
  describeCheckInterval,
  describeNextCheck,
  describeValidity,
  formatDateTime,
} from '@prijsalarm/core';
import type { AlertDescriptionRow } from '@prijsalarm/core';
import { AlertFeedLink } from '../../components/alert-feed/AlertFeedLink';
import { AlertEditForm } from '../../components/alert-form/AlertEditForm';
import type { AlertEditor } from '../../components/alert-form/AlertEditor';
import { loadCarFilterStep } from '../../components/alert-form/CarFiltersSlot';
import { AlertDescriptionList } from '../../components/alert-form/fields/AlertDescriptionList';
import { Page } from '../../components/content/Page';
import { Form } from '../../components/form/Form';
import { SubmitButton } from '../../components/form/fields';
import { PageLoading } from '../../components/layout/PageLoading';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog';
import { LoadError } from '../../components/ui/LoadError';
import { Pager } from '../../components/ui/Pager';
import { useNow } from '../../hooks/useNow';
import { useStores } from '../../stores/context';
import { ManageAlertStore } from './ManageAlertStore';
import { NotificationItem } from './NotificationItem';
import '../../styles/screens.css';
import '../../components/alert-form/alert-form.css';
import './manage.css';

const texts = MANAGE_ALERT_TEXTS;

/** The confirmation link in a guest's e-mail is the manage link with this query. */
export const CONFIRM_QUERY = 'bevestig';

const EditAlertForm = observer(function EditAlertForm({
  store,
  editor,
}: {
  store: ManageAlertStore;
  editor: AlertEditor;
}) {
  if (!editor.isEditing) return <PageLoading label={ALERT_FORM_TEXTS.edit.loading} />;
  return (
    <Form model={editor.fields} label={texts.edit.heading} onSubmit={() => void store.save()}>
      <h3 className="manage__subtitle">{texts.edit.heading}</h3>
      <AlertEditForm editor={editor} guest={store.isGuestAlert} />
      <div className="actions">
        <SubmitButton busy={store.saving}>{ALERT_FORM_TEXTS.edit.save}</SubmitButton>
        <button type="button" className="button button--secondary" onClick={store.cancelEdit}>
          {texts.edit.cancel}
        </button>
      </div>
    </Form>
  );
});

const AlertDetails = observer(function AlertDetails({ store }: { store: ManageAlertStore }) {
  const root = useStores();
  // Seconds count: a next check "over 12 seconden" must not stand still.
  const now = useNow(root.now, 1000);
  const alert = store.alert;
  const next = alert ? describeNextCheck(alert, now) : null;
  const due = next?.kind === 'scheduled' ? Date.parse(next.at) : null;
  useEffect(() => {
    // Once the planned check has come, the alert is read again for the one after it.
    if (due === null) return;
    const timer = setTimeout(() => void store.load(), Math.max(0, due - root.now()) + 1500);
    return () => clearTimeout(timer);
  }, [store, due, root]);
  if (!alert || !next) return null;
  const labels = texts.details;
  const rows: AlertDescriptionRow[] = [
    ...store.description,
    ...(alert.email ? [{ label: labels.email, value: alert.email }] : []),
    { label: labels.checkInterval, value: describeCheckInterval(alert) },
    // Before its confirmation nothing is checked: the validity row says it waits for that.
    ...(next.kind === 'awaiting_confirmation'
      ? []
      : [{ label: CHECK_TEXTS.nextCheck, value: next.text }]),
    { label: labels.expiresAt, value: describeValidity(alert, formatDateTime) },
    {
      label: labels.lastCheckedAt,
      value: alert.lastCheckedAt ? formatDateTime(alert.lastCheckedAt) : labels.never,
    },
  ];
  return <AlertDescriptionList rows={rows} />;
});

const ManageAlert = observer(function ManageAlert({ token }: { token: string }) {
  const root = useStores();
  const [params] = useSearchParams();
  const [store] = useState(
    () => new ManageAlertStore(root, token, { loadCarFilters: loadCarFilterStep }),
  );
  const confirmToken = params.get(CONFIRM_QUERY);

  useEffect(() => {
    void store.start(confirmToken);
    // Started once per store; the query is removed once the token is spent.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [store]);

  if (store.status === 'loading') return <PageLoading label={texts.loading} />;
  if (store.status === 'not_found') {
    return (
      <Page title={texts.notFoundTitle} width="narrow">
        <p>{ALERT_TEXTS.notFound}</p>
        <p>{texts.notFoundHint}</p>
        <p className="actions">
          <Link className="button button--primary" to="/">
            {texts.toHome}
          </Link>
        </p>
      </Page>
    );
  }
  const alert = store.alert;
  if (store.status === 'failed' || !alert) {
    return (
      <Page title={WEB_TEXTS.manageAlert.title} width="narrow">
        <LoadError
          message={store.loadError ?? texts.loadFailed}
          onRetry={() => void store.load()}
        />
      </Page>
    );
  }

  const pagination = store.pagination;
  const extendPath = store.extendPath;
  return (
    <Page title={WEB_TEXTS.manageAlert.title} intro={WEB_TEXTS.manageAlert.intro} width="wide">
      <div className="manage">
        <section className="card manage__alert" aria-labelledby="manage-alert-title">
          <div className="manage__head">
            <h2 id="manage-alert-title" className="manage__title">
              {alert.searchTerm}
            </h2>
            <span className={`status-badge status-badge--${alert.status}`}>
              {alertStatusLabel(alert.status)}
            </span>
          </div>
          <p className="manage__hint" role="status">
            {texts.statusHints[alert.status]}
          </p>
          {store.editor ? (
            <EditAlertForm store={store} editor={store.editor} />
          ) : (
            <AlertDetails store={store} />
          )}
          {!store.editing && (
            <div className="actions" role="group" aria-label={texts.actions.label}>
              <button type="button" className="button button--secondary" onClick={store.startEdit}>
                {texts.actions.edit}
              </button>
              {canToggleAlert(alert) && (
                <button
                  type="button"
                  className="button button--secondary"
                  aria-disabled={store.busy === 'toggle'}
                  onClick={() => void store.toggle()}
                >
                  {alert.isActive ? texts.actions.pause : texts.actions.resume}
                </button>
              )}
              {extendPath && canExtendAlert(alert) && (
                <Link className="button button--secondary" to={extendPath}>
                  {texts.actions.extend}
                </Link>
              )}
              <button
                type="button"
                className="button button--danger-outline"
                onClick={store.askDelete}
              >
                {texts.actions.delete}
              </button>
            </div>
          )}
          <AlertFeedLink
            searchTerm={alert.searchTerm}
            feedUrl={alert.feedUrl}
            busy={store.busy === 'feed'}
            onRenew={store.renewFeed}
          />
        </section>

        <section className="manage__notifications" aria-labelledby="manage-notifications">
          <div className="section__header">
            <h2 id="manage-notifications">{texts.notifications.heading}</h2>
            {pagination && (
              <p className="manage__count">{texts.notifications.count(pagination.total)}</p>
            )}
          </div>
          {store.notifications.length === 0 ? (
            <p className="notice notice--info">{texts.notifications.empty}</p>
          ) : (
            <ul className="listings">
              {store.notifications.map((notification) => (
                <NotificationItem key={notification.id} notification={notification} />
              ))}
            </ul>
          )}
          {pagination && (
            <Pager
              page={pagination.page}
              totalPages={pagination.totalPages}
              onPage={(page) => void store.goToPage(page)}
            />
          )}
        </section>
      </div>
      <ConfirmDialog
        open={store.deleteAsked}
        title={texts.deleteDialog.title}
        confirmLabel={texts.deleteDialog.confirm}
        busy={store.busy === 'delete'}
        onConfirm={() => void store.confirmDelete()}
        onCancel={store.cancelDelete}
      >
        <p>{texts.deleteDialog.text}</p>
      </ConfirmDialog>
    </Page>
  );
});

/** /manage/{token}: an alert managed through its secret link. */
export default function ManageAlertScene() {
  const { token = '' } = useParams();
  // A new token is a new alert: a fresh store.
  return <ManageAlert key={token} token={token} />;
}
