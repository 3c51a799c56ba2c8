import { PriceDropField } from '../../components/price-drop/PriceDropField';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import {
  ALERT_FORM_TEXTS,
  MANAGE_ALERT_TEXTS,
  PLATFORMS,
  POSTAL_CODE_LENGTHS,
  SCHEDULE_TEXTS,
  STRINGS,
  describeSchedule,
  alertStatusLabel,
  canExtendAlert,
  canToggleAlert,
  CHECK_TEXTS,
  describeCheckInterval,
  describeNextCheck,
  describeValidity,
  formatDateTime,
  formatPriceRange,
} from '@prijsalarm/core';
import { AlertFeedLink } from '../../components/alert-feed/AlertFeedLink';
import { Page } from '../../components/content/Page';
import { Form } from '../../components/form/Form';
import { SubmitButton, TextField } from '../../components/form/fields';
import { PageLoading } from '../../components/layout/PageLoading';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog';
import { LoadError } from '../../components/ui/LoadError';
import { Pager } from '../../components/ui/Pager';
import {
  DISTANCE_SELECT_OPTIONS,
  SelectField,
  distanceValue,
  parseDistance,
} from '../../components/alert-form/controls';
import { useNow } from '../../hooks/useNow';
import { useStores } from '../../stores/context';
import { ManageAlertStore } from './ManageAlertStore';
import { NotificationItem } from './NotificationItem';
import { ScheduleFields } from '../../components/alert-form/ScheduleFields';
import '../../styles/screens.css';
import '../../components/alert-form/alert-form.css';
import './manage.css';

const texts = MANAGE_ALERT_TEXTS;

/** The confirmation link in a guest's e-mail is the manage link with this query. */
export const CONFIRM_QUERY = 'bevestig';

const EditAlertForm = observer(function EditAlertForm({ store }: { store: ManageAlertStore }) {
  const { edit } = store;
  const platform = store.alert?.platforms[0] ?? 'marktplaats';
  return (
    <Form model={edit} label={texts.edit.heading} onSubmit={() => void store.save()}>
      <h3 className="manage__subtitle">{texts.edit.heading}</h3>
      <TextField
        label={ALERT_FORM_TEXTS.fields.searchTerm}
        name="searchTerm"
        autoComplete="off"
        required
        value={edit.values.searchTerm}
        error={edit.error('searchTerm')}
        onValueChange={(value) => edit.set('searchTerm', value)}
      />
      <div className="form__row">
        {!store.isGuestAlert && (
          <TextField
            label={ALERT_FORM_TEXTS.fields.minPrice}
            name="minPrice"
            inputMode="decimal"
            autoComplete="off"
            optional
            value={edit.values.minPrice}
            error={edit.error('minPrice')}
            onValueChange={(value) => edit.set('minPrice', value)}
          />
        )}
        <TextField
          label={ALERT_FORM_TEXTS.fields.maxPrice}
          name="maxPrice"
          inputMode="decimal"
          autoComplete="off"
          optional
          value={edit.values.maxPrice}
          error={edit.error('maxPrice')}
          onValueChange={(value) => edit.set('maxPrice', value)}
        />
      </div>
      <div className="form__row form__row--postal">
        <TextField
          label={ALERT_FORM_TEXTS.fields.postalCode}
          name="postalCode"
          autoComplete="postal-code"
          maxLength={POSTAL_CODE_LENGTHS[platform]}
          optional
          placeholder={ALERT_FORM_TEXTS.fields.postalCodePlaceholder[platform]}
          value={edit.values.postalCode}
          error={edit.error('postalCode')}
          onValueChange={store.setPostalCode}
        />
        <SelectField
          label={ALERT_FORM_TEXTS.fields.distance}
          name="distance"
          value={distanceValue(edit.values.distance)}
          options={DISTANCE_SELECT_OPTIONS}
          disabled={!store.distanceEnabled}
          hint={store.distanceEnabled ? null : STRINGS.alertForm.distanceNeedsPostalCode}
          error={edit.error('distance')}
          onValueChange={(value) => edit.set('distance', parseDistance(value))}
        />
      </div>
      <PriceDropField choice={store.priceDrop} error={edit.error('priceDrop.percent')} />
      <ScheduleFields
        value={edit.values.schedule}
        onChange={store.setSchedule}
        error={edit.error}
      />
      <div className="actions">
        <SubmitButton busy={edit.isSubmitting}>{texts.edit.save}</SubmitButton>
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
  const rows: [string, string][] = [
    [labels.searchTerm, alert.searchTerm],
    [labels.platforms, alert.platforms.map((id) => PLATFORMS[id].name).join(', ')],
    [labels.price, formatPriceRange(alert.minPrice, alert.maxPrice)],
    [
      labels.location,
      ALERT_FORM_TEXTS.location(alert.postalCode, alert.distance, STRINGS.alertForm.wholeCountry),
    ],
    [labels.filters, store.filterLabels.join(' · ') || labels.noFilters],
    [
      labels.notifyBy,
      [
        alert.notifyEmail && ALERT_FORM_TEXTS.notify.email,
        alert.notifyTelegram && ALERT_FORM_TEXTS.notify.telegram,
      ]
        .filter(Boolean)
        .join(', '),
    ],
    [SCHEDULE_TEXTS.form.modeLabel, describeSchedule(alert.schedule)],
    ...(alert.email ? ([[labels.email, alert.email]] as [string, string][]) : []),
    [labels.checkInterval, describeCheckInterval(alert)],
    // Before its confirmation nothing is checked: the validity row says it waits for that.
    ...(next.kind === 'awaiting_confirmation'
      ? []
      : ([[CHECK_TEXTS.nextCheck, next.text]] as [string, string][])),
    [labels.expiresAt, describeValidity(alert, formatDateTime)],
    [
      labels.lastCheckedAt,
      alert.lastCheckedAt ? formatDateTime(alert.lastCheckedAt) : labels.never,
    ],
  ];
  return (
    <dl className="details">
      {rows.map(([label, value]) => (
        <div key={label} className="details__row">
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
});

const ManageAlert = observer(function ManageAlert({ token }: { token: string }) {
  const root = useStores();
  const [params] = useSearchParams();
  const [store] = useState(() => new ManageAlertStore(root, token));
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
        <p>{STRINGS.alerts.notFound}</p>
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
      <Page title={STRINGS.web.manageAlert.title} width="narrow">
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
    <Page title={STRINGS.web.manageAlert.title} intro={STRINGS.web.manageAlert.intro} width="wide">
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
          {store.editing ? <EditAlertForm store={store} /> : <AlertDetails store={store} />}
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

/** /manage/{token}: an alert managed through its secret link (spec §2). */
export default function ManageAlertScene() {
  const { token = '' } = useParams();
  // A new token is a new alert: a fresh store.
  return <ManageAlert key={token} token={token} />;
}
