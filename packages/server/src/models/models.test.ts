import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sequelize } from 'sequelize';
import { createMigratedDatabase } from '../../test/support';
import { createTokenService, hashToken, TOKEN_PURPOSES } from '../security/tokens';
import { initModels, type Alert, type Models } from '.';

let sequelize: Sequelize;
let models: Models;
let close: () => Promise<void>;
const tokens = createTokenService('a-test-secret-of-at-least-32-characters');

beforeAll(async () => {
  const db = await createMigratedDatabase();
  sequelize = db.sequelize;
  close = db.close;
  models = initModels(sequelize);
});
afterAll(() => close());

function newAlert(overrides: Partial<Parameters<Models['Alert']['create']>[0]> = {}) {
  const manage = tokens.issueToken(TOKEN_PURPOSES.alertManage);
  const refresh = tokens.issueToken(TOKEN_PURPOSES.alertRefresh);
  return models.Alert.create({
    searchTerm: 'fiets',
    platforms: ['marktplaats'],
    planAtCreation: 'REGISTERED',
    checkIntervalMinutes: 10,
    validityDays: 14,
    manageTokenNonce: manage.nonce,
    manageTokenHash: manage.hash,
    refreshTokenNonce: refresh.nonce,
    refreshTokenHash: refresh.hash,
    ...overrides,
  });
}

describe('User', () => {
  it('stores the e-mail trimmed and lowercased and finds it in any case', async () => {
    const user = await models.User.create({ email: '  Anna.de.Vries@Example.NL ' });
    expect(user.email).toBe('anna.de.vries@example.nl');
    expect((await models.User.findByEmail('ANNA.DE.VRIES@example.nl'))?.id).toBe(user.id);
  });

  it('has the documented defaults', async () => {
    const user = await models.User.create({ email: 'defaults@example.nl' });
    const reloaded = await models.User.findByPk(user.id, { rejectOnEmpty: true });
    expect(reloaded.get()).toMatchObject({
      plan: 'FREE',
      role: 'USER',
      passwordHash: null,
      emailVerifiedAt: null,
      newsletterOptIn: false,
      preferences: {},
      featureOverrides: null,
      platformAccess: null,
      telegramChatId: null,
    });
    expect(reloaded.isAdmin).toBe(false);
    expect(reloaded.emailVerified).toBe(false);
  });

  it.each([['GOLD'], ['free']])('refuses plan %s', async (plan) => {
    await expect(
      models.User.create({ email: `plan-${plan}@example.nl`, plan: plan as 'FREE' }),
    ).rejects.toThrow(/Validation/);
  });
});

describe('column types round-trip on this dialect', () => {
  it('JSON values keep their shape and type', async () => {
    const user = await models.User.create({
      email: 'json@example.nl',
      preferences: { theme: 'donker', nested: { list: [1, 'twee', null], on: true } },
      featureOverrides: { paidAdsFilter: true },
      platformAccess: { '2dehands': true },
    });
    const reloaded = await models.User.findByPk(user.id, { rejectOnEmpty: true });
    expect(reloaded.preferences).toEqual({
      theme: 'donker',
      nested: { list: [1, 'twee', null], on: true },
    });
    expect(reloaded.featureOverrides).toEqual({ paidAdsFilter: true });
    expect(reloaded.platformAccess).toEqual({ '2dehands': true });
  });

  it.each([
    ['a string', 'visible'],
    ['a number string', '42'],
    ['a number', 7.95],
    ['a boolean', false],
    ['null', null],
    ['an array', [1, 2, 3]],
  ])('a JSON setting holding %s', async (_case, value) => {
    const key = `test.${String(_case).replace(/\s/g, '_')}`;
    await models.Setting.create({ key, value });
    expect((await models.Setting.findByPk(key, { rejectOnEmpty: true })).value).toEqual(value);
  });

  it('dates keep milliseconds and booleans are booleans', async () => {
    const expiresAt = new Date('2026-03-04T05:06:07.891Z');
    const alert = await newAlert({ email: 'guest@example.nl', expiresAt, onlyWithImages: true });
    const reloaded = await models.Alert.findByPk(alert.id, { rejectOnEmpty: true });
    expect(reloaded.expiresAt?.toISOString()).toBe('2026-03-04T05:06:07.891Z');
    expect(reloaded.onlyWithImages).toBe(true);
    expect(reloaded.includePaidAds).toBe(false);
    expect(reloaded.platforms).toEqual(['marktplaats']);
    expect(reloaded.customFilters).toEqual({});
  });
});

describe('Alert', () => {
  const now = new Date('2026-06-01T12:00:00Z');
  const past = new Date('2026-05-31T12:00:00Z');
  const future = new Date('2026-06-02T12:00:00Z');

  it.each([
    [
      'waiting for confirmation',
      { confirmedAt: null, expiresAt: future, isActive: true },
      'pending_confirmation',
    ],
    ['confirmed and running', { confirmedAt: past, expiresAt: future, isActive: true }, 'active'],
    ['paused by its owner', { confirmedAt: past, expiresAt: future, isActive: false }, 'paused'],
    ['past its validity', { confirmedAt: past, expiresAt: past, isActive: true }, 'expired'],
    ['expiring this very moment', { confirmedAt: past, expiresAt: now, isActive: true }, 'expired'],
    ['paused and expired', { confirmedAt: past, expiresAt: past, isActive: false }, 'expired'],
    ['without an end date', { confirmedAt: past, expiresAt: null, isActive: true }, 'active'],
  ] as const)('status when %s', (_case, attributes, expected) => {
    const alert = models.Alert.build({ ...attributes } as unknown as Alert);
    expect(alert.statusAt(now)).toBe(expected);
  });

  it('is found by the hash of its manage token, and the token can be shown again', async () => {
    const alert = await newAlert({ email: 'Guest@Example.nl' });
    const token = tokens.tokenFor(TOKEN_PURPOSES.alertManage, alert.manageTokenNonce);
    const found = await models.Alert.findOne({ where: { manageTokenHash: hashToken(token) } });
    expect(found?.id).toBe(alert.id);
    expect(found?.email).toBe('guest@example.nl');
  });

  it('is not found by a token of another purpose', async () => {
    const alert = await newAlert({ email: 'other@example.nl' });
    const wrong = tokens.tokenFor(TOKEN_PURPOSES.alertRefresh, alert.manageTokenNonce);
    expect(await models.Alert.findOne({ where: { manageTokenHash: hashToken(wrong) } })).toBeNull();
  });
});

describe('transactions', () => {
  it('run one after another without losing an update', async () => {
    await models.Setting.create({ key: 'test.counter', value: 0 });
    await Promise.all(
      Array.from({ length: 8 }, () =>
        sequelize.transaction(async (transaction) => {
          const row = await models.Setting.findByPk('test.counter', {
            transaction,
            lock: transaction.LOCK.UPDATE,
            rejectOnEmpty: true,
          });
          await new Promise((resolve) => setTimeout(resolve, 5));
          await row.update({ value: (row.value as number) + 1 }, { transaction });
        }),
      ),
    );
    expect((await models.Setting.findByPk('test.counter'))?.value).toBe(8);
  });

  it('roll back as a whole', async () => {
    await expect(
      sequelize.transaction(async (transaction) => {
        await models.User.create({ email: 'rolled-back@example.nl' }, { transaction });
        throw new Error('stop');
      }),
    ).rejects.toThrow('stop');
    expect(await models.User.findByEmail('rolled-back@example.nl')).toBeNull();
  });
});
