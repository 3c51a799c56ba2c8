/**
 * Account logic that spans models: registration without account enumeration, the one-time links
 * by mail, account deletion, and adopting or deleting the guest alerts of a verified e-mail.
 */
import { Op, UniqueConstraintError } from 'sequelize';
import {
  AFTER_LOGIN_PATH,
  REDIRECT_QUERY,
  safeRedirectPath,
  type RegisterPayload,
} from '@prijsalarm/core';
import type { AppContext } from '../context';
import type { User } from '../models';
import { hashPassword, needsRehash, verifyPassword } from '../security/passwords';
import { randomToken } from '../security/tokens';
import { loadSettings } from '../models/current-settings';
import { deleteAlerts } from './alert-deletion';
import { rescheduleAlertsOfUser } from './alert-schedule';
import { ONE_TIME_TOKEN_TTL_MINUTES, issueAccountToken } from './one-time-tokens';
import { revokeUserSessions } from './sessions';

/**
 * `?redirect=…` for a link that should end on `redirect` (e.g. the checkout a guest was on when
 * registering); nothing for no redirect, the default one, or one that would leave the site.
 */
function redirectQuery(redirect: string | undefined): string {
  const path = safeRedirectPath(redirect);
  return path === AFTER_LOGIN_PATH ? '' : `?${REDIRECT_QUERY}=${encodeURIComponent(path)}`;
}

/** Links in mails, to the web app's pages. */
export function accountLinks(ctx: AppContext) {
  const base = ctx.config.publicUrl;
  return {
    verify: (token: string, redirect?: string) =>
      `${base}/verify/${token}${redirectQuery(redirect)}`,
    resetPassword: (token: string) => `${base}/reset-password/${token}`,
    loginCallback: (token: string) => `${base}/login/callback/${token}`,
    login: (redirect?: string) => `${base}/login${redirectQuery(redirect)}`,
    forgotPassword: () => `${base}/forgot-password`,
  };
}

let dummyHash: Promise<string> | undefined;

/**
 * Checks a password in about the same time whether or not there is a user (or a hash) to check it
 * against, so the answer time does not reveal which e-mails have an account.
 */
export async function checkPassword(user: User | null, password: string): Promise<boolean> {
  dummyHash ??= hashPassword(randomToken());
  const hash = user?.passwordHash ?? (await dummyHash);
  const matches = await verifyPassword(hash, password);
  return matches && user !== null && Boolean(user.passwordHash);
}

/** After a successful login: upgrade a hash made with older parameters. */
export async function rehashIfNeeded(user: User, password: string): Promise<void> {
  if (user.passwordHash && needsRehash(user.passwordHash)) {
    await user.update({ passwordHash: await hashPassword(password) });
  }
}

type RegisterInput = Omit<RegisterPayload, 'firstName' | 'lastName' | 'name'> & {
  firstName?: string | null;
  lastName?: string | null;
  name?: string | null;
};

/**
 * Registers an e-mail. Every path hashes the password and sends one mail, so neither the answer
 * nor its timing tells whether the address had an account:
 * - new address: a user and a verification mail;
 * - unverified account: nothing changes (a second registrant must not choose the password the
 *   owner's link will activate); the owner's verification link is sent again, which the route's
 *   per-address register limit paces;
 * - verified account: nothing changes; a "you already have an account" mail is sent.
 * Returns a function that sends the mail, so the caller can answer first.
 */
export async function registerAccount(
  ctx: AppContext,
  input: RegisterInput,
): Promise<() => Promise<void>> {
  const { User } = ctx.models;
  const links = accountLinks(ctx);
  const passwordHash = await hashPassword(input.password);
  const user =
    (await User.findByEmail(input.email)) ?? (await createAccount(ctx, input, passwordHash));

  if (user.emailVerified) {
    return async () => {
      await ctx.mailer.send('accountExists', user.email, {
        name: user.firstName ?? user.name,
        loginUrl: links.login(input.redirect),
        resetUrl: links.forgotPassword(),
      });
    };
  }
  const token = await issueAccountToken(ctx, user, 'verify_email');
  return async () => {
    await ctx.mailer.send('verification', user.email, {
      name: user.firstName ?? user.name,
      url: links.verify(token, input.redirect),
      validHours: ONE_TIME_TOKEN_TTL_MINUTES.verify_email / 60,
    });
  };
}

/**
 * A new account. Of two registrations of one address at the same moment, the unique e-mail lets
 * one create it; the other continues with that account as a re-registration.
 */
