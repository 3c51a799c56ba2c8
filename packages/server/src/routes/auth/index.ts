/**
 * /api/auth: accounts and sessions (spec §7 Auth, api-shapes.md). Cookies and CSRF: see
 * http/auth.ts and ./cookies. Every non-read route here is CSRF-protected by the app-wide middleware.
 */
import { Router, type Request, type Response } from 'express';
import { z } from 'zod';
import {
  REFRESH_COOKIE,
  STRINGS,
  changePasswordSchema,
  deleteAccountSchema,
  loginSchema,
  registerSchema,
  resetPasswordConfirmSchema,
  resetPasswordRequestSchema,
  updateProfileSchema,
  type AuthResponse,
  type SessionDto,
} from '@prijsalarm/core';
import {
  checkPassword,
  deleteAccount,
  deleteGuestAlerts,
  markEmailVerified,
  migrateGuestAlerts,
  registerAccount,
  rehashIfNeeded,
  sendLoginLinkMail,
  sendPasswordResetMail,
} from '../../commands/accounts';
import { consumeAccountToken, type AccountTokenPurpose } from '../../commands/one-time-tokens';
import {
  liveSessionFamilies,
  revokeFamily,
  revokeUserSessions,
  rotateSession,
  startSession,
  type IssuedSession,
} from '../../commands/sessions';
import type { AppContext } from '../../context';
import { currentAuth, issueCsrfToken, requireUser } from '../../http/auth';
import { HttpError } from '../../http/errors';
import { validated } from '../../http/validate';
import type { User } from '../../models';
import { presentUserWithCounts } from '../../presenters/user';
import { hashPassword } from '../../security/passwords';
import { hashToken } from '../../security/tokens';
import { sessionCookies } from './cookies';
import { createAuthLimiters, type AuthLimiters } from './limits';

