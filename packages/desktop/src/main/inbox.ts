/**
 * Every notification reaches the notifier once: live from the socket or, after a drop, from
 * GET /notifications since the last one shown. The cursor (the newest shown notification) is
 * kept across restarts; ids already handed on are remembered, so a notification that comes both
 * live and in a catch-up is shown once.
 */
import { NOTIFICATION_PAGE_SIZE_MAX, type NotificationDto } from '@prijsalarm/core';
import type { Logger } from './logger';

export interface InboxCursor {
  userId: string;
  id: string;
  createdAt: string;
}

export interface InboxOptions {
  userId: string;
  /** One page of the user's notifications, newest first. */
  fetchPage(page: number, limit: number): Promise<NotificationDto[]>;
  loadCursor(): InboxCursor | null;
  saveCursor(cursor: InboxCursor): void;
  deliver(notification: NotificationDto, source: 'live' | 'catch-up'): void;
  logger: Logger;
  /** Pages a catch-up reads at most (100 each): beyond that the rest is in the web centre. */
  maxPages?: number;
}

const SEEN_LIMIT = 2000;

function isNewer(a: { createdAt: string; id: string }, b: { createdAt: string; id: string }) {
  return a.createdAt > b.createdAt || (a.createdAt === b.createdAt && a.id > b.id);
}

export class Inbox {
  private readonly seen = new Set<string>();
  private cursor: InboxCursor | null;
  private catchUpRunning: Promise<number> | null = null;
  private catchUpAgain = false;

  constructor(private readonly options: InboxOptions) {
    const saved = options.loadCursor();
    this.cursor = saved?.userId === options.userId ? saved : null;
  }

  receive(notification: NotificationDto, source: 'live' | 'catch-up' = 'live'): boolean {
    if (this.seen.has(notification.id)) return false;
    this.remember(notification.id);
    this.advance(notification);
    this.options.deliver(notification, source);
    return true;
  }

  /**
   * Hands on what was recorded after the cursor, oldest first; resolves with how many. Without a
   * cursor (first start for this user) it only sets one: old notifications are not news.
   */
  catchUp(): Promise<number> {
    if (this.catchUpRunning) {
      this.catchUpAgain = true;
      return this.catchUpRunning;
    }
    this.catchUpRunning = this.runCatchUp().finally(() => {
      this.catchUpRunning = null;
      if (this.catchUpAgain) {
        this.catchUpAgain = false;
        void this.catchUp();
      }
    });
    return this.catchUpRunning;
  }

  private async runCatchUp(): Promise<number> {
    const since = this.cursor;
    const maxPages = this.options.maxPages ?? 5;
    const limit = NOTIFICATION_PAGE_SIZE_MAX;
    const missed: NotificationDto[] = [];
    for (let page = 1; page <= maxPages; page += 1) {
      const items = await this.options.fetchPage(page, limit);
      let reachedCursor = false;
      for (const item of items) {
        if (!since) {
          // First start: the newest one becomes the cursor.
          this.remember(item.id);
          this.advance(item);
          reachedCursor = true;
          break;
        }
        if (item.id === since.id || !isNewer(item, since)) {
          reachedCursor = true;
          break;
        }
        missed.push(item);
      }
      if (reachedCursor || items.length < limit) break;
    }
    if (!since && !this.cursor) {
      // The user has no notifications yet: everything from now on is new.
      this.cursor = { userId: this.options.userId, id: '', createdAt: '' };
      this.options.saveCursor(this.cursor);
    }
    let delivered = 0;
    for (const item of missed.reverse()) if (this.receive(item, 'catch-up')) delivered += 1;
    if (delivered > 0) this.options.logger.info('caught up', { delivered });
    return delivered;
  }

  private remember(id: string): void {
    this.seen.add(id);
    if (this.seen.size > SEEN_LIMIT) {
      const oldest = this.seen.values().next().value;
      if (oldest !== undefined) this.seen.delete(oldest);
    }
  }

  private advance(notification: NotificationDto): void {
    if (this.cursor && !isNewer(notification, this.cursor)) return;
    this.cursor = {
      userId: this.options.userId,
      id: notification.id,
      createdAt: notification.createdAt,
    };
    this.options.saveCursor(this.cursor);
  }
}