async function createAccount(
  ctx: AppContext,
  input: RegisterInput,
  passwordHash: string,
): Promise<User> {
  const { User } = ctx.models;
  try {
    return await User.create({
      email: input.email,
      // An account is the REGISTERED plan (more alerts, Telegram, filters, dashboard);
      // FREE is what an anonymous guest gets.
      plan: 'REGISTERED',
      passwordHash,
      firstName: input.firstName ?? null,
      lastName: input.lastName ?? null,
      name: input.name ?? null,
      newsletterOptIn: input.newsletterOptIn ?? false,
    });
  } catch (error) {
    if (!(error instanceof UniqueConstraintError)) throw error;
    const winner = await User.findByEmail(input.email);
    if (!winner) throw error;
    return winner;
  }
}

export async function sendPasswordResetMail(ctx: AppContext, user: User): Promise<void> {
  const token = await issueAccountToken(ctx, user, 'reset_password');
  await ctx.mailer.send('passwordReset', user.email, {
    name: user.firstName ?? user.name,
    url: accountLinks(ctx).resetPassword(token),
    validMinutes: ONE_TIME_TOKEN_TTL_MINUTES.reset_password,
  });
}

export async function sendLoginLinkMail(ctx: AppContext, user: User): Promise<void> {
  const token = await issueAccountToken(ctx, user, 'login_link');
  await ctx.mailer.send('loginLink', user.email, {
    name: user.firstName ?? user.name,
    url: accountLinks(ctx).loginCallback(token),
    validMinutes: ONE_TIME_TOKEN_TTL_MINUTES.login_link,
  });
}

/** Opening a link sent to the address proves it is the user's. */
export async function markEmailVerified(user: User): Promise<void> {
  if (!user.emailVerified) await user.update({ emailVerifiedAt: new Date() });
}

/**
 * Deletes the user and everything that hangs off it. The foreign keys cascade (alerts →
 * notifications → deliveries, sessions, one-time tokens; audit events keep a null actor).
 */
export async function deleteAccount(ctx: AppContext, user: User): Promise<void> {
  await ctx.sequelize.transaction(async (transaction) => {
    // The alerts would go by cascade, unseen by the engine: deleted here, each with its tombstone.
    await deleteAlerts(ctx, { userId: user.id }, transaction);
    await user.destroy({ transaction });
  });
}

/** Confirmed guest alerts of the user's verified e-mail that belong to no account. */
function orphanedAlertsWhere(user: User) {
  return { userId: null, email: user.email, confirmedAt: { [Op.ne]: null } };
}

export async function migrateGuestAlerts(ctx: AppContext, user: User): Promise<number> {
  if (!user.emailVerified) return 0;
  const { Alert, Notification } = ctx.models;
  const settings = await loadSettings(ctx);
  return ctx.sequelize.transaction(async (transaction) => {
    const alerts = await Alert.findAll({
      where: orphanedAlertsWhere(user),
      attributes: ['id'],
      transaction,
    });
    const alertIds = alerts.map((alert) => alert.id);
    if (alertIds.length === 0) return 0;
    await Alert.update({ userId: user.id }, { where: { id: alertIds }, transaction });
    // A plan change for these alerts (a guest's is FREE): the account's interval from now on.
    await rescheduleAlertsOfUser(ctx, settings, user, transaction);
    // Their notifications follow, so the notification centre and counts include them.
    await Notification.update(
      { userId: user.id },
      { where: { alertId: alertIds, userId: null }, transaction },
    );
    return alertIds.length;
  });
}

export async function deleteGuestAlerts(ctx: AppContext, user: User): Promise<number> {
  if (!user.emailVerified) return 0;
  return deleteAlerts(ctx, orphanedAlertsWhere(user));
}

/** The account of this e-mail address, or null. */
export async function findAccount(ctx: AppContext, email: string): Promise<User | null> {
  return ctx.models.User.findByEmail(email);
}

/** PUT /auth/me: the given fields replace the stored ones; left-out fields stay. */
export async function updateProfile(user: User, changes: Record<string, unknown>): Promise<User> {
  await user.update(
    Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined)),
  );
  return user;
}

/**
 * A new password from a reset link: every session ends, and the address counts as verified
 * (the link reached the mailbox, so the address is the user's).
 */
export async function resetPassword(ctx: AppContext, user: User, password: string): Promise<void> {
  await user.update({
    passwordHash: await hashPassword(password),
    emailVerifiedAt: user.emailVerifiedAt ?? new Date(),
  });
  await revokeUserSessions(ctx, user.id);
}

/** A new password chosen while signed in (the current one checked): every session ends. */
export async function changePassword(ctx: AppContext, user: User, password: string): Promise<void> {
  await user.update({ passwordHash: await hashPassword(password) });
  await revokeUserSessions(ctx, user.id);
}
