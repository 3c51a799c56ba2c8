import { makeAutoObservable } from 'mobx';
import { WEB_TEXTS, liveEventsUrl, unreadBadge } from '@prijsalarm/core';
import { LiveEventsStore } from './LiveEventsStore';
import type { RootStore } from './RootStore';

/**
 * The signed-in user's unread notifications as the navigation's bell shows them, and the tab's one
 * live connection (/ws/events) that keeps them current: the server sends the count as the socket
 * opens and after every read (in any tab or app); a new notification adds one. The connection is
 * held while something shows it (`retain`): the bell, the notification centre. Only those lazily
 * loaded parts import this, so a guest's page carries none of it.
 */
export class UnreadNotificationsStore {
  /** Null until the server has said. */
  count: number | null = null;
  readonly live: LiveEventsStore;
  private holders = 0;
  private unsubscribe: Array<() => void> = [];

  constructor(root: RootStore) {
    this.live = new LiveEventsStore(
      root,
      root.liveEventsOptions ?? {
        url: liveEventsUrl(window.location.protocol, window.location.host),
      },
    );
    makeAutoObservable<UnreadNotificationsStore, 'holders' | 'unsubscribe'>(
      this,
      { live: false, holders: false, unsubscribe: false },
      { autoBind: true },
    );
  }

  /** The badge: '' for none, capped like the chat's ('9+'). */
  get badge(): string {
    return unreadBadge(this.count ?? 0);
  }

  /** The accessible name of the bell and of the menu's entry. */
  get label(): string {
    return WEB_TEXTS.shell.notifications(this.count ?? 0);
  }

  /** Holds the live connection open until the returned release is called (by every holder). */
  retain(): () => void {
    this.holders += 1;
    if (this.holders === 1) this.start();
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.holders -= 1;
      if (this.holders === 0) this.stop();
    };
  }

  /** The server's count. */
  set(count: number): void {
    this.count = count;
  }

  /** This tab marked one read: shown at once, the server's count follows. */
  viewedOne(): void {
    if (this.count) this.count -= 1;
  }

  viewedAll(): void {
    this.count = 0;
  }

  private added(): void {
    if (this.count !== null) this.count += 1;
  }

  private start(): void {
    this.unsubscribe = [this.live.subscribe(this.added), this.live.subscribeUnread(this.set)];
    this.live.start();
  }

  private stop(): void {
    for (const unsubscribe of this.unsubscribe) unsubscribe();
    this.unsubscribe = [];
    this.live.stop();
    this.count = null;
  }
}

const stores = new WeakMap<RootStore, UnreadNotificationsStore>();

/** The one store (and live connection) of this tab's RootStore. */
export function unreadNotificationsOf(root: RootStore): UnreadNotificationsStore {
  let store = stores.get(root);
  if (!store) {
    store = new UnreadNotificationsStore(root);
    stores.set(root, store);
  }
  return store;
}
