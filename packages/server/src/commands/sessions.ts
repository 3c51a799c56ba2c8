/**
 * Login sessions. One row of `sessions` is one refresh token; rotating it marks the row rotated and
 * adds a successor with the same familyId. Presenting a rotated token again is reuse: the whole
 * family is revoked — except within a short grace for tabs of one browser that refresh at the
 * same moment, which get the successor the first rotation made, never one of their own (a stolen
 * token replayed in the grace would otherwise live on as its own session). The successor's token
 * is derived from the token it replaces (security/tokens.ts), so it can be handed out again while
 * only sha256 of every refresh token is stored.
 */
import { Op, UniqueConstraintError } from 'sequelize';
import { randomUUID } from 'node:crypto';
import {
  AUTH_TEXTS,
  DEFAULT_TOKEN_LIFETIME_HOURS,
  REMEMBER_ME_TOKEN_LIFETIME_HOURS,
} from '@prijsalarm/core';
import type { AppContext } from '../context';
import { HttpError } from '../http/errors';
import type { Session, User } from '../models';
import { sessionPolicy } from '../policies/session';
import type { SessionFamily } from '../presenters/session';
import { hashToken, randomToken, TOKEN_PURPOSES } from '../security/tokens';

/**
 * Two tabs refreshing with the same cookie at once both get the same successor; later reuse
 * revokes the family.
 */
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
  refreshToken: string = randomToken(),
): Promise<IssuedSession> {
  const session = await ctx.models.Session.create({
    ...values,
    refreshTokenHash: hashToken(refreshToken),
    expiresAt: new Date(now.getTime() + refreshLifetimeMs(values.rememberMe)),
    userAgent: userAgentOf(client),
    ip: client.ip?.slice(0, 64) ?? null,
    lastUsedAt: now,
  });
  return { session, refreshToken };
}

function userAgentOf(client: ClientInfo): string | null {
  return client.userAgent?.slice(0, 512) ?? null;
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

/**
 * Exchanges a refresh token for a successor in the same family. The unique refresh token hash
 * decides which of two requests at once rotates: both derive the same successor, one creates it.
 */
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
  const user = current.user;
  const successorToken = ctx.tokens.tokenFor(TOKEN_PURPOSES.sessionSuccessor, refreshToken);

  if (current.rotatedAt === null) {
    try {
      const successor = await createSessionRow(
        ctx,
        { userId: current.userId, familyId: current.familyId, rememberMe: current.rememberMe },
        client,
        now,
        successorToken,
      );
      const [changed] = await Session.update(
        { rotatedAt: now },
        { where: { id: current.id, rotatedAt: null, revokedAt: null } },
      );
      if (changed === 1) return { kind: 'rotated', user, ...successor };
      // The family was revoked meanwhile: the successor goes with it.
      await revokeFamily(ctx, current.familyId);
      return { kind: 'invalid' };
    } catch (error) {
      if (!(error instanceof UniqueConstraintError)) throw error;
      // Another request rotated this token a moment ago: the grace below decides.
    }
  }
  return sameRotationAgain(ctx, current, user, successorToken, client, now);
}

/**
 * A token that was rotated already: within the grace, the same client (by its user agent) gets
 * the successor the rotation made; anything else is reuse, and the family is revoked.
 */
async function sameRotationAgain(
  ctx: AppContext,
  current: Session,
  user: User,
  successorToken: string,
  client: ClientInfo,
  now: Date,
): Promise<RotateResult> {
  const successor = await ctx.models.Session.findOne({
    where: { refreshTokenHash: hashToken(successorToken) },
  });
  const rotatedAt = current.rotatedAt ?? now;
  const withinGrace = now.getTime() - rotatedAt.getTime() <= REFRESH_REUSE_GRACE_MS;
  if (
    withinGrace &&
    successor &&
    successor.revokedAt === null &&
    successor.userAgent === userAgentOf(client)
  ) {
    return {
      kind: 'rotated',
      user,
      session: successor,
      refreshToken: successorToken,
    };
  }
  await revokeFamily(ctx, current.familyId);
  ctx.logger.warn(
    { sessionFamily: current.familyId, userId: current.userId },
    'refresh token reuse: session family revoked',
  );
  return { kind: 'invalid' };
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
  if (!sessionPolicy.canEnd(own, familyId)) throw HttpError.notFound(AUTH_TEXTS.sessionNotFound);
  await revokeFamily(ctx, familyId);
}
