/**
 * The notification centre of a user with several alerts, on SQLite (which plans without
 * statistics): a page reads the user's notifications from the (userId, createdAt) index, newest
 * first, and stops at the page's end — it never sorts every notification of every alert.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationQuerySchema } from '@prijsalarm/core';
import { createUser } from '../../test/auth-helpers';
import { createAlert, createNotification } from '../../test/factories';
import { queryPlanOf, statementsOf } from '../../test/query-plan';
import { startTestServer, testDatabaseKind, type TestServer } from '../../test/support';
import type { Notification, User } from '../models';
import { exportNotifications, listNotifications } from './notifications';

const at = (minute: number) => new Date(Date.UTC(2026, 2, 2, 9, minute));

describe.runIf(testDatabaseKind() === 'sqlite')('a page of the notification centre', () => {
  let server: TestServer;
  let user: User;
  /** The user's notifications, newest first. */
  const own: Notification[] = [];

  beforeAll(async () => {
    server = await startTestServer({ mailbox: false });
    user = await createUser(server);
    const alerts = await Promise.all(
      ['fiets', 'bank', 'lamp'].map((searchTerm) =>
        createAlert(server.models, { userId: user.id, searchTerm }),
      ),
    );
    // The alerts' notifications interleave in time, as they do when each keeps finding ads.
    for (let minute = 0; minute < 15; minute += 1) {
      own.unshift(
        await createNotification(server.models, alerts[minute % 3]!, { createdAt: at(minute) }),
      );
    }
    // Another user's and a guest's, at the same moments.
    const other = await createUser(server);
    for (const alert of [
      await createAlert(server.models, { userId: other.id }),
      await createAlert(server.models),
    ]) {
      for (let minute = 0; minute < 15; minute += 1) {
        await createNotification(server.models, alert, { createdAt: at(minute) });
      }
    }
  });
  afterAll(() => server.stop());

  const query = notificationQuerySchema.parse({});

  it('answers the user’s newest notifications', async () => {
    const page = await listNotifications(server.ctx, user, query);
    expect(page.rows.map((row) => row.id)).toEqual(own.slice(0, query.limit).map((row) => row.id));
    expect(page.pagination.total).toBe(own.length);
  });

  it.each([
    ['the first page', () => listNotifications(server.ctx, user, query)],
    [
      'the export’s first batch',
      async () => {
        for await (const row of await exportNotifications(server.ctx, user, query, at(60))) {
          void row;
        }
      },
    ],
  ])('%s reads (userId, createdAt) newest first, with no sort of every row', async (_, read) => {
    const [page] = await statementsOf(
      server.sequelize,
      read,
      /FROM `notifications` .* ORDER BY .* LIMIT/s,
    );
    expect(page).toBeDefined();
    const steps = await queryPlanOf(server.sequelize, page!);
    expect(steps.join('\n')).toMatch(
      /SEARCH Notification USING INDEX notifications_user_id_created_at \(userId=\?/,
    );
    // Rows of one moment are ordered by id among themselves ("… FOR LAST TERM OF ORDER BY").
    expect(steps).not.toContain('USE TEMP B-TREE FOR ORDER BY');
  });
});
