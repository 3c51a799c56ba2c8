import { makeAutoObservable, observableRef, reaction, runInAction } from 'mobx';
import {
  DEFAULT_NOTIFICATION_VIEW,
  PAGE_PATHS,
  SCREEN_TEXTS,
  featureLockedMessage,
  hasNotificationFilters,
  liveNotificationPlacement,
  notificationApiQuery,
  notificationExportQuery,
  notificationRetentionDays,
  notificationQuerySchema,
  notificationSearchFromView,
  notificationViewFromSearch,
  prependNotification,
  priceInputText,
} from '@prijsalarm/core';
import type {
  NotificationKind,
  NotificationDto,
  PricePoint,
  NotificationSortField,
  NotificationStatsOverview,
  NotificationView,
  Pagination,
  PlatformId,
  SortOrder,
} from '@prijsalarm/core';
import type { Downloader } from '../../platform/download';
import { FormModel } from '../../stores/FormModel';
import { errorText } from '../../stores/errors';
import { latestLoad, type LoadStatus } from '../../stores/latestLoad';
import type { RootStore } from '../../stores/RootStore';
import {
  unreadNotificationsOf,
  type UnreadNotificationsStore,
} from '../../stores/UnreadNotificationsStore';

const texts = SCREEN_TEXTS.notifications;
export const NOTIFICATIONS_PATH = PAGE_PATHS.notifications;

/** The filter form as typed: text for numbers and dates, '' for "any". */
export interface FilterValues {
  searchTerm: string;
  alertIds: string[];
  platform: '' | PlatformId;
  minPrice: string;
  maxPrice: string;
  startDate: string;
  endDate: string;
  /** 'new' / 'price_drop'; '' for both. */
  kind: '' | NotificationKind;
}

/** A listing's price history as the centre holds it: loading, loaded, or failed. */
export type HistoryState = 'loading' | 'failed' | PricePoint[];

function filterValues(view: NotificationView): FilterValues {
  return {
    searchTerm: view.searchTerm ?? '',
    alertIds: view.alertIds ?? [],
    platform: view.platform ?? '',
    minPrice: view.minPrice === undefined ? '' : priceInputText(view.minPrice),
    maxPrice: view.maxPrice === undefined ? '' : priceInputText(view.maxPrice),
    startDate: view.startDate ?? '',
    endDate: view.endDate ?? '',
    kind: view.kind ?? '',
  };
}

/**
 * The notification centre: the URL holds the view (filters, sort, page), the list and
 * the statistics come from the API, new notifications arrive live, and the CSV export downloads.
 */
export class NotificationsStore {
  view: NotificationView = { ...DEFAULT_NOTIFICATION_VIEW };
  notifications: NotificationDto[] = [];
  pagination: Pagination | null = null;
  status: LoadStatus = 'idle';
  error: string | null = null;
  stats: NotificationStatsOverview | null = null;
  /** Live notifications not shown (another page, sort or filter): "N nieuwe meldingen". */
  pendingLive = 0;
  /** For the aria-live region: the last live arrival. */
  announcement = '';
  exporting = false;
  markingAll = false;
  /** Price histories opened, by notification id (GET /notifications/{id}). */
  histories = new Map<string, HistoryState>();
  readonly filters = new FormModel<FilterValues>(filterValues(DEFAULT_NOTIFICATION_VIEW));

  /** The bell's count and the tab's live connection. */
  readonly unread: UnreadNotificationsStore;
  private readonly latest = latestLoad();
  /**
   * How often everything was marked read in this tab's view. A list or statistics answer to a
   * request sent before the latest marking may still count them unread, so it is shown read.
   */
  private allViewedMarks = 0;

  constructor(
    private readonly root: RootStore,
    private readonly download: Downloader,
  ) {
    this.unread = unreadNotificationsOf(root);
    makeAutoObservable<NotificationsStore, 'root' | 'download' | 'latest' | 'allViewedMarks'>(
      this,
      {
        root: false,
        download: false,
        latest: false,
        allViewedMarks: false,
        unread: false,
        stats: observableRef,
      },
      { autoBind: true },
    );
  }

