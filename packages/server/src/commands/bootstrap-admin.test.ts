import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMigratedDatabase, testLogger } from '../../test/support';
import { initModels, type Models } from '../models';
import { hashPassword, verifyPassword } from '../security/passwords';
import { bootstrapAdmin } from './bootstrap-admin';

let models: Models;
let close: () => Promise<void>;
const logger = testLogger();

beforeAll(async () => {
  const db = await createMigratedDatabase();
  models = initModels(db.sequelize);
  close = db.close;
});
afterAll(() => close());

describe('bootstrapAdmin', () => {
  it('does nothing without ADMIN_EMAIL/ADMIN_PASSWORD', async () => {
    expect(await bootstrapAdmin(models, null, logger)).toBeNull();
    expect(await models.User.count()).toBe(0);
  });

  it('creates a verified ADMIN with an Argon2id hash of the password', async () => {
    await bootstrapAdmin(
      models,
      { email: 'root@example.nl', password: 'admin-password-1' },
      logger,
    );
    const admin = await models.User.findByEmail('root@example.nl');
    expect(admin?.role).toBe('ADMIN');
    expect(admin?.emailVerifiedAt).toBeInstanceOf(Date);
    expect(admin?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(admin?.passwordHash ?? '', 'admin-password-1')).toBe(true);
  });

  it('leaves an admin whose password still matches untouched', async () => {
    const before = await models.User.findByEmail('root@example.nl');
    await bootstrapAdmin(
      models,
      { email: 'ROOT@example.nl', password: 'admin-password-1' },
      logger,
    );
    const after = await models.User.findByEmail('root@example.nl');
    expect(after?.passwordHash).toBe(before?.passwordHash);
    expect(after?.updatedAt.getTime()).toBe(before?.updatedAt.getTime());
    expect(await models.User.count({ where: { email: 'root@example.nl' } })).toBe(1);
  });

  it('promotes an existing user, verifies them and sets the configured password', async () => {
    const user = await models.User.create({
      email: 'anna@example.nl',
      passwordHash: await hashPassword('her-own-password'),
      plan: 'PRO',
    });
    await bootstrapAdmin(
      models,
      { email: 'anna@example.nl', password: 'the-admin-password' },
      logger,
    );
    await user.reload();
    expect(user.role).toBe('ADMIN');
    expect(user.plan).toBe('PRO');
    expect(user.emailVerifiedAt).toBeInstanceOf(Date);
    expect(await verifyPassword(user.passwordHash ?? '', 'the-admin-password')).toBe(true);
  });
});
