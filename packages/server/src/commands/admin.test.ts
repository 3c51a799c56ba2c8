/**
 * The admin commands ask the admin policy themselves, so no caller can skip it, and every change
 * they make is recorded with the admin who made it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TEXTS, API_TEXTS, DEFAULT_SETTINGS } from '@prijsalarm/core';
import { createUser } from '../../test/auth-helpers';
import { createAlert } from '../../test/factories';
import { startTestServer, type TestServer } from '../../test/support';
import type { User } from '../models';
import {
  adminStats,
  adminTrends,
  changeUserPlan,
  deleteAnyAlert,
  listAlerts,
  listUsers,
} from './admin';
import { loadSettings } from '../models/current-settings';
import { changeSetting } from './settings';

let server: TestServer;
let admin: User;
let user: User;
beforeAll(async () => {
  server = await startTestServer({ mailbox: false });
  admin = await createUser(server, { role: 'ADMIN' });
  user = await createUser(server, { plan: 'FREE' });
});
afterAll(() => server.stop());

const adminOnly = expect.objectContaining({ status: 403, message: API_TEXTS.adminOnly });
const page = { page: 1, limit: 20 };

describe('refused to a non-admin', () => {
  it.each([
    ['stats', () => adminStats(server.ctx, user)],
    ['the trends', () => adminTrends(server.ctx, user)],
    ['the users list', () => listUsers(server.ctx, user, page)],
    ['the alerts list', () => listAlerts(server.ctx, user, page)],
  ])('%s', async (_name, call) => {
    await expect(call()).rejects.toEqual(adminOnly);
  });

  it('a plan change, which leaves the plan as it was', async () => {
    await expect(changeUserPlan(server.ctx, user, user.id, 'PRO')).rejects.toEqual(adminOnly);
    expect((await user.reload()).plan).toBe('FREE');
  });

  it('deleting an alert, which stays', async () => {
    const alert = await createAlert(server.models, { userId: user.id });
    await expect(deleteAnyAlert(server.ctx, user, alert.id)).rejects.toEqual(adminOnly);
    expect(await server.models.Alert.findByPk(alert.id)).not.toBeNull();
  });

  it('changing a setting, which keeps its value', async () => {
    const update = { key: 'seo.maxFaqItems', value: 2 } as const;
    await expect(changeSetting(server.ctx, user, update)).rejects.toEqual(adminOnly);
    expect((await loadSettings(server.ctx)).seo.maxFaqItems).toBe(DEFAULT_SETTINGS.seo.maxFaqItems);
  });
});

describe('done by an admin', () => {
  it('changes a plan and records who did it', async () => {
    const target = await createUser(server, { plan: 'FREE' });
    const { user: changed } = await changeUserPlan(server.ctx, admin, target.id, 'PRO');
    expect(changed.plan).toBe('PRO');
    const event = await server.models.AuditEvent.findOne({
      where: { action: 'user.plan_changed', targetId: target.id },
    });
    expect(event).toMatchObject({ actorUserId: admin.id, data: { from: 'FREE', to: 'PRO' } });
  });

  it('deletes an alert and records it', async () => {
    const alert = await createAlert(server.models, { userId: user.id });
    await deleteAnyAlert(server.ctx, admin, alert.id);
    expect(await server.models.Alert.findByPk(alert.id)).toBeNull();
    const event = await server.models.AuditEvent.findOne({
      where: { action: 'alert.deleted', targetId: alert.id },
    });
    expect(event?.actorUserId).toBe(admin.id);
  });

  it.each(['not-an-id', '00000000-0000-4000-8000-000000000000'])(
    'answers "not found" for the user %s',
    async (id) => {
      await expect(changeUserPlan(server.ctx, admin, id, 'PRO')).rejects.toEqual(
        expect.objectContaining({ status: 404, message: ADMIN_TEXTS.userNotFound }),
      );
    },
  );
});

describe('the trends', () => {
  it('count on Amsterdam days across the change to summer time', async () => {
    // Summer time began on Sunday 29 March 2026 at 02:00 (01:00 UTC): that day has 23 hours.
    const at = (iso: string) => createAlert(server.models, { createdAt: new Date(iso) });
    await at('2026-03-28T22:59:59Z'); // Saturday 28, 23:59:59 winter time
    await at('2026-03-28T23:00:00Z'); // Sunday 29, 00:00 winter time
    await at('2026-03-29T21:59:59Z'); // Sunday 29, 23:59:59 summer time
    await at('2026-03-29T22:00:00Z'); // Monday 30, 00:00 summer time
    const { days } = await adminTrends(server.ctx, admin, new Date('2026-03-30T10:00:00Z'));
    expect(days.at(-1)?.date).toBe('2026-03-30');
    const alerts = Object.fromEntries(days.slice(-3).map((day) => [day.date, day.alerts]));
    expect(alerts).toEqual({ '2026-03-28': 1, '2026-03-29': 2, '2026-03-30': 1 });
  });
});
