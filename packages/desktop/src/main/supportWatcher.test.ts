import { describe, expect, it } from 'vitest';
import { silentLogger } from './logger';
import type { NativeNotification } from './notifier';
import { SupportWatcher } from './supportWatcher';

function setup() {
  const counts: Array<number | Error> = [];
  const shown: NativeNotification[] = [];
  let chatOpen = false;
  const watcher = new SupportWatcher({
    unreadCount: async () => {
      const next = counts.shift() ?? 0;
      if (next instanceof Error) throw next;
      return next;
    },
    isChatOpen: () => chatOpen,
    isSilenced: () => false,
    sound: () => true,
    show: (notification) => shown.push(notification),
    logger: silentLogger,
  });
  return { watcher, counts, shown, openChat: (open: boolean) => (chatOpen = open) };
}

describe('support answers while the chat window is closed', () => {
  it('a rise of the unread count is one native notification; none while the chat is open', async () => {
    const { watcher, counts, shown, openChat } = setup();
    counts.push(1, 1, 2, new Error('offline'), 3, 4);
    await watcher.check(); // the baseline: an old unread answer is not news
    await watcher.check();
    expect(shown).toEqual([]);
    await watcher.check();
    expect(shown).toEqual([
      expect.objectContaining({ kind: 'support', title: 'Nieuw antwoord van support' }),
    ]);
    await watcher.check(); // a failed poll changes nothing
    openChat(true);
    await watcher.check();
    expect(shown).toHaveLength(1);
    openChat(false);
    await watcher.check();
    expect(shown).toHaveLength(2);
  });
});
