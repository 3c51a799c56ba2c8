/**
 * The plumbing every request passes through, as the app (services/app.ts) puts it together:
 * request logs, security headers, CORS, cookies and JSON bodies, the API's no-store and 404
 * answers, the built web app, and one error handler that answers in Dutch and never leaks a
 * stack trace.
 */
import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import cookieParser from 'cookie-parser';
import cors from 'cors';
import compression from 'compression';
import express, { type ErrorRequestHandler, type Express, type RequestHandler } from 'express';
import helmet from 'helmet';
import { pinoHttp } from 'pino-http';
import {
  ACCESS_COOKIE,
  API_TEXTS,
  CONSENT_COOKIE,
  isCookieConsent,
  isPagePath,
  PAGE_SETTINGS_ELEMENT_ID,
  PRERENDERED_HOME,
  REFRESH_COOKIE,
  REFRESH_MARKER_COOKIE,
  type PublicSettings,
} from '@prijsalarm/core';
import type { AppContext } from '../context';
import { redactUrl } from '../logger';
import { reportError } from '../reporting';
import { HttpError } from './errors';
import { RATE_LIMIT_SETTINGS, RATE_LIMIT_STORE } from './rate-limit';

export const JSON_BODY_LIMIT = '100kb';

/** packages/web/dist: served when it has been built. */
export { WEB_DIST_DIR } from '../config/paths';

/** Settings, request logs, security headers, CORS, cookies and JSON bodies, in that order. */
export function usePlumbing(app: Express, { config, logger, sharedLimits }: AppContext): void {
  app.set('trust proxy', config.trustProxy);
  app.disable('x-powered-by');
  app.locals[RATE_LIMIT_SETTINGS] = config.rateLimits;
  app.locals[RATE_LIMIT_STORE] = sharedLimits ?? null;

  app.use(
    pinoHttp({
      logger: logger.child({ component: 'http' }),
      genReqId: (req, res) => {
        const id = randomUUID();
        res.setHeader('X-Request-Id', id);
        return id;
      },
      // Only what is safe to keep: no headers but the user agent, token segments masked.
      serializers: {
        req: (req: {
          id: string;
          method: string;
          url: string;
          headers: Record<string, string>;
        }) => ({
          id: req.id,
          method: req.method,
          url: redactUrl(req.url),
          userAgent: req.headers['user-agent'],
        }),
        res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
      },
      customLogLevel: (_req, res, error) =>
        error || res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'warn' : 'info',
      // Probes and scrapes come every few seconds: their lines would bury the rest.
      autoLogging: {
        ignore: (req) => ['/healthz', '/readyz', '/metrics'].includes(req.url ?? ''),
      },
    }),
  );

  app.use(
    helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          baseUri: ["'none'"],
          objectSrc: ["'none'"],
          frameAncestors: ["'none'"],
          formAction: ["'self'"],
          scriptSrc: ["'self'"],
          scriptSrcAttr: ["'none'"],
          styleSrc: ["'self'", "'unsafe-inline'"],
          // Listing photos come from the marketplaces' image hosts; outside production also from
          // the local marketplace double on loopback (the demo's pictures).
          imgSrc: [
            "'self'",
            'data:',
            'https:',
            ...(config.nodeEnv === 'production'
              ? []
              : ['http://127.0.0.1:*', 'http://localhost:*']),
          ],
          fontSrc: ["'self'", 'data:'],
          // Error reports go straight from the browser to the DSN's host (after consent).
          connectSrc: [
            "'self'",
            ...(config.errorReporting ? [new URL(config.errorReporting.dsn).origin] : []),
          ],
          ...(config.publicUrl.startsWith('https:') ? { upgradeInsecureRequests: [] } : {}),
        },
      },
      frameguard: { action: 'deny' },
    }),
  );

  const allowedOrigins = new Set(config.corsOrigins);
  app.use(
    cors({
      origin: (origin, callback) =>
        callback(null, origin !== undefined && allowedOrigins.has(origin)),
      credentials: true,
      maxAge: 600,
    }),
  );
  app.use(cookieParser());
  app.use(express.json({ limit: JSON_BODY_LIMIT }));
}

/** API answers are per user and may carry secrets (manage links): never cache them. */
export const noStore: RequestHandler = (_req, res, next) => {
  res.setHeader('Cache-Control', 'no-store');
  next();
};

/** After every API route: an unknown /api path is a Dutch 404 in JSON, never the web app. */
export const apiRouteNotFound: RequestHandler = (_req, res) => {
  res.status(404).json({ error: API_TEXTS.routeNotFound });
};

/**
 * Which prerendered home `/` gets: none for a browser with a session (a signed-in user's home
 * differs, so it gets index.html and the app draws it), else by the cookie-banner answer.
 */
export function prerenderedHomeFor(
  cookies: Record<string, unknown>,
): keyof typeof PRERENDERED_HOME | null {
  if ([ACCESS_COOKIE, REFRESH_COOKIE, REFRESH_MARKER_COOKIE].some((name) => cookies[name])) {
    return null;
  }
  return isCookieConsent(cookies[CONSENT_COOKIE]) ? 'consented' : 'firstVisit';
}