  /**
   * Holds the live connection open while the page is shown: new notifications arrive, and when
   * another tab or app has read them all, this list shows them read. Returns the release.
   */
  follow(): () => void {
    const release = this.unread.retain();
    const unsubscribe = this.unread.live.subscribe(this.receiveLive);
    const stopWatching = reaction(
      () => this.unread.count,
      (count) => {
        if (count === 0) this.showAllViewed();
      },
    );
    return () => {
      stopWatching();
      unsubscribe();
      release();
    };
  }

  /** How far back the notifications (and so the export) reach, for the user's plan. */
  get keptDays(): number {
    const { retention } = this.root.settings.current;
    return notificationRetentionDays(retention, this.root.auth.user?.plan ?? null);
  }

  /** How far back a price history reaches. */
  get historyKeptDays(): number {
    return this.root.settings.current.retention.priceHistory;
  }

  /** Core's plan message while the plan lacks price history (a PRO feature); null with it. */
  get historyLock(): string | null {
    const caps = this.root.capabilities.current;
    if (caps.canUseFeature('priceHistory')) return null;
    return featureLockedMessage('priceHistory', caps.userPlan);
  }

  get hasFilters(): boolean {
    return hasNotificationFilters(this.view);
  }

  get totalPages(): number {
    return this.pagination?.totalPages ?? 0;
  }

  /** The alerts to filter on: every alert of the user, from the statistics. */
  get alertOptions(): { id: string; label: string }[] {
    return (this.stats?.perAlert ?? []).map((alert) => ({
      id: alert.alertId,
      label: alert.searchTerm,
    }));
  }

  /** The page's URL for a view (defaults left out). */
  pathFor(view: NotificationView): string {
    const search = new URLSearchParams(notificationSearchFromView(view)).toString();
    return search ? `${NOTIFICATIONS_PATH}?${search}` : NOTIFICATIONS_PATH;
  }

  /** The URL changed (or the page opened): read the view from it and load when it is another. */
  async showSearch(search: string): Promise<void> {
    const view = notificationViewFromSearch(new URLSearchParams(search).entries());
    const same = JSON.stringify(view) === JSON.stringify(this.view);
    if (same && this.status !== 'idle') return;
    this.view = view;
    this.filters.reset(filterValues(view));
    await this.load();
  }

  load(): Promise<void> {
    const marks = this.allViewedMarks;
    return this.latest(
      this,
      () => this.root.api.notifications.list(notificationApiQuery(this.view)),
      (answer) => {
        this.notifications = answer.notifications;
        this.pagination = answer.pagination;
        if (liveNotificationPlacement(this.view) === 'prepend') this.pendingLive = 0;
        if (marks !== this.allViewedMarks) this.showRead();
      },
    );
  }

  async loadStats(): Promise<void> {
    const marks = this.allViewedMarks;
    try {
      const stats = await this.root.api.notifications.stats();
      runInAction(() => {
        this.stats = stats;
        if (marks !== this.allViewedMarks) this.showRead();
      });
    } catch (error) {
      console.warn('Notification statistics not loaded', error);
    }
  }

  /** Checks the filter form with the server's schema; a valid one becomes the URL (page 1). */
  async applyFilters(): Promise<void> {
    const values = this.filters.values;
    await this.filters.submit(notificationQuerySchema, async (parsed) => {
      this.go({
        ...this.view,
        page: 1,
        searchTerm: parsed.searchTerm,
        alertIds: values.alertIds.length > 0 ? parsed.alertIds : undefined,
        platform: parsed.platform,
        minPrice: parsed.minPrice,
        maxPrice: parsed.maxPrice,
        startDate: parsed.startDate,
        endDate: parsed.endDate,
        kind: parsed.kind,
      });
    });
  }

  resetFilters(): void {
    this.go({
      ...DEFAULT_NOTIFICATION_VIEW,
      sortBy: this.view.sortBy,
      sortOrder: this.view.sortOrder,
    });
  }

  setSort(sortBy: NotificationSortField, sortOrder: SortOrder): void {
    this.go({ ...this.view, sortBy, sortOrder, page: 1 });
  }

  goToPage(page: number): void {
    this.go({ ...this.view, page });
  }

