import { observer } from 'mobx-react-lite';
import { useEffect, useId, useState } from 'react';
import type { FormEvent, ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import {
  ALERT_STATUSES,
  PAYMENT_STRINGS,
  PLANS,
  PLAN_LABELS,
  PLATFORMS,
  PLATFORM_IDS,
  SCREEN_TEXTS,
  STRINGS,
  alertStatusLabel,
  formatDate,
} from '@prijsalarm/core';
import type { AlertStatus, Plan, PlatformId } from '@prijsalarm/core';
import type { ListQuery, PagedList } from '../../stores/PagedList';
import { Page } from '../../components/content/Page';
import { FormAlert } from '../../components/form/fields';
import { dutchDate, euros } from '../../components/payments/format';
import { BarChart } from '../../components/ui/BarChart';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog';
import { LoadError, Loading } from '../../components/ui/LoadError';
import { Pager } from '../../components/ui/Pager';
import { Tabs, tabFromQuery } from '../../components/ui/Tabs';
import { useStores } from '../../stores/context';
import '../../styles/screens.css';
import type { AdminPaymentsStore } from './AdminPaymentsStore';
import { ADMIN_TAB_ITEMS, AdminStore } from './AdminStore';
import { SUPPORT_TAB, SUPPORT_TAB_ITEM } from './support/tab';
import { SupportTab } from './support/SupportTab';
import type {
  AdminAlertsStore,
  AdminStatsStore,
  AdminTab,
  AdminUsersStore,
  SettingForm,
} from './AdminStore';

const page = STRINGS.web.admin;
const texts = SCREEN_TEXTS.admin;
const common = SCREEN_TEXTS.common;
const paymentTexts = PAYMENT_STRINGS.admin;

function SelectField<T extends string>({
  label,
  value,
  options,
  onChange,
  hideLabel = false,
  error,
}: {
  label: string;
  value: T;
  options: readonly { value: T; label: string }[];
  onChange(value: T): void;
  hideLabel?: boolean;
  error?: string | undefined;
}) {
  const id = useId();
  return (
    <div className={error ? 'field has-error' : 'field'}>
      <label className={hideLabel ? 'visually-hidden' : 'field__label'} htmlFor={id}>
        {label}
      </label>
      <select
        id={id}
        className="field__input field__select"
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => onChange(event.target.value as T)}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {error && (
        <p className="field__error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}

function SearchBar({
  label,
  value,
  onChange,
  onSubmit,
  children,
}: {
  label: string;
  value: string;
  onChange(value: string): void;
  onSubmit(): void;
  children?: ReactNode;
}) {
  const id = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <form className="search-bar" role="search" aria-label={common.search} onSubmit={submit}>
      <div className="field search-bar__query">
        <label className="field__label" htmlFor={id}>
          {label}
        </label>
        <input
          id={id}
          type="search"
          className="field__input"
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      </div>
      {children}
      <button type="submit" className="button button--primary">
        {common.search}
      </button>
    </form>
  );
}

const StatsSection = observer(function StatsSection({ store }: { store: AdminStatsStore }) {
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
    </section>
  );
});

/** A paged admin list: loading, error and empty states, the table with its header, the pager. */
const PagedTable = observer(function PagedTable({
  list,
  rowCount,
  emptyText,
  caption,
  columns,
  children,
}: {
  list: Pick<PagedList<never, ListQuery>, 'status' | 'error' | 'pagination' | 'load' | 'goToPage'>;
  rowCount: number;
  emptyText: string;
  caption: string;
  columns: readonly string[];
  children: ReactNode;
}) {
  return (
    <>
      {list.status === 'loading' && <Loading />}
      {list.status === 'error' && list.error && (
        <LoadError message={list.error} onRetry={() => void list.load()} />
      )}
      {list.status === 'ready' && rowCount === 0 && <p>{emptyText}</p>}
      {rowCount > 0 && (
        <div className="table-wrap">
          <table className="data-table data-table--stack">
            <caption className="visually-hidden">{caption}</caption>
            <thead>
              <tr>
                {columns.map((column) => (
                  <th key={column} scope="col">
                    {column}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>{children}</tbody>
          </table>
        </div>
      )}
      {list.pagination && (
        <Pager
          page={list.pagination.page}
          totalPages={list.pagination.totalPages}
          onPage={(n) => void list.goToPage(n)}
        />
      )}
    </>
  );
});

const planOptions = PLANS.map((plan) => ({ value: plan, label: PLAN_LABELS[plan] }));

const UsersSection = observer(function UsersSection({ store }: { store: AdminUsersStore }) {
  const { list } = store;
  return (
    <section aria-labelledby="admin-users-title">
      <h2 id="admin-users-title" className="visually-hidden">
        {texts.tabs.users}
      </h2>
      <SearchBar
        label={texts.searchUsers}
        value={list.query.search}
        onChange={(search) => list.setQuery('search', search)}
        onSubmit={() => void list.apply()}
      >
        <SelectField<'' | Plan>
          label={texts.plan}
          value={list.query.plan}
          options={[{ value: '', label: texts.allPlans }, ...planOptions]}
          onChange={(plan) => void list.filter('plan', plan)}
        />
      </SearchBar>
      <PagedTable
        list={list}
        rowCount={store.users.length}
        emptyText={texts.noUsers}
        caption={texts.tabs.users}
        columns={[
          texts.email,
          texts.name,
          texts.plan,
          texts.alertCount,
          texts.notificationCount,
          texts.createdAt,
        ]}
      >
        {store.users.map((user) => {
          const name = [user.firstName, user.lastName].filter(Boolean).join(' ') || user.name;
          return (
            <tr key={user.id}>
              <th scope="row" className="cell-wrap" data-label={texts.email}>
                {user.email}
                {user.role === 'ADMIN' && <span className="badge"> ADMIN</span>}
              </th>
              <td className="cell-wrap" data-label={texts.name}>
                {name || '—'}
              </td>
              <td data-label={texts.plan}>
                <SelectField<Plan>
                  label={texts.planOf(user.email)}
                  hideLabel
                  value={user.plan}
                  options={planOptions}
                  onChange={(plan) => void store.changePlan(user, plan)}
                />
              </td>
              <td data-label={texts.alertCount}>{user._count.alerts}</td>
              <td data-label={texts.notificationCount}>{user._count.notifications}</td>
              <td data-label={texts.createdAt}>{formatDate(user.createdAt)}</td>
            </tr>
          );
        })}
      </PagedTable>
    </section>
  );
});

const AlertsSection = observer(function AlertsSection({ store }: { store: AdminAlertsStore }) {
  const { list, deleting } = store;
  return (
    <section aria-labelledby="admin-alerts-title">
      <h2 id="admin-alerts-title" className="visually-hidden">
        {texts.tabs.alerts}
      </h2>
      <SearchBar
        label={texts.searchAlerts}
        value={list.query.search}
        onChange={(search) => list.setQuery('search', search)}
        onSubmit={() => void list.apply()}
      >
        <SelectField<'' | AlertStatus>
          label={texts.status}
          value={list.query.status}
          options={[
            { value: '', label: texts.allStatuses },
            ...ALERT_STATUSES.map((status) => ({ value: status, label: alertStatusLabel(status) })),
          ]}
          onChange={(status) => void list.filter('status', status)}
        />
        <SelectField<'' | PlatformId>
          label={common.platform}
          value={list.query.platform}
          options={[
            { value: '', label: common.allPlatforms },
            ...PLATFORM_IDS.map((id) => ({ value: id, label: PLATFORMS[id].name })),
          ]}
          onChange={(platform) => void list.filter('platform', platform)}
        />
      </SearchBar>
      <PagedTable
        list={list}
        rowCount={list.items.length}
        emptyText={texts.noAlerts}
        caption={texts.tabs.alerts}
        columns={[
          texts.searchTermColumn,
          texts.owner,
          texts.status,
          common.platform,
          texts.notificationCount,
          texts.createdAt,
          texts.actions,
        ]}
      >
        {list.items.map((alert) => (
          <tr key={alert.id}>
            <th scope="row" className="cell-wrap" data-label={texts.searchTermColumn}>
              {alert.searchTerm}
            </th>
            <td className="cell-wrap" data-label={texts.owner}>
              {alert.userEmail ?? texts.guestOwner}
            </td>
            <td data-label={texts.status}>
              <span className={`badge badge--${alert.status}`}>
                {alertStatusLabel(alert.status)}
              </span>
            </td>
            <td data-label={common.platform}>
              {alert.platforms.map((id) => PLATFORMS[id].name).join(', ')}
            </td>
            <td data-label={texts.notificationCount}>{alert.notificationCount}</td>
            <td data-label={texts.createdAt}>{formatDate(alert.createdAt)}</td>
            <td data-label={texts.actions}>
              <button
                type="button"
                className="button button--danger-outline button--small"
                aria-label={texts.deleteAlertFor(alert.searchTerm)}
                onClick={() => store.requestDelete(alert)}
              >
                {texts.deleteAlert}
              </button>
            </td>
          </tr>
        ))}
      </PagedTable>
      <ConfirmDialog
        open={deleting !== null}
        title={texts.deleteAlertTitle}
        confirmLabel={texts.deleteAlert}
        busy={store.deleteBusy}
        onConfirm={() => void store.confirmDelete()}
        onCancel={store.cancelDelete}
      >
        <p>
          {deleting
            ? texts.deleteAlertText(deleting.searchTerm, deleting.userEmail ?? texts.guestOwner)
            : ''}
        </p>
      </ConfirmDialog>
    </section>
  );
});

/** The latest payments with their users and statuses (issue 10); the figures are in the stats. */
const PaymentsSection = observer(function PaymentsSection({
  store,
}: {
  store: AdminPaymentsStore;
}) {
  const payments = store.data?.payments;
  const columns = paymentTexts.columns;
  return (
    <section aria-labelledby="admin-payments-title">
      <h2 id="admin-payments-title" className="visually-hidden">
        {texts.tabs.payments}
      </h2>
      {store.status === 'loading' && !payments && <Loading />}
      {store.status === 'error' && store.error && (
        <LoadError message={store.error} onRetry={() => void store.load()} />
      )}
      {payments?.length === 0 && <p>{paymentTexts.empty}</p>}
      {payments && payments.length > 0 && (
        <div className="table-wrap">
          <table className="data-table data-table--stack">
            <caption className="visually-hidden">{texts.tabs.payments}</caption>
            <thead>
              <tr>
                {[columns.date, columns.user, columns.product, columns.amount, columns.status].map(
                  (column) => (
                    <th key={column} scope="col">
                      {column}
                    </th>
                  ),
                )}
              </tr>
            </thead>
            <tbody>
              {payments.map((payment) => (
                <tr key={payment.id}>
                  <td data-label={columns.date}>{dutchDate(payment.createdAt)}</td>
                  <td className="cell-wrap" data-label={columns.user}>
                    {payment.user?.email ?? '—'}
                  </td>
                  <td data-label={columns.product}>{payment.description}</td>
                  <td data-label={columns.amount}>
                    {euros(payment.amountCents, payment.currency)}
                  </td>
                  <td data-label={columns.status}>{PAYMENT_STRINGS.status[payment.status]}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
});

const SettingCard = observer(function SettingCard({ form }: { form: SettingForm }) {
  const baseId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void form.save();
  };
  return (
    <section className="card" aria-labelledby={`${baseId}-title`}>
      <h2 id={`${baseId}-title`}>{form.title}</h2>
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
          {form.saving ? STRINGS.web.form.busy : common.save}
        </button>
      </form>
    </section>
  );
});

const SettingsSection = observer(function SettingsSection({ store }: { store: AdminStore }) {
  if (store.settings.status !== 'ready') return <Loading />;
  return (
    <div className="settings-grid">
      {store.settings.forms.map((form) => (
        <SettingCard key={form.key} form={form} />
      ))}
    </div>
  );
});

const TAB_ITEMS = [...ADMIN_TAB_ITEMS, SUPPORT_TAB_ITEM];

/** /admin (login and role ADMIN required): statistics, users, alerts, payments, settings and the support inbox. */
const AdminScene = observer(function AdminScene() {
  const root = useStores();
  const [store] = useState(() => new AdminStore(root));
  const [params, setParams] = useSearchParams();
  const tab = tabFromQuery<AdminTab | typeof SUPPORT_TAB>(params.get('tab'), TAB_ITEMS, 'stats');
  useEffect(() => {
    if (tab !== SUPPORT_TAB) store.open(tab);
  }, [store, tab]);

  return (
    <Page title={page.title} intro={page.intro} width="wide">
      <Tabs
        label={texts.tabsLabel}
        tabs={TAB_ITEMS}
        selected={tab}
        idPrefix="admin"
        onSelect={(id) => setParams({ tab: id }, { replace: true })}
      >
        {tab === 'stats' && <StatsSection store={store.stats} />}
        {tab === 'users' && <UsersSection store={store.users} />}
        {tab === 'alerts' && <AlertsSection store={store.alerts} />}
        {tab === 'payments' && <PaymentsSection store={store.payments} />}
        {tab === 'settings' && <SettingsSection store={store} />}
        {tab === SUPPORT_TAB && <SupportTab />}
      </Tabs>
    </Page>
  );
});

export default AdminScene;
