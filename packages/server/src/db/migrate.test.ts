import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ForeignKeyConstraintError, UniqueConstraintError, type Sequelize } from 'sequelize';
import { DEFAULT_SETTINGS, SETTING_KEYS } from '@prijsalarm/core';
import { createMigratedDatabase } from '../../test/support';
import { initModels, type Models } from '../models';
import { createTokenService, TOKEN_PURPOSES } from '../security/tokens';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { createMigrator, createSeeder, DB_DIR, migrate, RENAMED_MIGRATIONS } from './migrate';

let sequelize: Sequelize;
let models: Models;
let close: () => Promise<void>;
const tokens = createTokenService('a-test-secret-of-at-least-32-characters');

beforeAll(async () => {
  const db = await createMigratedDatabase({ runMigrations: true });
  sequelize = db.sequelize;
  close = db.close;
  models = initModels(sequelize);
});
afterAll(() => close());

const TABLES = [
  'users',
  'sessions',
  'one_time_tokens',
  'categories',
  'alerts',
  'notifications',
  'listing_snapshots',
  'deliveries',
  'settings',
  'audit_events',
  'set_aside_listings',
];

function alertAttributes(overrides: Partial<Parameters<Models['Alert']['create']>[0]> = {}) {
  const manage = tokens.issueToken(TOKEN_PURPOSES.alertManage);
  const refresh = tokens.issueToken(TOKEN_PURPOSES.alertRefresh);
  return {
    searchTerm: 'fiets',
    platforms: ['marktplaats' as const],
    planAtCreation: 'FREE' as const,
    checkIntervalMinutes: 30,
    validityDays: 3,
    manageTokenNonce: manage.nonce,
    manageTokenHash: manage.hash,
    refreshTokenNonce: refresh.nonce,
    refreshTokenHash: refresh.hash,
    ...overrides,
  };
}

let counter = 0;
const unique = (prefix: string) => `${prefix}-${Date.now()}-${(counter += 1)}`;

function snapshotFixture() {
  return models.ListingSnapshot.create({
    platform: 'marktplaats',
    listingId: unique('m'),
    title: 'Gazelle damesfiets',
    url: 'https://www.marktplaats.nl/v/fietsen/m123',
  });
}

async function notificationFixture() {
  const user = await models.User.create({ email: `${unique('n')}@example.nl` });
  const alert = await models.Alert.create(
    alertAttributes({ userId: user.id, confirmedAt: new Date() }),
  );
  const snapshot = await snapshotFixture();
  const notification = await models.Notification.create({
    alertId: alert.id,
    userId: user.id,
    platform: 'marktplaats',
    listingId: snapshot.listingId,
    listingSnapshotId: snapshot.id,
    priceType: 'FIXED',
  });
  return { user, alert, notification, snapshot };
}

