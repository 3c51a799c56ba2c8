/**
 * /api/auth: accounts and sessions. Cookies and CSRF: see http/auth.ts and ./cookies. Every
 * non-read route here is CSRF-protected by the app-wide middleware.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { Request, Response } from 'express';
import {
  API_CONTRACT,
  REFRESH_COOKIE,
  AUTH_TEXTS,
  changePasswordSchema,
  deleteAccountSchema,
  loginSchema,
  registerSchema,
  resetPasswordConfirmSchema,
  resetPasswordRequestSchema,
  updateProfileSchema,
  idParamsSchema,
  type AuthResponse,
} from '@prijsalarm/core';
import {
  changePassword,
  checkPassword,
  deleteAccount,
  deleteGuestAlerts,
  findAccount,
  markEmailVerified,
  migrateGuestAlerts,
  registerAccount,
  rehashIfNeeded,
  resetPassword,
  sendLoginLinkMail,
  sendPasswordResetMail,
  updateProfile,
} from '../../commands/accounts';
import { consumeAccountToken, type AccountTokenPurpose } from '../../commands/one-time-tokens';
import {
  endOwnSession,
  endSessionOfRefreshToken,
  liveSessionFamilies,
  revokeFamily,
  revokeUserSessions,
  rotateSession,
  startSession,
  type IssuedSession,
} from '../../commands/sessions';
import type { AppContext } from '../../context';
import { currentAuth, issueCsrfToken, requireUser } from '../../http/auth';
import { route, type BoundRoute } from '../../http/contract-route';
import { HttpError } from '../../http/errors';
import type { Limiter } from '../../http/rate-limit';
import type { User } from '../../models';
import { presentSession } from '../../presenters/session';
import { presentUserWithCounts } from '../../presenters/user';
import { deviceCookies, sessionCookies } from './cookies';
import {
  UNIFORM_ANSWER_MS,
  accountDevice,
  createAuthLimiters,
  loginDelayMs,
  type AuthLimiters,
} from './limits';

/** A one-time link token: 256 bits base64url. Anything else cannot exist, so 404 without a lookup. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

const signedIn = { before: [requireUser] };

export default function authRoutes(ctx: AppContext): BoundRoute[] {
  const { auth } = API_CONTRACT;
  const cookies = sessionCookies(ctx);
  const devices = deviceCookies(ctx);
  const limits: AuthLimiters = createAuthLimiters(ctx.config.rateLimits, ctx.sharedLimits);

  const clientInfo = (req: Request) => ({
    userAgent: req.get('user-agent') ?? null,
    ip: req.ip ?? null,
  });
  const ipOf = (req: Request) => req.ip ?? 'unknown';

  /** Sets the session cookies; the answer carries the user and the session's CSRF token. */
  async function withSession(
    req: Request,
    res: Response,
    user: User,
    issued: IssuedSession,
  ): Promise<AuthResponse> {
    const csrfToken = cookies.set(req, res, issued);
    return { user: await presentUserWithCounts(ctx, user), csrfToken };
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

  /** A link from a mail signs in, and proves the address. */
  async function signInByLink(
    req: Request,
    res: Response,
    purpose: AccountTokenPurpose,
    invalid: string,
  ) {
    const user = await consumeLinkToken(req, purpose, invalid);
    devices.trust(res, user);
    await markEmailVerified(user);
    const issued = await startSession(ctx, user, { rememberMe: false, ...clientInfo(req) });
    return withSession(req, res, user, issued);
  }

  /**
   * Mails go out after the answer, so the answer time does not depend on whether one is sent
   * (the answer is written when the handler returns, before the next turn of the event loop).
   */
  function sendAfterAnswer(what: string, send: () => Promise<void>): void {
    setImmediate(() => {
      send().catch((error: unknown) => ctx.logger.error({ err: error }, `${what} mail failed`));
    });
  }

  /**
   * For a request whose answer must not tell whether the address has an account: the account's
   * work (look-up, token, mail) starts at once and the answer goes UNIFORM_ANSWER_MS after the
   * handler began, whether there was work or not, done or not. Unless the machine is overloaded
   * the work is over by then, so it slows neither this answer nor the next request; sent after
   * the answer, it slowed the next one, and back-to-back requests told the addresses apart.
   */
  async function inUniformTime(what: string, work: () => Promise<void>): Promise<void> {
    const answerAt = sleep(UNIFORM_ANSWER_MS);
    work().catch((error: unknown) => ctx.logger.error({ err: error }, `${what} failed`));
    await answerAt;
  }

  /**
   * Before a password is checked (./limits.ts): a browser holding the account's device cookie
   * counts its failures on that device; any other client on the account and on its IP. Refused at
   * a count's ceiling, and slowed down by the failures counted so far.
   */
  async function passwordAttempt(req: Request, email: string, user: User | null) {
    const deviceId = user ? devices.deviceOf(req, user) : null;
    const counts: Array<[Limiter, string]> =
      user && deviceId
        ? [[limits['login-device'], accountDevice(user.id, deviceId)]]
        : [
            [limits['login-ip'], ipOf(req)],
            [limits['login-account'], email],
          ];
    for (const [limiter, key] of counts) await limiter.assertAvailable(key);
    const [slowing, slowingKey] = counts[counts.length - 1]!;
    const delay = loginDelayMs(await slowing.counted(slowingKey));
    if (delay > 0) await sleep(delay);
    return {
      failed: async () => {
        for (const [limiter, key] of counts) await limiter.recordFailure(key);
      },
      // A device's own slips are forgotten; the account's count stays, so the owner signing in
      // never hands a guesser fresh tries.
      succeeded: async () => {
        if (deviceId) await slowing.reset(slowingKey);
      },
    };
  }

  /** Wrong passwords count like failed logins. */
  async function requirePassword(
    req: Request,
    user: User,
    check: { password: string; field: string; message: string },
  ) {
    const attempt = await passwordAttempt(req, user.email, user);
    if (!(await checkPassword(user, check.password))) {
      await attempt.failed();
      throw HttpError.badRequest(check.message, { fields: { [check.field]: check.message } });
    }
  }

  const showMe = async (req: Request) => ({
    user: await presentUserWithCounts(ctx, currentAuth(req).user),
  });

  return [
    route(auth.csrf, (req, res) => ({
      csrfToken: issueCsrfToken(req, res, { overwrite: false }),
    })),

    route(auth.register, { schemas: { body: registerSchema } }, async (req) => {
      const input = req.input.body;
      await limits['register-ip'].consume(ipOf(req));
      await limits['register-account'].consume(input.email);
      sendAfterAnswer('registration', await registerAccount(ctx, input));
      return { message: AUTH_TEXTS.registered };
    }),

    route(auth.verify, (req, res) =>
      signInByLink(req, res, 'verify_email', AUTH_TEXTS.verifyLinkInvalid),
    ),

    route(auth.login, { schemas: { body: loginSchema } }, async (req, res) => {
      const { email, password, rememberMe } = req.input.body;
      const user = await findAccount(ctx, email);
      const attempt = await passwordAttempt(req, email, user);
      if (!(await checkPassword(user, password)) || !user) {
        await attempt.failed();
        throw new HttpError(401, AUTH_TEXTS.invalidCredentials);
      }
      await attempt.succeeded();
      // Before the device cookie, which is bound to the stored hash.
      await rehashIfNeeded(user, password);
      devices.trust(res, user);
      // Only someone who knows the password learns that the address is not yet confirmed.
      if (!user.emailVerified) throw HttpError.forbidden(AUTH_TEXTS.emailNotVerified);
      const issued = await startSession(ctx, user, {
        rememberMe: rememberMe ?? false,
        ...clientInfo(req),
      });
      return withSession(req, res, user, issued);
    }),

    route(auth.refresh, async (req, res) => {
      const token: unknown = req.cookies?.[REFRESH_COOKIE];
      const result =
        typeof token === 'string' && TOKEN_PATTERN.test(token)
          ? await rotateSession(ctx, token, clientInfo(req))
          : ({ kind: 'invalid' } as const);
      if (result.kind === 'invalid') {
        cookies.clear(req, res);
        throw HttpError.unauthenticated(AUTH_TEXTS.sessionExpired);
      }
      return withSession(req, res, result.user, result);
    }),

    route(auth.logout, async (req, res) => {
      if (req.auth) {
        await revokeFamily(ctx, req.auth.session.familyId);
      } else {
        // An expired access token: the refresh cookie still names the session to end.
        const token: unknown = req.cookies?.[REFRESH_COOKIE];
        if (typeof token === 'string' && TOKEN_PATTERN.test(token)) {
          await endSessionOfRefreshToken(ctx, token);
        }
      }
      cookies.clear(req, res);
      return { message: AUTH_TEXTS.loggedOut };
    }),

    route(auth.forceLogout, signedIn, async (req, res) => {
      await revokeUserSessions(ctx, currentAuth(req).user.id);
      cookies.clear(req, res);
      return { message: AUTH_TEXTS.loggedOutEverywhere };
    }),

    route(auth.me, signedIn, showMe),
    route(auth.profile, signedIn, showMe),

    route(auth.updateMe, { ...signedIn, schemas: { body: updateProfileSchema } }, async (req) => {
      const user = await updateProfile(currentAuth(req).user, req.input.body);
      return { name: user.name, email: user.email, user: await presentUserWithCounts(ctx, user) };
    }),

    route(
      auth.requestPasswordReset,
      { schemas: { body: resetPasswordRequestSchema } },
      async (req) => {
        const { email } = req.input.body;
        await limits['reset-ip'].consume(ipOf(req));
        await limits['reset-account'].consume(email);
        await inUniformTime('password reset mail', async () => {
          const user = await findAccount(ctx, email);
          if (user) await sendPasswordResetMail(ctx, user);
        });
        return { message: AUTH_TEXTS.resetRequested };
      },
    ),

    route(
      auth.resetPassword,
      { schemas: { body: resetPasswordConfirmSchema } },
      async (req, res) => {
        const user = await consumeLinkToken(req, 'reset_password', AUTH_TEXTS.resetLinkInvalid);
        await resetPassword(ctx, user, req.input.body.password);
        // The mailbox's owner may sign in at once, whatever was guessed meanwhile; the new
        // password ended every device cookie, and this browser is the owner's.
        await limits['login-account'].reset(user.email);
        devices.trust(res, user);
        if (req.auth) cookies.clear(req, res);
        return { message: AUTH_TEXTS.passwordReset };
      },
    ),

    route(
      auth.changePassword,
      { ...signedIn, schemas: { body: changePasswordSchema } },
      async (req, res) => {
        const { user } = currentAuth(req);
        const { currentPassword, newPassword } = req.input.body;
        await requirePassword(req, user, {
          password: currentPassword,
          field: 'currentPassword',
          message: AUTH_TEXTS.currentPasswordWrong,
        });
        await changePassword(ctx, user, newPassword);
        cookies.clear(req, res);
        // The new password ended every device cookie; this browser just proved the old one.
        devices.trust(res, user);
        return { message: AUTH_TEXTS.passwordChanged };
      },
    ),

    route(
      auth.deleteAccount,
      { ...signedIn, schemas: { body: deleteAccountSchema } },
      async (req, res) => {
        const { user } = currentAuth(req);
        await requirePassword(req, user, {
          password: req.input.body.password,
          field: 'password',
          message: AUTH_TEXTS.passwordWrong,
        });
        await deleteAccount(ctx, user);
        cookies.clear(req, res);
        return { message: AUTH_TEXTS.accountDeleted };
      },
    ),

    route(auth.migrateAlerts, signedIn, async (req) => ({
      migrated: await migrateGuestAlerts(ctx, currentAuth(req).user),
    })),

    route(auth.deleteOrphanedAlerts, signedIn, async (req) => ({
      deleted: await deleteGuestAlerts(ctx, currentAuth(req).user),
    })),

    route(auth.loginLink, { schemas: { body: resetPasswordRequestSchema } }, async (req) => {
      const { email } = req.input.body;
      await limits['login-link-ip'].consume(ipOf(req));
      await limits['login-link-account'].consume(email);
      await inUniformTime('login link mail', async () => {
        const user = await findAccount(ctx, email);
        if (user) await sendLoginLinkMail(ctx, user);
      });
      return { message: AUTH_TEXTS.loginLinkSent };
    }),

    route(auth.loginWithLink, (req, res) =>
      signInByLink(req, res, 'login_link', AUTH_TEXTS.loginLinkInvalid),
    ),

    route(auth.sessions, signedIn, async (req) => {
      const { user, session: current } = currentAuth(req);
      const families = await liveSessionFamilies(ctx, user.id);
      return { sessions: families.map((family) => presentSession(family, current.familyId)) };
    }),

    route(
      auth.endSession,
      { ...signedIn, schemas: { params: idParamsSchema } },
      async (req, res) => {
        const { user, session: current } = currentAuth(req);
        const familyId = req.input.params.id;
        await endOwnSession(ctx, user, familyId);
        if (familyId === current.familyId) cookies.clear(req, res);
        return { message: AUTH_TEXTS.sessionEnded };
      },
    ),
  ];
}
