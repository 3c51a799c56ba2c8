import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import {
  ALERT_FEED_TEXTS,
  EMPTY_STATE_TEXTS,
  platformNames,
  SCREEN_TEXTS,
  WEB_TEXTS,
  TELEGRAM_INTEGRATIONS_PATH,
  alertCardActions,
  alertStatusLabel,
  describeCheckInterval,
  describeNextCheck,
  formatDateTime,
} from '@prijsalarm/core';
import type { AlertCardAction, AlertDto } from '@prijsalarm/core';
import { AlertFeedLink } from '../../components/alert-feed/AlertFeedLink';
import { Page } from '../../components/content/Page';
import { MaxAlertsNotice } from '../../components/payments/MaxAlertsNotice';
import { ActionMenu, type MenuAction } from '../../components/ui/ActionMenu';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog';
import { EmptyState } from '../../components/ui/EmptyState';
import { Icon } from '../../components/ui/Icon';
import { LoadError, Loading } from '../../components/ui/LoadError';
import { useNow } from '../../hooks/useNow';
import { useStores } from '../../stores/context';
import '../../styles/screens.css';
import { DashboardStore } from './DashboardStore';

const page = WEB_TEXTS.dashboard;
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
  const nextCheck = describeNextCheck(alert, now);
  const editPath = store.editPath(alert);
  const label = (action: string) => texts.actionFor(action, alert.searchTerm);
  const { primary, more } = alertCardActions(alert);
  const actions: Record<AlertCardAction, MenuAction | null> = {
    edit: editPath ? { key: 'edit', label: texts.edit, to: editPath } : null,
    pause: { key: 'pause', label: texts.pause, onSelect: () => void store.toggle(alert) },
    resume: { key: 'resume', label: texts.resume, onSelect: () => void store.toggle(alert) },
    extend: { key: 'extend', label: texts.extend, onSelect: () => void store.extend(alert) },
    delete: {
      key: 'delete',
      label: texts.delete,
      danger: true,
      onSelect: () => store.requestDelete(alert),
    },
  };
  const main = actions[primary];
  const menu = more
    .map((action) => actions[action])
    .filter((action): action is MenuAction => action !== null)
    .map((action) => ({ ...action, ariaLabel: label(action.label), disabled: busy }));
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
            <dd>{platformNames(alert.platforms)}</dd>
          </div>
          <div>
            <dt>{texts.checkInterval}</dt>
            <dd>{describeCheckInterval(alert)}</dd>
          </div>
          {/* Before its confirmation nothing is checked: the badge says it waits for that. */}
          {nextCheck.kind !== 'awaiting_confirmation' && (
            <div>
              <dt>{texts.nextCheck}</dt>
              <dd>
                {nextCheck.kind === 'scheduled' ? (
                  <time dateTime={nextCheck.at} title={formatDateTime(nextCheck.at)}>
                    {nextCheck.text}
                  </time>
                ) : (
                  nextCheck.text
                )}
              </dd>
            </div>
          )}
          <div>
            <dt>{texts.notifications}</dt>
            <dd>{texts.notificationCount(alert.notificationCount)}</dd>
          </div>
          {alert.status !== 'pending_confirmation' && alert.expiresAt && (
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
          {main?.to ? (
            <Link
              className="button button--primary button--small"
              to={main.to}
              aria-label={label(main.label)}
            >
              {main.label}
            </Link>
          ) : (
            main && (
              <button
                type="button"
                className="button button--primary button--small"
                aria-label={label(main.label)}
                aria-disabled={busy}
                onClick={main.onSelect}
              >
                {main.label}
              </button>
            )
          )}
          {menu.length > 0 && (
            <ActionMenu
              label={texts.moreActions}
              ariaLabel={label(texts.moreActions)}
              actions={menu}
            />
          )}
        </div>
      </article>
    </li>
  );
});

/** /dashboard (login required): the user's alerts, plan, Telegram status and the way to a new alert. */
const DashboardScene = observer(function DashboardScene() {
  const root = useStores();
  const [store] = useState(() => new DashboardStore(root));
  // Seconds count: a next check "over 12 seconden" must not stand still.
  const now = useNow(root.now, 1000);
  useEffect(() => {
    void store.load();
    return store.followPlanChanges();
  }, [store]);
  // Once a planned check has come, the list is read again for the one after it.
  const due = store.nextPlannedCheck;
  useEffect(() => {
    if (due === null) return;
    // One that is already past (the engine is behind) is asked about again less eagerly.
    const wait = due > root.now() ? due - root.now() + 1500 : 10_000;
    const timer = setTimeout(() => void store.load(), wait);
    return () => clearTimeout(timer);
  }, [store, due, root]);

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
        {store.offersTelegram && (
          <div className="stats__item">
            <dt className="stats__label">
              <Icon name="send" size="sm" /> {texts.telegram}
            </dt>
            <dd className="stats__text">
              {telegram.connected ? (
                telegram.username ? (
                  WEB_TEXTS.myAccount.telegramConnected(telegram.username)
                ) : (
                  WEB_TEXTS.myAccount.telegramConnectedNoName
                )
              ) : (
                <Link to={TELEGRAM_INTEGRATIONS_PATH}>{texts.telegramConnect}</Link>
              )}
            </dd>
          </div>
        )}
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
