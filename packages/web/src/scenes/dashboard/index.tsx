import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import {
  ALERT_FEED_TEXTS,
  EMPTY_STATE_TEXTS,
  PLATFORMS,
  SCREEN_TEXTS,
  STRINGS,
  TELEGRAM_INTEGRATIONS_PATH,
  alertStatusLabel,
  formatDateTime,
  formatRelativeIso,
  nextCheckShown,
} from '@prijsalarm/core';
import type { AlertDto } from '@prijsalarm/core';
import { AlertFeedLink } from '../../components/alert-feed/AlertFeedLink';
import { Page } from '../../components/content/Page';
import { MaxAlertsNotice } from '../../components/payments/MaxAlertsNotice';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog';
import { EmptyState } from '../../components/ui/EmptyState';
import { Icon } from '../../components/ui/Icon';
import { LoadError, Loading } from '../../components/ui/LoadError';
import { useNow } from '../../hooks/useNow';
import { useStores } from '../../stores/context';
import '../../styles/screens.css';
import { DashboardStore } from './DashboardStore';

const page = STRINGS.web.dashboard;
const texts = SCREEN_TEXTS.dashboard;
const WARNING_ID = 'max-alerts-warning';

const AlertCard = observer(function AlertCard({
  store,
  alert,
  now,
}: {
  store: DashboardStore;
  alert: AlertDto;
  now: number;
}) {
  const headingId = `alert-${alert.id}`;
  const busy = store.isBusy(alert);
  const nextCheck = formatRelativeIso(nextCheckShown(alert), now);
  const editPath = store.editPath(alert);
  const label = (action: string) => texts.actionFor(action, alert.searchTerm);
  return (
    <li>
      <article className="alert-card" aria-labelledby={headingId} aria-busy={busy}>
        <header className="alert-card__header">
          <h3 id={headingId} className="alert-card__title">
            {alert.searchTerm}
          </h3>
          <span className={`badge badge--${alert.status}`}>{alertStatusLabel(alert.status)}</span>
        </header>
        <dl className="alert-card__facts">
          <div>
            <dt>{texts.platforms}</dt>
            <dd>{alert.platforms.map((id) => PLATFORMS[id].name).join(', ')}</dd>
          </div>
          <div>
            <dt>{texts.nextCheck}</dt>
            <dd>{nextCheck ?? SCREEN_TEXTS.common.notScheduled}</dd>
          </div>
          <div>
            <dt>{texts.notifications}</dt>
            <dd>{texts.notificationCount(alert.notificationCount)}</dd>
          </div>
          {alert.expiresAt && (
            <div>
              <dt>{texts.expires}</dt>
              <dd>
                <time dateTime={alert.expiresAt}>{formatDateTime(alert.expiresAt)}</time>
              </dd>
            </div>
          )}
        </dl>
        <details className="alert-card__feed">
          <summary>{ALERT_FEED_TEXTS.link.heading}</summary>
          <AlertFeedLink
            searchTerm={alert.searchTerm}
            feedUrl={alert.feedUrl}
            busy={busy}
            onRenew={() => store.renewFeed(alert)}
          />
        </details>
        <div className="alert-card__actions">
          {store.canToggle(alert) && (
            <button
              type="button"
              className="button button--secondary button--small"
              aria-label={label(alert.status === 'paused' ? texts.resume : texts.pause)}
              aria-disabled={busy}
              onClick={() => void store.toggle(alert)}
            >
              {alert.status === 'paused' ? texts.resume : texts.pause}
            </button>
          )}
          {store.canExtend(alert) && (
            <button
              type="button"
              className="button button--secondary button--small"
              aria-label={label(texts.extend)}
              aria-disabled={busy}
              onClick={() => void store.extend(alert)}
            >
              {texts.extend}
            </button>
          )}
          {editPath && (
            <Link
              className="button button--secondary button--small"
              to={editPath}
              aria-label={label(texts.edit)}
            >
              {texts.edit}
            </Link>
          )}
          <button
            type="button"
            className="button button--danger-outline button--small"
            aria-label={label(texts.delete)}
            aria-disabled={busy}
            onClick={() => store.requestDelete(alert)}
          >
            {texts.delete}
          </button>
        </div>
      </article>
    </li>
  );
});

