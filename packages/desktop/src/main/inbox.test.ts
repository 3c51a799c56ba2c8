import type { NotificationDto } from '@prijsalarm/core';
import { describe, expect, it } from 'vitest';
import { silentLogger } from './logger';
import { Inbox, type InboxCursor } from './inbox';
import { notificationFixture } from '../../test/fixtures';

function setup(serverList: NotificationDto[], cursor: InboxCursor | null = null) {
  const delivered: Array<[string, string]> = [];
  let saved = cursor;
  const inbox = new Inbox({
    userId: 'u1',
    // Newest first, as GET /notifications sorts them.
    fetchPage: async (page, limit) =>
      [...serverList].reverse().slice((page - 1) * limit, page * limit),
    loadCursor: () => saved,
    saveCursor: (next) => (saved = next),
    deliver: (notification, source) => delivered.push([notification.id, source]),
    logger: silentLogger,
  });
  return { inbox, delivered, cursor: () => saved };
}

describe('catch-up and de-duplication', () => {
  it('the first start only sets the cursor: old notifications are not news', async () => {
    const old = [notificationFixture(), notificationFixture()];
    const { inbox, delivered, cursor } = setup(old);
    expect(await inbox.catchUp()).toBe(0);
    expect(delivered).toEqual([]);
    expect(cursor()?.id).toBe(old[1]!.id);
  });

  it('delivers what came after the cursor, oldest first, and each notification once', async () => {
    const list = [notificationFixture(), notificationFixture()];
    const { inbox, delivered } = setup(list);
    await inbox.catchUp();
    const live = notificationFixture();
    list.push(live);
    expect(inbox.receive(live, 'live')).toBe(true);
    const missed = [notificationFixture(), notificationFixture()];
    list.push(...missed);
    expect(await inbox.catchUp()).toBe(2);
    // The live one again (a late frame) and a second catch-up change nothing.
    expect(inbox.receive(live, 'live')).toBe(false);
    expect(await inbox.catchUp()).toBe(0);
    expect(delivered).toEqual([
      [live.id, 'live'],
      [missed[0]!.id, 'catch-up'],
      [missed[1]!.id, 'catch-up'],
    ]);
  });

  it('keeps the cursor across restarts, per user', async () => {
    const list = [notificationFixture()];
    const first = setup(list);
    await first.inbox.catchUp();
    const missed = notificationFixture();
    list.push(missed);
    const restarted = setup(list, first.cursor());
    expect(await restarted.inbox.catchUp()).toBe(1);
    expect(restarted.delivered).toEqual([[missed.id, 'catch-up']]);
    const otherUser = setup(list, { ...first.cursor()!, userId: 'u2' });
    expect(await otherUser.inbox.catchUp()).toBe(0);
  });

  it('a user without notifications gets everything recorded after the first start', async () => {
    const list: NotificationDto[] = [];
    const { inbox, delivered } = setup(list);
    await inbox.catchUp();
    const first = notificationFixture();
    list.push(first);
    expect(await inbox.catchUp()).toBe(1);
    expect(delivered).toEqual([[first.id, 'catch-up']]);
  });
});
