/** The 'Overzicht' tab of /admin: the figures, users per plan and the last 30 days' trends. */
import { observer } from 'mobx-react-lite';
import {
  ADMIN_TRENDS_DAYS,
  PAYMENT_TEXTS,
  PLANS,
  PLAN_LABELS,
  PLATFORMS,
  RETENTION_KINDS,
  RETENTION_TEXTS,
  SCREEN_TEXTS,
  formatDateTime,
  formatDayShort,
  formatWholeEuros,
} from '@prijsalarm/core';
import type {
  AdminSetAsideListingsResponse,
  AdminStatsResponse,
  AdminTrendDay,
  AdminTrendsResponse,
} from '@prijsalarm/core';
import { euros } from '../../components/payments/format';
import { BarChart } from '../../components/ui/BarChart';
import { ColumnChart } from '../../components/ui/ColumnChart';
import { DataTable } from '../../components/ui/DataTable';
import { LoadError, Loading } from '../../components/ui/LoadError';
import type { AdminStatsStore } from './AdminStatsStore';

const texts = SCREEN_TEXTS.admin;
const paymentTexts = PAYMENT_TEXTS.admin;

/** The overview's four trends: which figure of a day, its title, how it reads. */
const TRENDS: readonly {
  figure: Exclude<keyof AdminTrendDay, 'date'>;
  title: string;
  money?: true;
}[] = [
  { figure: 'newUsers', title: texts.trends.newUsers },
  { figure: 'alerts', title: texts.trends.alerts },
  { figure: 'notificationsSent', title: texts.trends.notificationsSent },
  { figure: 'revenueCents', title: texts.trends.revenue, money: true },
];

/** The last 30 days at a glance: a column per day (none for a day of 0), the total beside. */
function Trends({ trends }: { trends: AdminTrendsResponse }) {
  return (
    <section className="section" aria-labelledby="admin-trends-title">
      <h3 id="admin-trends-title">{texts.trends.title(ADMIN_TRENDS_DAYS)}</h3>
      <div className="trends">
        {TRENDS.map(({ figure, title, money }) => {
          const total = trends.days.reduce((sum, day) => sum + day[figure], 0);
          return (
            <div className="card" key={figure}>
              <ColumnChart
                caption={title}
                summary={money ? euros(total) : String(total)}
                labelHeading={texts.trends.day}
                valueHeading={title}
                rows={trends.days.map((day) => ({
                  key: day.date,
                  label: formatDayShort(day.date),
                  value: day[figure],
                }))}
                {...(money
                  ? { formatValue: euros, formatTick: formatWholeEuros, minStep: 100 }
                  : {})}
              />
            </div>
          );
        })}
      </div>
    </section>
  );
}

/** Rows held per kind and rows the retention pruner deleted since it first ran. */
function Storage({ storage }: { storage: AdminStatsResponse['storage'] }) {
  const t = RETENTION_TEXTS.stats;
  return (
    <section className="section" aria-labelledby="admin-storage-title">
      <h3 id="admin-storage-title">{t.title}</h3>
      <p>{t.intro}</p>
      <DataTable caption={t.title} columns={[t.kind, t.held, t.pruned]}>
        {RETENTION_KINDS.map((kind) => (
          <tr key={kind}>
            <th scope="row" data-label={t.kind}>
              {t.kinds[kind]}
            </th>
            <td data-label={t.held}>{t.count(storage[kind].held)}</td>
            <td data-label={t.pruned}>{t.count(storage[kind].pruned)}</td>
          </tr>
        ))}
      </DataTable>
    </section>
  );
}

/** The ads the engine could not store or record: skipped, so the rest of their batch went on. */
function SetAsideListings({ setAside }: { setAside: AdminSetAsideListingsResponse }) {
  const t = texts.setAside;
  const columns = [t.when, t.platform, t.listing, t.stage, t.reason, t.snippet];
  return (
    <section className="section" aria-labelledby="admin-set-aside-title">
      <h3 id="admin-set-aside-title">{t.title}</h3>
      <p>{t.intro}</p>
      {setAside.listings.length === 0 ? (
        <p>{t.none}</p>
      ) : (
        <>
          <p>{t.count(setAside.listings.length, setAside.total)}</p>
          <DataTable caption={t.title} columns={columns}>
            {setAside.listings.map((row) => (
              <tr key={row.id}>
                <td data-label={t.when}>{formatDateTime(row.createdAt)}</td>
                <td data-label={t.platform}>{PLATFORMS[row.platform].name}</td>
                <td className="cell-wrap" data-label={t.listing}>
                  {row.listingId}
                </td>
                <td data-label={t.stage}>{t.stages[row.stage]}</td>
                <td className="cell-wrap" data-label={t.reason}>
                  {row.reason}
                </td>
                <td className="cell-wrap" data-label={t.snippet}>
                  <code>{row.snippet}</code>
                </td>
              </tr>
            ))}
          </DataTable>
        </>
      )}
    </section>
  );
}

export const StatsTab = observer(function StatsTab({ store }: { store: AdminStatsStore }) {
  if (store.status === 'loading') return <Loading />;
  if (store.status === 'error' && store.error)
    return <LoadError message={store.error} onRetry={() => void store.load()} />;
  const stats = store.stats;
  if (!stats) return null;
  return (
    <section aria-labelledby="admin-stats-title">
      <h2 id="admin-stats-title" className="visually-hidden">
        {texts.tabs.stats}
      </h2>
      <dl className="stats">
        {(
          [
            [texts.users, stats.users.total],
            [texts.alerts, stats.alerts.total],
            [texts.activeAlerts, stats.alerts.active],
            [texts.notifications, stats.notifications.total],
            [texts.notificationsLast24h, stats.notifications.last24h],
            [paymentTexts.activePro, stats.payments.activeProSubscriptions],
            [paymentTexts.revenueThisMonth, euros(stats.payments.revenueThisMonthCents)],
          ] as const
        ).map(([label, value]) => (
          <div className="stats__item" key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <div className="card section">
        <BarChart
          caption={texts.byPlan}
          labelHeading={texts.plan}
          valueHeading={texts.users}
          rows={PLANS.map((plan) => ({
            key: plan,
            label: PLAN_LABELS[plan],
            value: stats.users.byPlan[plan] ?? 0,
          }))}
        />
      </div>
      {store.trends && <Trends trends={store.trends} />}
      <Storage storage={stats.storage} />
      {store.setAside && <SetAsideListings setAside={store.setAside} />}
    </section>
  );
});
