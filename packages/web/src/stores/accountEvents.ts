/**
 * The app's own live socket while signed in (RootStore.accountEvents), loaded on the first
 * sign-in: the server's word that the plan or the alert limit changed makes the user and the
 * capabilities be read again, and every screen follows.
 */
import { liveEventsUrl } from '@prijsalarm/core';
import { LiveEventsStore } from './LiveEventsStore';
import type { AccountEventsOption, RootStore } from './RootStore';

export function openAccountEvents(root: RootStore, option: AccountEventsOption): LiveEventsStore {
  const live = new LiveEventsStore(
    root,
    option === 'browser'
      ? { url: liveEventsUrl(window.location.protocol, window.location.host) }
      : option,
  );
  live.subscribeAccount(() => root.auth.followAccountChange());
  return live;
}
