import { observer } from 'mobx-react-lite';
import { Suspense, lazy, useEffect, useId, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import {
  EMPTY_STATE_TEXTS,
  NOTIFICATION_SORT_FIELDS,
  NOTIFICATION_STATS_DAYS,
  PLATFORMS,
  NOTIFICATION_KINDS,
  PLATFORM_OPTIONS,
  PRICE_DROP_TEXTS,
  RETENTION_TEXTS,
  SCREEN_TEXTS,
  SORT_ORDERS,
  API_CLIENT_TEXTS,
  WEB_TEXTS,
  deliveryLines,
  formatEuroCents,
  formatDayShort,
  formatDateTime,
  formatListingDistance,
  formatListingPrice,
  isWebUrl,
  listingImageUrl,
} from '@prijsalarm/core';
import type {
  NotificationKind,
  NotificationDto,
  NotificationSortField,
  PlatformId,
  SortOrder,
} from '@prijsalarm/core';
import { Page } from '../../components/content/Page';
import { Form } from '../../components/form/Form';
import { TextField } from '../../components/form/fields';
import { BarChart } from '../../components/ui/BarChart';
import { ColumnChart } from '../../components/ui/ColumnChart';
import { EmptyState } from '../../components/ui/EmptyState';
import { LoadError, Loading } from '../../components/ui/LoadError';
import { Pager } from '../../components/ui/Pager';
import { browserDownload } from '../../platform/download';
import { useStores } from '../../stores/context';
import '../../styles/screens.css';
import '../../components/price-drop/price-drop.css';
import { NotificationsStore } from './NotificationsStore';

/** The price history's drawing: its own small chunk, fetched when a history is first opened. */
const PriceHistoryChart = lazy(() => import('../../components/price-drop/PriceHistoryChart'));

const page = WEB_TEXTS.notifications;
const dropTexts = PRICE_DROP_TEXTS;
const texts = SCREEN_TEXTS.notifications;
const emptyTexts = EMPTY_STATE_TEXTS.notifications;
const common = SCREEN_TEXTS.common;

function Select<T extends string>({
  label,
  value,
  options,
  onChange,
  name,
}: {
  label: string;
  value: T;
  options: readonly { value: T; label: string }[];
  onChange(value: T): void;
  name: string;
}) {
  const id = useId();
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <select
        id={id}
        name={name}
        className="field__input field__select"
        value={value}
        onChange={(event) => onChange(event.target.value as T)}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

const Filters = observer(function Filters({ store }: { store: NotificationsStore }) {
  const form = store.filters;
  const values = form.values;
  const toggleAlert = (id: string, on: boolean) =>
    form.set(
      'alertIds',
      on ? [...values.alertIds, id] : values.alertIds.filter((known) => known !== id),
    );
  // Open on wide screens and whenever filters apply; on a phone the results come first.
  const detailsRef = useRef<HTMLDetailsElement>(null);
  const hasFilters = store.hasFilters;
  useEffect(() => {
    const details = detailsRef.current;
    if (details && (hasFilters || window.matchMedia?.('(min-width: 720px)').matches)) {
      details.open = true;
    }
  }, [hasFilters]);
  return (
    <details ref={detailsRef} className="filters">
      <summary className="filters__summary">
        <h2 className="filters__title">{texts.filters}</h2>
      </summary>
      <Form model={form} label={texts.filters} onSubmit={() => void store.applyFilters()}>
        <div className="filters__grid">
          <div className="filters__wide">
            <TextField
              label={texts.searchTerm}
              name="searchTerm"
              type="search"
              value={values.searchTerm}
              onValueChange={(value) => form.set('searchTerm', value)}
              error={form.error('searchTerm')}
            />
          </div>
          <Select
            label={texts.platform}
            name="platform"
            value={values.platform}
            options={[{ value: '' as const, label: common.allPlatforms }, ...PLATFORM_OPTIONS]}
            onChange={(value: '' | PlatformId) => form.set('platform', value)}
          />
          <Select
            label={dropTexts.kindFilter}
            name="kind"
            value={values.kind}
            options={[
              { value: '' as const, label: dropTexts.kindAll },
              ...NOTIFICATION_KINDS.map((kind) => ({ value: kind, label: dropTexts.kinds[kind] })),
            ]}
            onChange={(value: '' | NotificationKind) => form.set('kind', value)}
          />
          <TextField
            label={texts.minPrice}
            name="minPrice"
            inputMode="decimal"
            value={values.minPrice}
            onValueChange={(value) => form.set('minPrice', value)}
            error={form.error('minPrice')}
          />
          <TextField
            label={texts.maxPrice}
            name="maxPrice"
            inputMode="decimal"
            value={values.maxPrice}
            onValueChange={(value) => form.set('maxPrice', value)}
            error={form.error('maxPrice')}
          />
          <TextField
            label={texts.startDate}
            name="startDate"
            type="date"
            value={values.startDate}
            onValueChange={(value) => form.set('startDate', value)}
            error={form.error('startDate')}
          />
          <TextField
            label={texts.endDate}
            name="endDate"
            type="date"
            value={values.endDate}
            onValueChange={(value) => form.set('endDate', value)}
            error={form.error('endDate')}
          />
          {store.alertOptions.length > 0 && (
            <fieldset className="filters__wide fieldset">
              <legend className="field__label">{texts.alerts}</legend>
              {store.alertOptions.map((alert) => (
                <div className="checkbox" key={alert.id}>
                  <input
                    id={`alert-filter-${alert.id}`}
                    type="checkbox"
                    checked={values.alertIds.includes(alert.id)}
                    onChange={(event) => toggleAlert(alert.id, event.target.checked)}
                  />
                  <label htmlFor={`alert-filter-${alert.id}`}>{alert.label}</label>
                </div>
              ))}
            </fieldset>
          )}
        </div>
        <div className="actions">
          <button type="submit" className="button button--primary">
            {texts.apply}
          </button>
          {store.hasFilters && (
            <button type="button" className="button button--secondary" onClick={store.resetFilters}>
              {texts.reset}
            </button>
          )}
        </div>
      </Form>
    </details>
  );
});

const NotificationItem = observer(function NotificationItem({
  store,
  notification,
}: {
  store: NotificationsStore;
  notification: NotificationDto;
}) {
  const { listing } = notification;
  const titleId = `notification-${notification.id}`;
  const image = listingImageUrl(listing.imageUrls);
  const url = isWebUrl(listing.url) ? listing.url : null;
  const distance = formatListingDistance(listing.distanceMeters);
  const [imageFailed, setImageFailed] = useState(false);
  const open = () => void store.markViewed(notification);
  return (
    <li>
      <article
        className={notification.viewed ? 'notification' : 'notification is-new'}
        aria-labelledby={titleId}
      >
        {image && !imageFailed ? (
          <img
            className="notification__image"
            src={image}
            alt={listing.title}
            loading="lazy"
            decoding="async"
            referrerPolicy="no-referrer"
            width={120}
            height={120}
            onError={() => setImageFailed(true)}
          />
        ) : (
          <div className="notification__image" aria-hidden="true" />
        )}
        <div>
          <h3 id={titleId} className="notification__title">
            {url ? (
              <a
                href={url}
                target="_blank"
                rel="noopener noreferrer nofollow"
                onClick={open}
                onAuxClick={open}
              >
                {listing.title}
              </a>
            ) : (
              listing.title
            )}{' '}
            {!notification.viewed && <span className="badge badge--new">{texts.newBadge}</span>}{' '}
            {notification.kind === 'price_drop' && (
              <span className="badge badge--drop">{dropTexts.kinds.price_drop}</span>
            )}
          </h3>
          <p className="notification__price">
            {notification.kind === 'price_drop' && notification.previousPriceCents !== null && (
              <span className="notification__previous-price">
                <span className="visually-hidden">{dropTexts.previousPrice} </span>
                <s>{formatEuroCents(notification.previousPriceCents)}</s>
              </span>
            )}
            {formatListingPrice(listing.priceCents, listing.priceType)}
          </p>
          <ul className="notification__meta">
            {listing.location && <li>{listing.location}</li>}
            {distance && <li>{distance}</li>}
            <li>{PLATFORMS[notification.platform].name}</li>
            <li>{texts.alert(notification.alertSearchTerm)}</li>
            <li>
              <time dateTime={notification.createdAt}>
                {formatDateTime(notification.createdAt)}
              </time>
            </li>
          </ul>
          {notification.deliveries.length > 0 && (
            <ul className="notification__deliveries" aria-label={texts.deliveries}>
              {deliveryLines(notification.deliveries).map((line) => (
                <li key={line.channel}>
                  {line.channelLabel}:{' '}
                  <span className={`badge badge--${line.look}`}>{line.statusLabel}</span>
                  {line.reason && <span className="notification__reason">{line.reason}</span>}
                </li>
              ))}
            </ul>
          )}
          <PriceHistory store={store} notification={notification} />
          {!notification.viewed && (
            <button
              type="button"
              className="link-button"
              aria-label={`${texts.markViewed}: ${listing.title}`}
              onClick={open}
            >
              {texts.markViewed}
            </button>
          )}
        </div>
      </article>
    </li>
  );
});

/** The listing's price history behind a disclosure: loaded when opened; PRO. */
const PriceHistory = observer(function PriceHistory({
  store,
  notification,
}: {
  store: NotificationsStore;
  notification: NotificationDto;
}) {
  const lock = store.historyLock;
  const history = store.histories.get(notification.id);
  return (
    <details
      className="notification__history"
      onToggle={(event) => {
        if (lock === null && event.currentTarget.open) void store.loadHistory(notification.id);
      }}
    >
      <summary>
        {dropTexts.history.heading}
        <span className="visually-hidden">: {notification.listing.title}</span>
      </summary>
      {lock !== null ? (
        <p className="field__hint">{lock}</p>
      ) : history === undefined || history === 'loading' ? (
        <Loading />
      ) : history === 'failed' ? (
        <p role="alert">{API_CLIENT_TEXTS.unexpected}</p>
      ) : (
        <>
          <p className="field__hint">
            {RETENTION_TEXTS.screens.priceHistory(store.historyKeptDays)}
          </p>
          <Suspense fallback={<Loading />}>
            <PriceHistoryChart title={notification.listing.title} points={history} />
          </Suspense>
        </>
      )}
    </details>
  );
});

const Stats = observer(function Stats({ store }: { store: NotificationsStore }) {
  const stats = store.stats;
  if (!stats) return null;
  return (
    <aside className="card stats-panel" aria-labelledby="stats-title">
      <h2 id="stats-title">{texts.statsTitle}</h2>
      <dl className="stats">
        <div className="stats__item">
          <dt>{texts.total}</dt>
          <dd>{stats.total}</dd>
        </div>
        <div className="stats__item">
          <dt>{texts.unread}</dt>
          <dd>{stats.unread}</dd>
        </div>
      </dl>
      {stats.perAlert.length > 0 && (
        <BarChart
          caption={texts.perAlert}
          labelHeading={texts.alerts}
          valueHeading={texts.count}
          rows={stats.perAlert.map((row) => ({
            key: row.alertId,
            label: row.searchTerm,
            value: row.count,
          }))}
        />
      )}
      <BarChart
        caption={texts.perPlatform}
        labelHeading={texts.platform}
        valueHeading={texts.count}
        rows={stats.perPlatform.map((row) => ({
          key: row.platform,
          label: PLATFORMS[row.platform].name,
          value: row.count,
        }))}
      />
      <ColumnChart
        caption={texts.perDay(NOTIFICATION_STATS_DAYS)}
        labelHeading={texts.startDate}
        valueHeading={texts.count}
        rows={stats.perDay.map((row) => ({
          key: row.date,
          label: formatDayShort(row.date),
          value: row.count,
        }))}
      />
    </aside>
  );
});

/** /notifications (login required): the notification centre. */
const NotificationsScene = observer(function NotificationsScene() {
  const root = useStores();
  const location = useLocation();
  const [store] = useState(() => new NotificationsStore(root, browserDownload));
  const live = store.unread.live;

  useEffect(() => {
    void store.showSearch(location.search);
  }, [store, location.search]);

  useEffect(() => {
    void store.loadStats();
    return store.follow();
  }, [store]);

  const view = store.view;
  const sortOptions = NOTIFICATION_SORT_FIELDS.map((field) => ({
    value: field,
    label: texts.sortFields[field],
  }));
  const orderOptions = SORT_ORDERS.map((order) => ({
    value: order,
    label: texts.sortOrders[order],
  }));

  return (
    <Page title={page.title} intro={page.intro} width="wide">
      <p className="visually-hidden" aria-live="polite" aria-atomic="true">
        {store.announcement}
      </p>
      <div className="notifications-layout">
        <div>
          <Filters store={store} />
          <div className="toolbar">
            <div className="toolbar__group">
              <Select<NotificationSortField>
                label={texts.sortBy}
                name="sortBy"
                value={view.sortBy}
                options={sortOptions}
                onChange={(sortBy) => store.setSort(sortBy, view.sortOrder)}
              />
              <Select<SortOrder>
                label={texts.sortOrder}
                name="sortOrder"
                value={view.sortOrder}
                options={orderOptions}
                onChange={(sortOrder) => store.setSort(view.sortBy, sortOrder)}
              />
            </div>
            <div className="toolbar__group">
              <button
                type="button"
                className="button button--secondary"
                aria-disabled={store.markingAll}
                onClick={() => void store.markAllViewed()}
              >
                {store.markingAll ? WEB_TEXTS.form.busy : texts.markAllViewed}
              </button>
              <button
                type="button"
                className="button button--secondary"
                aria-disabled={store.exporting}
                onClick={() => void store.exportCsv()}
              >
                {store.exporting ? WEB_TEXTS.form.busy : texts.export}
              </button>
            </div>
          </div>
          <p className="field__hint">
            {RETENTION_TEXTS.screens.notifications(store.keptDays)}{' '}
            {RETENTION_TEXTS.screens.export(store.keptDays)}
          </p>

          {store.pendingLive > 0 && (
            <button
              type="button"
              className="live-banner"
              onClick={() => void store.showPendingLive()}
            >
              {texts.liveNew(store.pendingLive)}
            </button>
          )}
          {live.state === 'waiting' && live.attempts > 1 && (
            <p className="notice notice--info">{texts.liveOffline}</p>
          )}

          {store.status === 'loading' && <Loading />}
          {store.status === 'error' && store.error && (
            <LoadError message={store.error} onRetry={() => void store.load()} />
          )}
          {store.status === 'ready' && store.pagination && (
            <>
              <p role="status" className="loading">
                {texts.results(store.pagination.total)}
              </p>
              {store.notifications.length === 0 ? (
                <EmptyState
                  symbol={store.hasFilters ? 'search' : 'bell'}
                  titleAs="h2"
                  title={store.hasFilters ? emptyTexts.filteredTitle : emptyTexts.title}
                  action={
                    store.hasFilters
                      ? { label: emptyTexts.showAll, onClick: store.resetFilters }
                      : { label: emptyTexts.action, to: '/dashboard' }
                  }
                >
                  <p>{store.hasFilters ? texts.empty : texts.emptyNoFilters}</p>
                </EmptyState>
              ) : (
                <ul className="notification-list" aria-label={texts.listLabel}>
                  {store.notifications.map((notification) => (
                    <NotificationItem
                      key={notification.id}
                      store={store}
                      notification={notification}
                    />
                  ))}
                </ul>
              )}
              <Pager page={view.page} totalPages={store.totalPages} onPage={store.goToPage} />
            </>
          )}
        </div>
        <Stats store={store} />
      </div>
    </Page>
  );
});

export default NotificationsScene;
