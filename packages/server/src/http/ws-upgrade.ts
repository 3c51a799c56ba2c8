/**
 * What every WebSocket endpoint (/ws/events, /ws/chat) checks on the HTTP upgrade, in one place:
 *
 * - Cross-site WebSocket hijacking: a browser always sends Origin, so an Origin other than
 *   PUBLIC_URL's or one of CORS_ORIGINS is refused (403). Clients that are not browsers (the
 *   desktop app's main process, tests) send none and are let through on their cookie alone.
 * - The caller's session: the API's cookie parsing and session lookup (http/auth.ts).
 * - Frames are bounded (OWASP: "typically 64KB or less"); `ws` would allow 100 MiB.
 */
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import cookieParser from 'cookie-parser';
import type { Request, Response } from 'express';
import { Op } from 'sequelize';
import type { Config } from '../config/env';
import type { AppContext } from '../context';
import { authenticate, type AuthState } from './auth';

/** The largest frame a WebSocket client may send. */
export const MAX_WS_FRAME_BYTES = 64 * 1024;

const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]'] as const;

/**
 * PUBLIC_URL's origin, and outside production, when it is a loopback address, the same scheme
 * and port under the other loopback names: the demo prints `localhost` links, and a page opened
 * on 127.0.0.1 is the same machine and the same server. Production keeps exactly one.
 */
function publicOrigins(config: Pick<Config, 'publicUrl' | 'nodeEnv'>): string[] {
  const url = new URL(config.publicUrl);
  const loopback = (LOOPBACK_HOSTS as readonly string[]).includes(url.hostname);
  if (config.nodeEnv === 'production' || !loopback) return [url.origin];
  return LOOPBACK_HOSTS.map((host) => {
    const alias = new URL(url.origin);
    alias.hostname = host;
    return alias.origin;
  });
}

/** Whether an upgrade's Origin header may open a socket (no header: not a browser, allowed). */
export function originCheck(config: Pick<Config, 'publicUrl' | 'corsOrigins' | 'nodeEnv'>) {
  const allowed = new Set([...publicOrigins(config), ...config.corsOrigins]);
  return (origin: string | undefined): boolean => origin === undefined || allowed.has(origin);
}

const REASONS = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  503: 'Service Unavailable',
} as const;
/** If the client does not read the refusal, its socket goes anyway after this long. */
const REFUSAL_LINGER_MS = 1000;

/** Answers an upgrade request with `status` and closes its socket. */
export function refuseUpgrade(socket: Duplex, status: keyof typeof REASONS): void {
  const reason = REASONS[status];
  const timer = setTimeout(() => socket.destroy(), REFUSAL_LINGER_MS);
  timer.unref();
  socket.on('error', () => socket.destroy());
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Type: text/plain\r\n` +
      `Content-Length: ${reason.length}\r\n\r\n${reason}`,
    () => {
      clearTimeout(timer);
      socket.destroy();
    },
  );
}

/** The API's cookie parsing and session lookup, run on an upgrade request: its auth, or null. */
export function sessionLookup(ctx: AppContext) {
  const parseCookies = cookieParser();
  const lookUp = authenticate(ctx);
  return async (req: IncomingMessage): Promise<AuthState | null> => {
    const request = req as unknown as Request;
    const response = {} as Response;
    await new Promise<void>((resolve, reject) => {
      parseCookies(request, response, (error?: unknown) => (error ? reject(error) : resolve()));
    });
    await new Promise<void>((resolve, reject) => {
      Promise.resolve(
        lookUp(request, response, (error?: unknown) => (error ? reject(error) : resolve())),
      ).catch(reject);
    });
    return request.auth ?? null;
  };
}

/** Of these session ids, the ones revoked (logout) or expired by `now`: their sockets must close. */
export async function endedSessionIds(
  ctx: Pick<AppContext, 'models'>,
  sessionIds: readonly string[],
  now: Date,
): Promise<Set<string>> {
  if (sessionIds.length === 0) return new Set();
  const rows = await ctx.models.Session.findAll({
    attributes: ['id'],
    where: {
      id: { [Op.in]: [...new Set(sessionIds)] },
      [Op.or]: [{ revokedAt: { [Op.ne]: null } }, { expiresAt: { [Op.lte]: now } }],
    },
  });
  return new Set(rows.map((session) => session.id));
}
