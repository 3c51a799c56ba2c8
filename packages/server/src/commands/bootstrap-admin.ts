/**
 * ADMIN_EMAIL + ADMIN_PASSWORD at start: create that user, or promote the existing one, as a
 * verified ADMIN whose password is ADMIN_PASSWORD (re-hashed only when it no longer matches).
 */
import { UniqueConstraintError } from 'sequelize';
import type { Config } from '../config/env';
import type { Logger } from '../logger';
import type { Models, User } from '../models';
import { hashPassword, verifyPassword } from '../security/passwords';

export async function bootstrapAdmin(
  { User }: Pick<Models, 'User'>,
  admin: Config['admin'],
  logger: Logger,
): Promise<User | null> {
  if (!admin) return null;
  const now = new Date();
  const existing = await User.findByEmail(admin.email);

  if (!existing) {
    try {
      const user = await User.create({
        email: admin.email,
        passwordHash: await hashPassword(admin.password),
        role: 'ADMIN',
        emailVerifiedAt: now,
      });
      logger.info({ userId: user.id, email: user.email }, 'admin account created');
      return user;
    } catch (error) {
      // Another process created it at the same moment: promote that one instead.
      if (!(error instanceof UniqueConstraintError)) throw error;
      return bootstrapAdmin({ User }, admin, logger);
    }
  }

  const passwordMatches =
    existing.passwordHash !== null && (await verifyPassword(existing.passwordHash, admin.password));
  const changes: Partial<Pick<User, 'role' | 'emailVerifiedAt' | 'passwordHash'>> = {};
  if (existing.role !== 'ADMIN') changes.role = 'ADMIN';
  if (!existing.emailVerifiedAt) changes.emailVerifiedAt = now;
  if (!passwordMatches) changes.passwordHash = await hashPassword(admin.password);
  if (Object.keys(changes).length > 0) {
    await existing.update(changes);
    logger.info(
      { userId: existing.id, email: existing.email, changed: Object.keys(changes) },
      'admin account updated',
    );
  }
  return existing;
}
