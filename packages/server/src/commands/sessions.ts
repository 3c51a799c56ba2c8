/**
 * Login sessions. One row of `sessions` is one refresh token; rotating it marks the row rotated and
 * adds a successor with the same familyId. Presenting a rotated token again (after a short grace
 * for tabs that refresh at the same moment) is reuse: the whole family is revoked. Only sha256 of a
 * refresh token is stored.
 */
import { Op } from 'sequelize';
import { randomUUID } from 'node:crypto';
import {
  DEFAULT_TOKEN_LIFETIME_HOURS,
  REMEMBER_ME_TOKEN_LIFETIME_HOURS,
  STRINGS,
} from '@prijsalarm/core';
import type { AppContext } from '../context';
import { HttpError } from '../http/errors';
import type { Session, User } from '../models';
import { sessionPolicy } from '../policies/session';
import type { SessionFamily } from '../presenters/session';
import { hashToken, randomToken } from '../security/tokens';

/** Two tabs refreshing with the same cookie at once both succeed; later reuse revokes the family. */
export const REFRESH_REUSE_GRACE_MS = 10_000;

const HOUR_MS = 3_600_000;

export function refreshLifetimeMs(rememberMe: boolean): number {
  return (rememberMe ? REMEMBER_ME_TOKEN_LIFETIME_HOURS : DEFAULT_TOKEN_LIFETIME_HOURS) * HOUR_MS;
}

export interface ClientInfo {
  userAgent?: string | null;
  ip?: string | null;
}

export interface IssuedSession {
  session: Session;
  /** Goes into the pa_refresh cookie only. */
  refreshToken: string;
}

async function createSessionRow(
  ctx: AppContext,
  values: { userId: string; familyId: string; rememberMe: boolean },
  client: ClientInfo,
  now: Date,
): Promise<IssuedSession> {
  const refreshToken = randomToken();
  const session = await ctx.models.Session.create({
    ...values,
    refreshTokenHash: hashToken(refreshToken),
    expiresAt: new Date(now.getTime() + refreshLifetimeMs(values.rememberMe)),
    userAgent: client.userAgent?.slice(0, 512) ?? null,
    ip: client.ip?.slice(0, 64) ?? null,
    lastUsedAt: now,
  });
  return { session, refreshToken };
}

/** A new session family for a user who just proved who they are. */
export async function startSession(
  ctx: AppContext,
  user: User,
  options: { rememberMe: boolean } & ClientInfo,
): Promise<IssuedSession> {
  const now = new Date();
  await user.update({ lastLoginAt: now });
  return createSessionRow(
    ctx,
    { userId: user.id, familyId: randomUUID(), rememberMe: options.rememberMe },
    options,
    now,
  );
}

export type RotateResult =
  | ({ kind: 'rotated'; user: User } & IssuedSession)
  /** Unknown, expired or revoked token, or the family was just revoked for reuse. */
  | { kind: 'invalid' };

/** Exchanges a refresh token for a successor in the same family. */
export async function rotateSession(
  ctx: AppContext,
  refreshToken: string,
  client: ClientInfo,
): Promise<RotateResult> {
  const { Session } = ctx.models;
  const now = new Date();
  const current = await Session.findOne({
    where: { refreshTokenHash: hashToken(refreshToken) },
    include: [{ association: 'user' }],
  });
  if (!current?.user || current.revokedAt !== null || current.expiresAt <= now) {
    return { kind: 'invalid' };
  }

  let rotatedNow = false;
  if (current.rotatedAt === null) {
    // Conditional, so of two simultaneous requests exactly one rotates the row.
    const [changed] = await Session.update(
      { rotatedAt: now },
      { where: { id: current.id, rotatedAt: null, revokedAt: null } },
    );
    rotatedNow = changed === 1;
    if (!rotatedNow) await current.reload();
  }
  if (!rotatedNow) {
    const rotatedAt = current.rotatedAt ?? now;
    if (
      current.revokedAt !== null ||
      now.getTime() - rotatedAt.getTime() > REFRESH_REUSE_GRACE_MS
    ) {
      await revokeFamily(ctx, current.familyId);
      ctx.logger.warn(
        { sessionFamily: current.familyId, userId: current.userId },
        'refresh token reuse: session family revoked',
      );
      return { kind: 'invalid' };
    }
  }

  const successor = await createSessionRow(
    ctx,
    { userId: current.userId, familyId: current.familyId, rememberMe: current.rememberMe },
    client,
    now,
  );
  return { kind: 'rotated', user: current.user, ...successor };
}

/** Ends one login (every refresh token of the family) at once. */
export async function revokeFamily(ctx: AppContext, familyId: string): Promise<void> {
  await ctx.models.Session.update(
    { revokedAt: new Date() },
    { where: { familyId, revokedAt: null } },
  );
}

/** Ends every login of a user (force-logout, password change or reset). */
export async function revokeUserSessions(ctx: AppContext, userId: string): Promise<number> {
  const [count] = await ctx.models.Session.update(
    { revokedAt: new Date() },
    { where: { userId, revokedAt: null } },
  );
  return count;
}

/** The live logins of a user, newest first: families with a refresh token neither revoked nor expired. */
export async function liveSessionFamilies(
  ctx: AppContext,
  userId: string,
): Promise<SessionFamily[]> {
  const { Session } = ctx.models;
  const live = await Session.findAll({
    where: { userId, revokedAt: null, rotatedAt: null, expiresAt: { [Op.gt]: new Date() } },
    order: [['createdAt', 'DESC']],
  });
  const familyIds = [...new Set(live.map((row) => row.familyId))];
  if (familyIds.length === 0) return [];
  const rows = await Session.findAll({
    where: { familyId: familyIds },
    order: [['createdAt', 'ASC']],
  });
  return familyIds.map((familyId) => {
    const family = rows.filter((row) => row.familyId === familyId);
    const newest = family[family.length - 1];
    return {
      familyId,
      createdAt: family[0]?.createdAt ?? new Date(),
      lastUsedAt: newest?.lastUsedAt ?? null,
      userAgent: newest?.userAgent ?? null,
    };
  });
}

/** Ends the session whose refresh token this is (a logout with an expired access token). */
export async function endSessionOfRefreshToken(ctx: AppContext, token: string): Promise<void> {
  const session = await ctx.models.Session.findOne({
    where: { refreshTokenHash: hashToken(token) },
  });
  if (session) await revokeFamily(ctx, session.familyId);
}

/** Ends one of the user's own sessions, or 404 (another user's, ended, or not a session id). */
export async function endOwnSession(ctx: AppContext, user: User, familyId: string): Promise<void> {
  const own = sessionPolicy.isSessionId(familyId) ? await liveSessionFamilies(ctx, user.id) : [];
  if (!sessionPolicy.canEnd(own, familyId)) throw HttpError.notFound(STRINGS.auth.sessionNotFound);
  await revokeFamily(ctx, familyId);
}