describe('migrations', () => {
  it('create every table', async () => {
    const tables = (await sequelize.getQueryInterface().showAllTables()).map((table) =>
      typeof table === 'string' ? table : (table as { tableName: string }).tableName,
    );
    expect(tables).toEqual(expect.arrayContaining([...TABLES, 'SequelizeMeta']));
  });

  it('are all recorded, and a second run has nothing to do', async () => {
    const migrator = createMigrator(sequelize);
    expect(await migrator.pending()).toEqual([]);
    const executed = (await migrator.executed()).map((m) => m.name);
    expect(executed[0]).toBe('0001-create-users');
    await migrate(sequelize);
    expect((await migrator.executed()).map((m) => m.name)).toEqual(executed);
  });

  it('each has its own number, so their order never depends on the rest of the name', () => {
    const numbers = readdirSync(path.join(DB_DIR, 'migrations')).map((file) => file.slice(0, 4));
    expect(new Set(numbers).size).toBe(numbers.length);
  });

  it('a database that ran a migration under its old name does not run it again', async () => {
    const [[oldName, newName]] = Object.entries(RENAMED_MIGRATIONS) as [[string, string]];
    const queryInterface = sequelize.getQueryInterface();
    await queryInterface.bulkUpdate('SequelizeMeta', { name: oldName }, { name: newName });
    await migrate(sequelize);
    const executed = (await createMigrator(sequelize).executed()).map((m) => m.name);
    expect(executed).toContain(newName);
    expect(executed).not.toContain(oldName);
    expect(await createMigrator(sequelize).pending()).toEqual([]);
  });

  it.each([
    [
      'users',
      ['users_email_unique', 'users_telegram_chat_id_unique', 'users_telegram_link_code_hash'],
    ],
    ['sessions', ['sessions_user_id', 'sessions_family_id', 'sessions_refresh_token_hash_unique']],
    [
      'one_time_tokens',
      ['one_time_tokens_token_hash_unique', 'one_time_tokens_user_id', 'one_time_tokens_alert_id'],
    ],
    ['categories', ['categories_type_marktplaats_id_unique', 'categories_parent_id']],
    [
      'alerts',
      [
        'alerts_user_id',
        'alerts_manage_token_hash_unique',
        'alerts_refresh_token_hash_unique',
        'alerts_search_key',
      ],
    ],
    [
      'notifications',
      [
        'notifications_alert_snapshot_dedupe_unique',
        'notifications_user_id_created_at',
        'notifications_listing_snapshot_id',
      ],
    ],
    ['listing_snapshots', ['listing_snapshots_platform_listing_unique']],
    [
      'deliveries',
      [
        'deliveries_notification_channel_unique',
        'deliveries_check_recipient_channel',
        'deliveries_message_key_unique',
        'deliveries_lead_id',
      ],
    ],
    ['audit_events', ['audit_events_actor_user_id', 'audit_events_target']],
  ])('index %s: %j', async (table, names) => {
    const indexes = (await sequelize.getQueryInterface().showIndex(table)) as Array<{
      name: string;
      unique: boolean;
    }>;
    const byName = new Map(indexes.map((index) => [index.name, index]));
    for (const name of names) {
      expect(byName.has(name), `${table}.${name}`).toBe(true);
      expect(Boolean(byName.get(name)?.unique)).toBe(name.endsWith('_unique'));
    }
  });

  it('notifications keep no (alertId, createdAt) index: the unique one and (userId, createdAt) serve', async () => {
    const indexes = (await sequelize.getQueryInterface().showIndex('notifications')) as Array<{
      name: string;
    }>;
    expect(indexes.map((index) => index.name)).not.toContain('notifications_alert_id_created_at');
  });
});

describe('unique constraints', () => {
  it.each<[string, () => Promise<unknown>]>([
    [
      'users.email (stored lowercased)',
      async () => {
        const email = `${unique('dup')}@example.nl`;
        await models.User.create({ email });
        await models.User.create({ email: email.toUpperCase() });
      },
    ],
    [
      'users.telegramChatId',
      async () => {
        const chatId = unique('chat');
        await models.User.create({ email: `${unique('t1')}@example.nl`, telegramChatId: chatId });
        await models.User.create({ email: `${unique('t2')}@example.nl`, telegramChatId: chatId });
      },
    ],
    [
      'sessions.refreshTokenHash',
      async () => {
        const user = await models.User.create({ email: `${unique('s')}@example.nl` });
        const session = {
          userId: user.id,
          familyId: crypto.randomUUID(),
          refreshTokenHash: unique('hash'),
          expiresAt: new Date(Date.now() + 60_000),
        };
        await models.Session.create(session);
        await models.Session.create({ ...session, familyId: crypto.randomUUID() });
      },
    ],
    [
      'one_time_tokens.tokenHash',
      async () => {
        const token = {
          email: 'x@example.nl',
          purpose: 'verify_email' as const,
          tokenHash: unique('ott'),
          expiresAt: new Date(Date.now() + 60_000),
        };
        await models.OneTimeToken.create(token);
        await models.OneTimeToken.create(token);
      },
    ],
    [
      'categories (type, marktplaatsId)',
      () => models.Category.create({ name: 'Nog eens Auto’s', marktplaatsId: 91, type: 'L1' }),
    ],
    [
      'alerts.manageTokenHash',
      async () => {
        const first = await models.Alert.create(alertAttributes({ email: 'g@example.nl' }));
        await models.Alert.create(alertAttributes({ manageTokenHash: first.manageTokenHash }));
      },
    ],
    [
      'alerts.refreshTokenHash',
      async () => {
        const first = await models.Alert.create(alertAttributes({ email: 'g@example.nl' }));
        await models.Alert.create(alertAttributes({ refreshTokenHash: first.refreshTokenHash }));
      },
    ],
    [
      'notifications (alertId, listing, dedupeKey)',
      async () => {
        const { notification } = await notificationFixture();
        const { id: _id, createdAt: _c, ...copy } = notification.get();
        await models.Notification.create(copy);
      },
    ],
    [
      'deliveries (notificationId, channel)',
      async () => {
        const { notification } = await notificationFixture();
        await models.Delivery.create({ notificationId: notification.id, channel: 'email' });
        await models.Delivery.create({ notificationId: notification.id, channel: 'email' });
      },
    ],
    [
      'deliveries.messageKey (one message per ad, recipient and channel)',
      async () => {
        const { notification } = await notificationFixture();
        const second = await notificationFixture();
        const messageKey = 'a'.repeat(64);
        await models.Delivery.create({
          notificationId: notification.id,
          channel: 'email',
          messageKey,
        });
        await models.Delivery.create({
          notificationId: second.notification.id,
          channel: 'email',
          messageKey,
        });
      },
    ],
    [
      'settings.key',
      () => models.Setting.create({ key: 'alertLimits', value: DEFAULT_SETTINGS.alertLimits }),
    ],
  ])('%s', async (_case, insertTwice) => {
    await expect(insertTwice()).rejects.toBeInstanceOf(UniqueConstraintError);
  });

  it('allow the same listing for another alert and on another platform', async () => {
    const { notification, user, snapshot } = await notificationFixture();
    const other = await models.Alert.create(alertAttributes({ userId: user.id }));
    const { id: _id, createdAt: _c, ...copy } = notification.get();
    await expect(models.Notification.create({ ...copy, alertId: other.id })).resolves.toBeTruthy();
    // The same listing id on the other site is another listing, with a snapshot of its own.
    const elsewhere = await models.ListingSnapshot.create({
      ...snapshot.get(),
      id: undefined,
      platform: '2dehands',
    });
    await expect(
      models.Notification.create({
        ...copy,
        platform: '2dehands',
        listingSnapshotId: elsewhere.id,
      }),
    ).resolves.toBeTruthy();
  });

  it('allow any number of deliveries without a message key (live, webhooks)', async () => {
    const { notification } = await notificationFixture();
    const second = await notificationFixture();
    await models.Delivery.create({ notificationId: notification.id, channel: 'live' });
    await expect(
      models.Delivery.create({ notificationId: second.notification.id, channel: 'live' }),
    ).resolves.toBeTruthy();
  });

  it('allow a delivery per channel', async () => {
    const { notification } = await notificationFixture();
    for (const channel of ['email', 'telegram', 'live'] as const) {
      await models.Delivery.create({ notificationId: notification.id, channel });
    }
    expect(await models.Delivery.count({ where: { notificationId: notification.id } })).toBe(3);
  });
});

