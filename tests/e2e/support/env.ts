/**
 * What a worker's stack (stack.ts, started by the fixtures) hands to its tests: the addresses of
 * the running server and of the stack's mail and marketplace controls, through the worker's
 * environment so that helpers anywhere read them with `e2eEnv()`; and the admin's login.
 */

export const ADMIN_EMAIL = 'beheer@e2e.prijsalarm.test';
export const ADMIN_PASSWORD = 'Beheer-wachtwoord-e2e-1';
/** The Telegram Bot API double's bot (t.me/<name> deep links). */
export const TELEGRAM_BOT_USERNAME = 'PrijsalarmE2EBot';
/** The password every test user registers with. */
export const USER_PASSWORD = 'Geheim-wachtwoord-e2e-1';

export interface E2EEnv {
  /** The real server: the built web app, /api and /ws. Also its PUBLIC_URL (links in mails). */
  baseUrl: string;
  /**
   * The setup's own HTTP endpoint: GET /mails (what the SMTP mailbox received), POST
   * /telegram/send and GET /telegram/messages?chatId= (the Telegram Bot API double).
   */
  controlUrl: string;
  /** The marketplace double's Marktplaats host (its /__control/publish publishes an ad). */
  marktplaatsUrl: string;
  /** The Mollie double's control endpoints (https, self-signed: charge a subscription now). */
  mollieControlUrl: string;
  /** The Sentry envelope double the server's SENTRY_DSN points at (GET /control/items). */
  sentryUrl: string;
  /** The HTTPS webhook receiver (GET /webhook/calls?path= on the control endpoint lists its calls). */
  webhookReceiverUrl: string;
}

const KEYS = {
  baseUrl: 'E2E_BASE_URL',
  controlUrl: 'E2E_CONTROL_URL',
  marktplaatsUrl: 'E2E_MARKTPLAATS_URL',
  mollieControlUrl: 'E2E_MOLLIE_CONTROL_URL',
  sentryUrl: 'E2E_SENTRY_URL',
  webhookReceiverUrl: 'E2E_WEBHOOK_RECEIVER_URL',
} as const satisfies Record<keyof E2EEnv, string>;

export function publishEnv(env: E2EEnv): void {
  for (const [key, name] of Object.entries(KEYS)) process.env[name] = env[key as keyof E2EEnv];
}

export function e2eEnv(): E2EEnv {
  const read = (name: string) => {
    const value = process.env[name];
    if (!value)
      throw new Error(`${name} is not set: run the e2e tests with \`npx playwright test\``);
    return value;
  };
  return {
    baseUrl: read(KEYS.baseUrl),
    controlUrl: read(KEYS.controlUrl),
    marktplaatsUrl: read(KEYS.marktplaatsUrl),
    mollieControlUrl: read(KEYS.mollieControlUrl),
    sentryUrl: read(KEYS.sentryUrl),
    webhookReceiverUrl: read(KEYS.webhookReceiverUrl),
  };
}