/** /dashboard (login required): the user's alerts, plan, Telegram status and the way to a new alert. */
const DashboardScene = observer(function DashboardScene() {
  const root = useStores();
  const [store] = useState(() => new DashboardStore(root));
  const now = useNow(root.now);
  useEffect(() => {
    void store.load();
  }, [store]);

  const user = root.auth.user;
  if (!user) return null;
  const warning = store.warning;
  const telegram = store.telegram;

  return (
    <Page
      title={page.title}
      intro={page.welcome(user.firstName ?? user.name ?? user.email)}
      width="wide"
    >
      <dl className="stats">
        <div className="stats__item">
          <dt className="stats__label">
            <Icon name="check" size="sm" /> {page.plan}
          </dt>
          <dd>{store.planLabel}</dd>
        </div>
        <div className="stats__item">
          <dt className="stats__label">
            <Icon name="search" size="sm" /> {page.alerts}
          </dt>
          <dd className="stats__text">{store.usage ?? '…'}</dd>
        </div>
        <div className="stats__item">
          <dt className="stats__label">
            <Icon name="send" size="sm" /> {texts.telegram}
          </dt>
          <dd className="stats__text">
            {telegram.connected ? (
              telegram.username ? (
                STRINGS.web.myAccount.telegramConnected(telegram.username)
              ) : (
                STRINGS.web.myAccount.telegramConnectedNoName
              )
            ) : (
              <Link to={TELEGRAM_INTEGRATIONS_PATH}>{texts.telegramConnect}</Link>
            )}
          </dd>
        </div>
        <div className="stats__item">
          <dt className="stats__label">
            <Icon name="bell" size="sm" /> {page.notifications}
          </dt>
          <dd className="stats__text">
            <Link to="/notifications">{page.viewNotifications}</Link>
          </dd>
        </div>
      </dl>

      {warning && <MaxAlertsNotice warning={warning} id={WARNING_ID} />}

      <section className="section" aria-labelledby="alerts-heading">
        <div className="section__header">
          <h2 id="alerts-heading">{texts.alertsHeading}</h2>
          {store.isLoaded && !store.canCreate ? (
            <button
              type="button"
              className="button button--primary"
              disabled
              aria-describedby={warning ? WARNING_ID : undefined}
            >
              {page.newAlert}
            </button>
          ) : (
            <Link className="button button--primary" to="/dashboard/create">
              {page.newAlert}
            </Link>
          )}
        </div>

        {store.status === 'loading' && <Loading />}
        {store.status === 'error' && store.error && (
          <LoadError message={store.error} onRetry={() => void store.load()} />
        )}
        {store.isEmpty && (
          <EmptyState
            symbol="bell"
            title={texts.emptyTitle}
            action={{ label: EMPTY_STATE_TEXTS.dashboard.action, to: '/dashboard/create' }}
          >
            <p>{texts.emptyText}</p>
          </EmptyState>
        )}
        {store.isLoaded && store.alerts.length > 0 && (
          <ul className="alert-list" aria-label={texts.alertsLabel}>
            {store.alerts.map((alert) => (
              <AlertCard key={alert.id} store={store} alert={alert} now={now} />
            ))}
          </ul>
        )}
      </section>

      <ConfirmDialog
        open={store.deleting !== null}
        title={texts.deleteTitle}
        confirmLabel={texts.delete}
        busy={store.deleting ? store.isBusy(store.deleting) : false}
        onConfirm={() => void store.confirmDelete()}
        onCancel={store.cancelDelete}
      >
        <p>{store.deleting ? texts.deleteText(store.deleting.searchTerm) : ''}</p>
      </ConfirmDialog>
    </Page>
  );
});

export default DashboardScene;