describe('foreign keys', () => {
  it('deleting a user removes its sessions, alerts, notifications and deliveries', async () => {
    const { user, alert, notification } = await notificationFixture();
    await models.Session.create({
      userId: user.id,
      familyId: crypto.randomUUID(),
      refreshTokenHash: unique('h'),
      expiresAt: new Date(Date.now() + 60_000),
    });
    await models.Delivery.create({ notificationId: notification.id, channel: 'email' });
    await user.destroy();
    expect(await models.Session.count({ where: { userId: user.id } })).toBe(0);
    expect(await models.Alert.findByPk(alert.id)).toBeNull();
    expect(await models.Notification.findByPk(notification.id)).toBeNull();
    expect(await models.Delivery.count({ where: { notificationId: notification.id } })).toBe(0);
  });

  it('deleting an alert removes its one-time tokens', async () => {
    const alert = await models.Alert.create(alertAttributes({ email: 'guest@example.nl' }));
    await models.OneTimeToken.create({
      email: 'guest@example.nl',
      purpose: 'alert_confirm',
      tokenHash: unique('c'),
      expiresAt: new Date(Date.now() + 60_000),
      alertId: alert.id,
    });
    await alert.destroy();
    expect(await models.OneTimeToken.count({ where: { alertId: alert.id } })).toBe(0);
  });

  it('refuse a notification for an alert that does not exist', async () => {
    const snapshot = await snapshotFixture();
    await expect(
      models.Notification.create({
        alertId: crypto.randomUUID(),
        platform: 'marktplaats',
        listingId: snapshot.listingId,
        listingSnapshotId: snapshot.id,
        priceType: 'FIXED',
      }),
    ).rejects.toThrow();
  });

  it('refuse a notification of a listing snapshot that does not exist', async () => {
    const { notification } = await notificationFixture();
    const { id: _id, createdAt: _c, ...copy } = notification.get();
    await expect(
      models.Notification.create({ ...copy, dedupeKey: 'drop:1', listingSnapshotId: 999_999_999 }),
    ).rejects.toBeInstanceOf(ForeignKeyConstraintError);
  });

  it('keep a listing snapshot while a notification refers to it', async () => {
    const { snapshot } = await notificationFixture();
    await expect(snapshot.destroy()).rejects.toBeInstanceOf(ForeignKeyConstraintError);
  });
});