/**
 * The built single-page app: static files, and index.html for every other GET page route; `/`
 * prerendered for a guest when the build made it (its hero paints before any script runs). A path
 * that is no page of the app (core's isPagePath) gets index.html too, with status 404: the app
 * draws its not-found page, and search engines and link checkers learn the page does not exist.
 */
export function serveWebApp(
  app: Express,
  distDir: string,
  pageSettings: () => Promise<PublicSettings>,
): void {
  const indexFile = path.join(distDir, 'index.html');
  if (!existsSync(indexFile)) return;
  const homeFiles = Object.values(PRERENDERED_HOME).map((file) => path.join(distDir, file));
  const prerendered = homeFiles.every((file) => existsSync(file));
  // Read once: the build does not change under a running server.
  const indexHtml = readFileSync(indexFile, 'utf8');
  const homePages = Object.fromEntries(
    Object.entries(PRERENDERED_HOME).map(([variant, file]) => [
      variant,
      prerendered ? readFileSync(path.join(distDir, file), 'utf8') : '',
    ]),
  ) as Record<keyof typeof PRERENDERED_HOME, string>;
  // Text assets shrink to a quarter gzipped: the biggest win for a first visit on mobile.
  app.use(compression());
  // Vite names every asset by its content hash, so a browser may keep them for good.
  app.use(
    '/assets',
    express.static(path.join(distDir, 'assets'), { index: false, immutable: true, maxAge: '1y' }),
  );
  // The mails' images (public/mail/: the logo) are shown by mail clients from other origins, some
  // fetching them straight from here: helmet's same-origin resource policy would block them.
  app.use('/mail', (_req, res, next) => {
    res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
    next();
  });
  app.use(express.static(distDir, { index: false, maxAge: '1h' }));
  app.get(/^\/(?!api\/|api$|ws\/).*/, (req, res, next) => {
    if (!req.accepts('html')) return next();
    res.setHeader('Cache-Control', 'no-cache');
    const home = req.path === '/' && prerendered ? prerenderedHomeFor(req.cookies ?? {}) : null;
    if (req.path === '/') res.vary('Cookie');
    pageSettings().then(
      (settings) =>
        res
          .status(isPagePath(req.path) ? 200 : 404)
          .type('html')
          .send(withPageSettings(home ? homePages[home] : indexHtml, settings)),
      next,
    );
  });
}

/**
 * The page with the public settings in it, so the app starts with them instead of asking
 * for them first. JSON in a script element of its own (never run); `<` is escaped so no value
 * can close the element.
 */
export function withPageSettings(html: string, settings: PublicSettings): string {
  const json = JSON.stringify(settings).replace(/</g, '\\u003c');
  const element = `<script id="${PAGE_SETTINGS_ELEMENT_ID}" type="application/json">${json}</script>`;
  return html.replace('</head>', `${element}\n</head>`);
}

interface BodyParserError extends Error {
  type?: string;
  status?: number;
  expose?: boolean;
}

/** The last handler: answers in Dutch and never leaks a stack trace. */
export const errorHandler: ErrorRequestHandler = (error: unknown, req, res, next) => {
  if (res.headersSent) return next(error);

  if (error instanceof HttpError) {
    res.set(error.headers).status(error.status).json(error.body);
    return;
  }
  // A path parameter with bad percent-encoding (/api/alerts/manage/%E0%A4%A): the router's
  // decodeURIComponent fails before any handler runs.
  if (error instanceof URIError) {
    res.status(400).json({ error: API_TEXTS.invalidPath });
    return;
  }
  const parserError = error as BodyParserError;
  if (parserError.type === 'entity.parse.failed') {
    res.status(400).json({ error: API_TEXTS.invalidJson });
    return;
  }
  if (parserError.type === 'entity.too.large') {
    res.status(413).json({ error: API_TEXTS.payloadTooLarge });
    return;
  }
  if (
    typeof parserError.status === 'number' &&
    parserError.status >= 400 &&
    parserError.status < 500 &&
    typeof parserError.type === 'string'
  ) {
    // Other body-parser refusals (unsupported charset or encoding, aborted request).
    res.status(parserError.status).json({ error: API_TEXTS.invalidJson });
    return;
  }
  if (
    parserError.expose === true &&
    typeof parserError.status === 'number' &&
    parserError.status >= 400 &&
    parserError.status < 500
  ) {
    // A client error without a body-parser type: a gzip, deflate or br body that does not
    // inflate (body-parser passes zlib's error on as a 400).
    res.status(parserError.status).json({ error: API_TEXTS.unreadableBody });
    return;
  }

  // Logged with its stack and reported (only here: a 4xx is the client's doing, not a defect);
  // the client only learns that something went wrong.
  req.log.error({ err: error }, 'unhandled error');
  reportError(error, { method: req.method, url: redactUrl(req.originalUrl) });
  res.status(500).json({ error: API_TEXTS.internalError });
};