  /** "N nieuwe meldingen — vernieuwen": the first page of the same filters, read again. */
  async showPendingLive(): Promise<void> {
    this.pendingLive = 0;
    if (this.view.page !== 1) {
      this.go({ ...this.view, page: 1 });
      return;
    }
    await this.load();
  }

  /** A notification pushed over the live socket. */
  receiveLive(notification: NotificationDto): void {
    this.announcement = texts.liveArrived(notification.listing.title);
    if (this.stats) {
      this.stats = { ...this.stats, total: this.stats.total + 1, unread: this.stats.unread + 1 };
    }
    if (
      this.status === 'ready' &&
      this.pagination &&
      liveNotificationPlacement(this.view) === 'prepend'
    ) {
      const page = prependNotification(
        { notifications: this.notifications, pagination: this.pagination },
        notification,
      );
      this.notifications = page.notifications;
      this.pagination = page.pagination;
    } else {
      this.pendingLive += 1;
    }
  }

  /** PUT /notifications/:id/viewed when the user opens a new one; quietly, it is bookkeeping. */
  async markViewed(notification: NotificationDto): Promise<void> {
    if (notification.viewed) return;
    this.replace({
      ...notification,
      viewed: true,
      viewedAt: new Date(this.root.now()).toISOString(),
    });
    if (this.stats) this.stats = { ...this.stats, unread: Math.max(0, this.stats.unread - 1) };
    this.unread.viewedOne();
    try {
      const { notification: updated } = await this.root.api.notifications.markViewed(
        notification.id,
      );
      this.replace(updated);
    } catch (error) {
      console.warn('Could not mark the notification viewed', error);
    }
  }

  /** "Alles als gelezen markeren": every unread one of the user, on the server and here. */
  async markAllViewed(): Promise<void> {
    if (this.markingAll) return;
    this.markingAll = true;
    try {
      const { marked } = await this.root.api.notifications.markAllViewed();
      this.showAllViewed();
      this.unread.viewedAll();
      this.root.toasts.success(texts.markedAllViewed(marked));
    } catch (error) {
      this.root.toasts.error(errorText(error));
    } finally {
      runInAction(() => {
        this.markingAll = false;
      });
    }
  }

  /** Nothing is unread any more: the list and the statistics say so. */
  showAllViewed(): void {
    this.allViewedMarks += 1;
    this.showRead();
  }

  private showRead(): void {
    const at = new Date(this.root.now()).toISOString();
    if (this.notifications.some((notification) => !notification.viewed)) {
      this.notifications = this.notifications.map((notification) =>
        notification.viewed ? notification : { ...notification, viewed: true, viewedAt: at },
      );
    }
    if (this.stats && this.stats.unread !== 0) this.stats = { ...this.stats, unread: 0 };
  }

  /** The listing's price history, once per notification (the disclosure opened). */
  async loadHistory(id: string): Promise<void> {
    const known = this.histories.get(id);
    if (known !== undefined && known !== 'failed') return;
    this.histories.set(id, 'loading');
    try {
      const { notification } = await this.root.api.notifications.get(id);
      runInAction(() => this.histories.set(id, notification.priceHistory));
    } catch (error) {
      console.warn('Price history not loaded', error);
      runInAction(() => this.histories.set(id, 'failed'));
    }
  }

  /** GET /notifications/export with the view's filters and sort, saved under the server's name. */
  async exportCsv(): Promise<void> {
    if (this.exporting) return;
    this.exporting = true;
    try {
      const file = await this.root.api.notifications.export(notificationExportQuery(this.view));
      this.download({
        content: file.content,
        filename: file.filename ?? texts.exportFilename,
        contentType: file.contentType ?? 'text/csv;charset=utf-8',
      });
      this.root.toasts.success(texts.exported);
    } catch (error) {
      this.root.toasts.error(errorText(error));
    } finally {
      runInAction(() => {
        this.exporting = false;
      });
    }
  }

  private go(view: NotificationView): void {
    this.root.navigator.navigate(this.pathFor(view));
  }

  private replace(updated: NotificationDto): void {
    this.notifications = this.notifications.map((known) =>
      known.id === updated.id ? updated : known,
    );
  }
}