describe('seeds', () => {
  it('store the 36 L1 categories and the car brands under Auto’s', async () => {
    const l1 = await models.Category.findAll({ where: { type: 'L1' } });
    expect(l1).toHaveLength(36);
    const cars = l1.find((category) => category.marktplaatsId === 91);
    expect(cars?.name).toBe("Auto's");
    const brands = await models.Category.findAll({ where: { type: 'L2' } });
    expect(brands).toHaveLength(94);
    expect(brands.every((brand) => brand.parentId === cars?.id)).toBe(true);
  });

  it.each([
    ['L1', 1, 'Antiek en Kunst'],
    ['L1', 621, 'Kleding | Dames'],
    ['L1', 2600, 'Auto-onderdelen'],
    ['L2', 92, 'Alfa Romeo'],
    ['L2', 101, 'Citroën'],
    ['L2', 3211, 'Lynk & Co'],
    ['L2', 139, "Overige Auto's"],
  ] as const)('%s %i is %s', async (type, marktplaatsId, name) => {
    const category = await models.Category.findOne({ where: { type, marktplaatsId } });
    expect(category?.name).toBe(name);
    expect(category?.isActive).toBe(true);
  });

  it('store one settings row per key with core’s defaults', async () => {
    const rows = await models.Setting.findAll();
    expect(rows.map((row) => row.key).sort()).toEqual([...SETTING_KEYS].sort());
    expect(rows.find((row) => row.key === 'alertLimits')?.value).toEqual(
      DEFAULT_SETTINGS.alertLimits,
    );
    expect(rows.find((row) => row.key === 'seo.maxFaqItems')?.value).toBe(
      DEFAULT_SETTINGS.seo.maxFaqItems,
    );
    expect(rows.find((row) => row.key === 'features.pricingTool')?.value).toEqual(
      DEFAULT_SETTINGS.features.pricingTool,
    );
  });

  it('run again without duplicates, keep what an admin changed, and restore names', async () => {
    await models.Setting.update(
      { value: { FREE: 2, REGISTERED: 6, PRO: null } },
      { where: { key: 'alertLimits' } },
    );
    await models.Category.update(
      { isActive: false },
      { where: { type: 'L1', marktplaatsId: 167 } },
    );
    await models.Category.update(
      { name: 'Oude naam' },
      { where: { type: 'L2', marktplaatsId: 93 } },
    );

    await createSeeder(sequelize).up();
    await createSeeder(sequelize).up();

    expect(await models.Category.count()).toBe(36 + 94);
    expect(await models.Setting.count()).toBe(SETTING_KEYS.length);
    expect((await models.Setting.findByPk('alertLimits'))?.value).toEqual({
      FREE: 2,
      REGISTERED: 6,
      PRO: null,
    });
    const jobs = await models.Category.findOne({ where: { type: 'L1', marktplaatsId: 167 } });
    expect(jobs?.isActive).toBe(false);
    const audi = await models.Category.findOne({ where: { type: 'L2', marktplaatsId: 93 } });
    expect(audi?.name).toBe('Audi');
  });
});

describe('set-aside listings', () => {
  it('keep the reason whole and a snippet of 500 characters of any script', async () => {
    const snippet = `{"title":"Bakfiets \\u0000 دراجة 🚲 ${'x'.repeat(460)}`.slice(0, 500);
    const reason = `SQLITE_ERROR: unrecognized token ${'y'.repeat(2000)}`;
    const row = await models.SetAsideListing.create({
      platform: 'marktplaats',
      listingId: `m${'9'.repeat(63)}`,
      stage: 'feed-store',
      reason,
      snippet,
    });
    const read = await models.SetAsideListing.findByPk(row.id);
    expect(read).toMatchObject({ listingId: `m${'9'.repeat(63)}`, stage: 'feed-store', reason });
    expect(read!.snippet).toBe(snippet);
    expect(read!.createdAt.getTime()).toBe(row.createdAt.getTime());
    const indexes = (await sequelize.getQueryInterface().showIndex('set_aside_listings')) as Array<{
      name: string;
    }>;
    expect(indexes.map((index) => index.name)).toContain('set_aside_listings_created');
  });
});

describe('down migrations', () => {
  it('revert everything, and up runs cleanly again', async () => {
    const migrator = createMigrator(sequelize);
    await migrator.down({ to: 0 });
    const tables = (await sequelize.getQueryInterface().showAllTables()).map((table) =>
      typeof table === 'string' ? table : (table as { tableName: string }).tableName,
    );
    expect(tables.filter((table) => TABLES.includes(table))).toEqual([]);
    await migrate(sequelize);
    expect(await models.Category.count()).toBe(36 + 94);
  });
});
