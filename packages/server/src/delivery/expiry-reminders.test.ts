import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEngineKit, type EngineKit } from '../../test/engine-kit';
import { sendExpiryReminders } from './expiry-reminders';

const HOUR = 60 * 60_000;

let kit: EngineKit;
beforeAll(async () => {
  kit = await startEngineKit({ env: { ENGINE_FEED: 'off' } });
});
afterAll(() => kit.stop());

describe('expiry reminders', () => {
  it('reminds once, about a day before, with the refresh link', async () => {
    const email = `verloopt-${Date.now()}@example.nl`;
    const soon = await kit.alert({ email, expiresAt: new Date(Date.now() + 12 * HOUR) });
    await kit.alert({
      email: `later-${Date.now()}@example.nl`,
      expiresAt: new Date(Date.now() + 3 * 24 * HOUR),
    });

    expect(await sendExpiryReminders(kit.ctx, new Date())).toBe(1);
    expect(await sendExpiryReminders(kit.ctx, new Date())).toBe(0);

    const mail = await kit.server.mailbox.waitFor({ to: email, subject: /verloopt binnenkort/ });
    const publicUrl = kit.ctx.config.publicUrl;
    expect(mail.text).toMatch(new RegExp(`${publicUrl}/manage/[\\w-]+/refresh/[\\w-]+`));
    expect(kit.server.mailbox.messages.filter((m) => m.to.includes(email))).toHaveLength(1);
    expect((await soon.reload()).expiryReminderSentAt).toBeInstanceOf(Date);
  });

  it('a reminder that could not be sent is tried again', async () => {
    const email = `later-opnieuw-${Date.now()}@example.nl`;
    const alert = await kit.alert({ email, expiresAt: new Date(Date.now() + 6 * HOUR) });
    kit.server.mailbox.refuse({ kind: 'temporary', to: email });
    expect(await sendExpiryReminders(kit.ctx, new Date())).toBe(0);
    expect((await alert.reload()).expiryReminderSentAt).toBeNull();
    kit.server.mailbox.refuse(null);
    expect(await sendExpiryReminders(kit.ctx, new Date())).toBe(1);
  });
});
