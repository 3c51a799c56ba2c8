/**
 * Single-use secret links for accounts (verify e-mail, reset password, login link): 256 random
 * bits in the link, only sha256 stored, an expiry, and consumption that succeeds exactly once even
 * when two requests race.
 */
import { Op } from 'sequelize';
import type { AppContext } from '../context';
import type { OneTimeToken, OneTimeTokenPurpose, User } from '../models';
import { hashToken, randomToken } from '../security/tokens';

const MINUTE_MS = 60_000;

/** How long each kind of link works. */
export const ONE_TIME_TOKEN_TTL_MINUTES = {
  verify_email: 24 * 60,
  reset_password: 60,
  login_link: 15,
} as const satisfies Partial<Record<OneTimeTokenPurpose, number>>;

export type AccountTokenPurpose = keyof typeof ONE_TIME_TOKEN_TTL_MINUTES;

/** A new link token for the user; earlier unused tokens of the same purpose stop working. */
export async function issueAccountToken(
  ctx: AppContext,
  user: User,
  purpose: AccountTokenPurpose,
): Promise<string> {
  const { OneTimeToken } = ctx.models;
  const now = new Date();
  await OneTimeToken.update({ usedAt: now }, { where: { userId: user.id, purpose, usedAt: null } });
  const token = randomToken();
  await OneTimeToken.create({
    userId: user.id,
    email: user.email,
    purpose,
    tokenHash: hashToken(token),
    expiresAt: new Date(now.getTime() + ONE_TIME_TOKEN_TTL_MINUTES[purpose] * MINUTE_MS),
  });
  return token;
}

/**
 * Marks the token used and returns its row with the user, or null when it is unknown, of another
 * purpose, expired or already used. Only one of two simultaneous calls gets the row.
 */
export async function consumeAccountToken(
  ctx: AppContext,
  purpose: AccountTokenPurpose,
  token: string,
): Promise<(OneTimeToken & { user: User }) | null> {
  const { OneTimeToken } = ctx.models;
  const now = new Date();
  const tokenHash = hashToken(token);
  const [changed] = await OneTimeToken.update(
    { usedAt: now },
    { where: { tokenHash, purpose, usedAt: null, expiresAt: { [Op.gt]: now } } },
  );
  if (changed !== 1) return null;
  const row = await OneTimeToken.findOne({
    where: { tokenHash, purpose },
    include: [{ association: 'user' }],
  });
  return row?.user ? (row as OneTimeToken & { user: User }) : null;
}