/** A one-time link token: 256 bits base64url. Anything else cannot exist, so 404 without a lookup. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export default function authRouter(ctx: AppContext): Router {
  const router = Router();
  const { User, Session } = ctx.models;
  const cookies = sessionCookies(ctx);
  const limits: AuthLimiters = createAuthLimiters(ctx.config.rateLimits);

  const clientInfo = (req: Request) => ({
    userAgent: req.get('user-agent') ?? null,
    ip: req.ip ?? null,
  });
  const ipOf = (req: Request) => req.ip ?? 'unknown';

  /** Sets the session cookies and answers AuthResponse. */
  async function answerWithSession(
    req: Request,
    res: Response,
    user: User,
    issued: IssuedSession,
  ): Promise<void> {
    const csrfToken = cookies.set(req, res, issued);
    const body: AuthResponse = { user: await presentUserWithCounts(ctx, user), csrfToken };
    res.json(body);
  }

  /** Consumes a one-time link token from the path, or answers 404 with `invalid`. */
  async function consumeLinkToken(req: Request, purpose: AccountTokenPurpose, invalid: string) {
    const token = req.params.token;
    const row =
      typeof token === 'string' && TOKEN_PATTERN.test(token)
        ? await consumeAccountToken(ctx, purpose, token)
        : null;
    if (!row) throw HttpError.notFound(invalid);
    return row.user;
  }

  /** Mails are sent after answering, so the answer time does not depend on whether one is sent. */
  function sendInBackground(what: string, send: () => Promise<void>): void {
    send().catch((error: unknown) => ctx.logger.error({ err: error }, `${what} mail failed`));
  }

  /** Wrong passwords count against the account like failed logins. */
  async function requirePassword(
    req: Request,
    user: User,
    check: { password: string; field: string; message: string },
  ) {
    await limits['login-ip'].assertAvailable(ipOf(req));
    await limits['login-account'].assertAvailable(user.email);
    if (!(await checkPassword(user, check.password))) {
      await limits['login-ip'].recordFailure(ipOf(req));
      await limits['login-account'].recordFailure(user.email);
      throw HttpError.badRequest(check.message, { fields: { [check.field]: check.message } });
    }
  }

  router.get('/csrf', (req, res) => {
    res.json({ csrfToken: issueCsrfToken(req, res, { overwrite: false }) });
  });

  router.post(
    '/register',
    ...validated({ body: registerSchema }, async (req, res) => {
      const input = req.input.body;
      await limits['register-ip'].consume(ipOf(req));
      await limits['register-account'].consume(input.email);
      const sendMail = await registerAccount(ctx, input);
      res.status(201).json({ message: STRINGS.auth.registered });
      sendInBackground('registration', sendMail);
    }),
  );

  router.get('/verify/:token', async (req, res) => {
    const user = await consumeLinkToken(req, 'verify_email', STRINGS.auth.verifyLinkInvalid);
    await markEmailVerified(user);
    const issued = await startSession(ctx, user, { rememberMe: false, ...clientInfo(req) });
    await answerWithSession(req, res, user, issued);
  });

  router.post(
    '/login',
    ...validated({ body: loginSchema }, async (req, res) => {
      const { email, password, rememberMe } = req.input.body;
      const ip = ipOf(req);
      await limits['login-ip'].assertAvailable(ip);
      await limits['login-account'].assertAvailable(email);
      const user = await User.findByEmail(email);
      if (!(await checkPassword(user, password)) || !user) {
        await limits['login-ip'].recordFailure(ip);
        await limits['login-account'].recordFailure(email);
        throw new HttpError(401, STRINGS.auth.invalidCredentials);
      }
      await limits['login-account'].reset(email);
      // Only someone who knows the password learns that the address is not yet confirmed.
      if (!user.emailVerified) throw HttpError.forbidden(STRINGS.auth.emailNotVerified);
      await rehashIfNeeded(user, password);
      const issued = await startSession(ctx, user, {
        rememberMe: rememberMe ?? false,
        ...clientInfo(req),
      });
      await answerWithSession(req, res, user, issued);
    }),
  );

  router.post('/refresh', async (req, res) => {
    const token: unknown = req.cookies?.[REFRESH_COOKIE];
    const result =
      typeof token === 'string' && TOKEN_PATTERN.test(token)
        ? await rotateSession(ctx, token, clientInfo(req))
        : ({ kind: 'invalid' } as const);
    if (result.kind === 'invalid') {
      cookies.clear(req, res);
      throw HttpError.unauthenticated(STRINGS.auth.sessionExpired);
    }
    await answerWithSession(req, res, result.user, result);
  });

  router.post('/logout', async (req, res) => {
    if (req.auth) {
      await revokeFamily(ctx, req.auth.session.familyId);
    } else {
      // An expired access token: the refresh cookie still names the session to end.
      const token: unknown = req.cookies?.[REFRESH_COOKIE];
      if (typeof token === 'string' && TOKEN_PATTERN.test(token)) {
        const session = await Session.findOne({ where: { refreshTokenHash: hashToken(token) } });
        if (session) await revokeFamily(ctx, session.familyId);
      }
    }
    cookies.clear(req, res);
    res.json({ message: STRINGS.auth.loggedOut });
  });

  router.post('/force-logout', requireUser, async (req, res) => {
    await revokeUserSessions(ctx, currentAuth(req).user.id);
    cookies.clear(req, res);
    res.json({ message: STRINGS.auth.loggedOutEverywhere });
  });

  const showMe = async (req: Request, res: Response) => {
    res.json({ user: await presentUserWithCounts(ctx, currentAuth(req).user) });
  };
  router.get('/me', requireUser, showMe);
  router.get('/profile', requireUser, showMe);

  router.put(
    '/me',
    requireUser,
    ...validated({ body: updateProfileSchema }, async (req, res) => {
      const { user } = currentAuth(req);
      const changes = Object.fromEntries(
        Object.entries(req.input.body).filter(([, value]) => value !== undefined),
      );
      await user.update(changes);
      res.json({
        name: user.name,
        email: user.email,
        user: await presentUserWithCounts(ctx, user),
      });
    }),
  );

  router.post(
    '/reset-password',
    ...validated({ body: resetPasswordRequestSchema }, async (req, res) => {
      const { email } = req.input.body;
      await limits['reset-ip'].consume(ipOf(req));
      await limits['reset-account'].consume(email);
      const user = await User.findByEmail(email);
      res.json({ message: STRINGS.auth.resetRequested });
      if (user) sendInBackground('password reset', () => sendPasswordResetMail(ctx, user));
    }),
  );

  router.post(
    '/reset-password/:token',
    ...validated({ body: resetPasswordConfirmSchema }, async (req, res) => {
      const user = await consumeLinkToken(req, 'reset_password', STRINGS.auth.resetLinkInvalid);
      await user.update({
        passwordHash: await hashPassword(req.input.body.password),
        // The link reached the mailbox, so the address is the user's.
        emailVerifiedAt: user.emailVerifiedAt ?? new Date(),
      });
      await revokeUserSessions(ctx, user.id);
      await limits['login-account'].reset(user.email);
      if (req.auth) cookies.clear(req, res);
      res.json({ message: STRINGS.auth.passwordReset });
    }),
  );

  router.post(
    '/change-password',
    requireUser,
    ...validated({ body: changePasswordSchema }, async (req, res) => {
      const { user } = currentAuth(req);
      const { currentPassword, newPassword } = req.input.body;
      await requirePassword(req, user, {
        password: currentPassword,
        field: 'currentPassword',
        message: STRINGS.auth.currentPasswordWrong,
      });
      await user.update({ passwordHash: await hashPassword(newPassword) });
      await revokeUserSessions(ctx, user.id);
      cookies.clear(req, res);
      res.json({ message: STRINGS.auth.passwordChanged });
    }),
  );

  router.delete(
    '/account',
    requireUser,
    ...validated({ body: deleteAccountSchema }, async (req, res) => {
      const { user } = currentAuth(req);
      await requirePassword(req, user, {
        password: req.input.body.password,
        field: 'password',
        message: STRINGS.auth.passwordWrong,
      });
      await deleteAccount(ctx, user);
      cookies.clear(req, res);
      res.json({ message: STRINGS.auth.accountDeleted });
    }),
  );

  router.post('/migrate-alerts', requireUser, async (req, res) => {
    res.json({ migrated: await migrateGuestAlerts(ctx, currentAuth(req).user) });
  });

  router.post('/delete-orphaned-alerts', requireUser, async (req, res) => {
    res.json({ deleted: await deleteGuestAlerts(ctx, currentAuth(req).user) });
  });

  router.post(
    '/login-link',
    ...validated({ body: resetPasswordRequestSchema }, async (req, res) => {
      const { email } = req.input.body;
      await limits['login-link-ip'].consume(ipOf(req));
      await limits['login-link-account'].consume(email);
      const user = await User.findByEmail(email);
      res.json({ message: STRINGS.auth.loginLinkSent });
      if (user) sendInBackground('login link', () => sendLoginLinkMail(ctx, user));
    }),
  );

  router.get('/login-link/:token', async (req, res) => {
    const user = await consumeLinkToken(req, 'login_link', STRINGS.auth.loginLinkInvalid);
    await markEmailVerified(user);
    const issued = await startSession(ctx, user, { rememberMe: false, ...clientInfo(req) });
    await answerWithSession(req, res, user, issued);
  });

  router.get('/sessions', requireUser, async (req, res) => {
    const { user, session: current } = currentAuth(req);
    const families = await liveSessionFamilies(ctx, user.id);
    const sessions: SessionDto[] = families.map((family) => ({
      id: family.familyId,
      createdAt: family.createdAt.toISOString(),
      lastUsedAt: family.lastUsedAt?.toISOString() ?? null,
      userAgent: family.userAgent,
      current: family.familyId === current.familyId,
    }));
    res.json({ sessions });
  });

  router.delete(
    '/sessions/:id',
    requireUser,
    ...validated({ params: z.object({ id: z.string() }) }, async (req, res) => {
      const { user, session: current } = currentAuth(req);
      const familyId = req.input.params.id;
      const owned =
        UUID_PATTERN.test(familyId) &&
        (await liveSessionFamilies(ctx, user.id)).some((family) => family.familyId === familyId);
      // Another user's session is indistinguishable from one that does not exist.
      if (!owned) throw HttpError.notFound(STRINGS.auth.sessionNotFound);
      await revokeFamily(ctx, familyId);
      if (familyId === current.familyId) cookies.clear(req, res);
      res.json({ message: STRINGS.auth.sessionEnded });
    }),
  );

  return router;
}
