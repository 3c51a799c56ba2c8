/**
 * Loaded on the first sign-in (RootStore, options.followAccount): holds the tab's one live
 * connection (unreadNotificationsOf) while signed in, and the server's word that the plan or the
 * alert limit changed makes the user and the capabilities be read again, so every screen follows.
 */
import type { RootStore } from './RootStore';
import { unreadNotificationsOf } from './UnreadNotificationsStore';

/** Holds the connection and follows account changes until the returned release is called. */
export function holdAccountEvents(root: RootStore): () => void {
  const unread = unreadNotificationsOf(root);
  const unsubscribe = unread.live.subscribeAccount(() => root.auth.followAccountChange());
  const release = unread.retain();
  return () => {
    unsubscribe();
    release();
  };
}
