/**
 * The world the e2e tests run in, one per Playwright worker: a real SMTP mailbox, the marketplace,
 * Telegram Bot API, Mollie, Sentry and push-service doubles, the webhook receiver, and the REAL
 * server (compiled, support/server-process.ts; every role, SQLite in a temp DATA_DIR) pointed at
 * them, with short engine rhythms and an admin. A worker's tests reach what lives in its process
 * through a tiny HTTP endpoint (GET /mails; POST /telegram/send and GET /telegram/messages?chatId=:
 * a user writing to the bot and what the bot sent; the push double's subscriptions and deliveries)
 * and publish ads through the marketplace double's own control endpoint.
 *
 * A server per worker, not one for all: its one SQLite writer and its engine would otherwise be
 * what every worker waits for.
 */
import { createWriteStream, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startMailbox } from '../../../packages/server/test/mailbox';
import { getFreePort } from '../../../packages/server/test/ports';
import { startMarketplaceDouble } from '../../doubles/marketplace';
import { startMollieDouble } from '../../doubles/mollie';
import { startPushDouble } from '../../doubles/push';
import { startSentryDouble } from '../../doubles/sentry';
import { startTelegramDouble, type UserMessageInput } from '../../doubles/telegram';
import { startWebhookReceiver } from '../../doubles/webhook-receiver';
import { ADMIN_EMAIL, ADMIN_PASSWORD, TELEGRAM_BOT_USERNAME, type E2EEnv } from './env';
import { ROOT, spawnServer, waitForReady } from './server-process';

const TELEGRAM_TOKEN = '123456:E2E-web-token';
const MOLLIE_KEY = 'test_prijsalarmE2EKey1234567890';

export interface E2EStack {
  env: E2EEnv;
  stop(): Promise<void>;
}

/** Starts everything; `name` tells this stack's server log (.tmp/e2e-server-<name>.log) apart. */
export async function startE2EStack(name: string): Promise<E2EStack> {
  const serverLog = path.join(ROOT, '.tmp', `e2e-server-${name}.log`);
  const mailbox = await startMailbox();
  const double = await startMarketplaceDouble();
  const telegram = await startTelegramDouble({
    token: TELEGRAM_TOKEN,
    botUsername: TELEGRAM_BOT_USERNAME,
  });
  // Payments: the Mollie double; its checkout page is what the tests click.
  const mollie = await startMollieDouble({ apiKey: MOLLIE_KEY });
  // Error reports (after cookie consent) go here; error-reporting.spec.ts reads them.
  const sentry = await startSentryDouble();
  // Webhooks: an HTTPS receiver on 127.0.0.1, allowed by WEBHOOKS_ALLOW_PRIVATE.
  const webhooks = await startWebhookReceiver();
  // Web Push: the push service on 127.0.0.1, allowed by PUSH_SERVICE_HOSTS; the server trusts its
  // certificate through NODE_EXTRA_CA_CERTS, as a process trusts any extra certificate authority.
  const push = await startPushDouble();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'prijsalarm-e2e-'));
  const port = await getFreePort();
  const baseUrl = `http://127.0.0.1:${port}`;

  mkdirSync(path.dirname(serverLog), { recursive: true });
  const log = createWriteStream(serverLog);
  const server = spawnServer(
    {
      // 'test', not 'production': the server refuses TLS verification off in production, and the
      // Mollie double's certificate is self-signed.
      NODE_ENV: 'test',
      NODE_TLS_REJECT_UNAUTHORIZED: '0',
      MOLLIE_API_KEY: MOLLIE_KEY,
      MOLLIE_API_ENDPOINT: mollie.apiEndpoint,
      PORT: String(port),
      PUBLIC_URL: baseUrl,
      DATA_DIR: dataDir,
      SERVICES: 'web,worker,scheduler',
      SMTP_URL: mailbox.url,
      MARKTPLAATS_BASE_URL: double.baseUrl.marktplaats,
      TWEEDEHANDS_BASE_URL: double.baseUrl['2dehands'],
      TELEGRAM_BOT_TOKEN: TELEGRAM_TOKEN,
      TELEGRAM_API_ROOT: telegram.apiRoot,
      MARKETPLACE_RATE: '50',
      CHECK_INTERVAL_SECONDS: '2',
      SCHEDULER_TICK_MS: '500',
      DELIVERY_RELAY_SECONDS: '2',
      DELIVERY_RETRY_SECONDS: '1',
      RATE_LIMITS: 'off',
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
      LOG_LEVEL: 'info',
      SENTRY_DSN: sentry.dsn('2'),
      WEBHOOKS_ALLOW_PRIVATE: 'true',
      WEBHOOKS_CA_FILE: webhooks.caFile,
      PUSH_SERVICE_HOSTS: push.host,
      NODE_EXTRA_CA_CERTS: push.caFile,
    },
    ['ignore', 'pipe', 'pipe'],
  );
  server.stdout?.pipe(log);
  server.stderr?.pipe(log);
  const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()));
  let hasExited = false;
  void exited.then(() => (hasExited = true));

  const json = (res: ServerResponse, body: unknown) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const control = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://control.invalid');
    if (req.method === 'GET' && url.pathname === '/mails') {
      // ?to= keeps the answer small: the mailbox holds every mail of the run.
      const to = url.searchParams.get('to')?.toLowerCase();
      return json(
        res,
        mailbox.messages
          .filter((mail) => !to || mail.to.includes(to))
          .map(({ to, subject, text, html }) => ({ to, subject, text, html })),
      );
    }
    if (req.method === 'GET' && url.pathname === '/webhook/calls') {
      return json(res, webhooks.calls(url.searchParams.get('path') ?? undefined));
    }
    // The browser's side of Web Push: a subscription at the double for the server's VAPID key
    // (headless Chromium cannot subscribe at a real push service), and what reached it, decrypted.
    if (req.method === 'POST' && url.pathname === '/push/subscribe') {
      const applicationServerKey = url.searchParams.get('key') ?? undefined;
      return json(res, push.subscribe({ applicationServerKey }));
    }
    if (req.method === 'GET' && url.pathname === '/push/delivered') {
      return json(res, push.delivered(url.searchParams.get('endpoint') ?? undefined));
    }
    if (req.method === 'GET' && url.pathname === '/telegram/messages') {
      return json(res, telegram.messagesTo(url.searchParams.get('chatId') ?? ''));
    }
    if (req.method === 'POST' && url.pathname === '/telegram/send') {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const input = JSON.parse(Buffer.concat(chunks).toString('utf8')) as UserMessageInput;
        telegram.sendUserMessage(input).then(
          (update) => json(res, update),
          (error: Error) => res.writeHead(500).end(error.message),
        );
      });
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => control.listen(0, '127.0.0.1', resolve));
  const controlPort = (control.address() as AddressInfo).port;

  const teardown = async () => {
    if (!hasExited) server.kill('SIGTERM');
    await exited;
    await new Promise<void>((resolve) => control.close(() => resolve()));
    await double.stop();
    await telegram.stop();
    await mollie.stop();
    await sentry.stop();
    await webhooks.stop();
    await push.stop();
    await mailbox.close();
    log.end();
    rmSync(dataDir, { recursive: true, force: true });
  };

  try {
    await waitForReady(baseUrl, () => hasExited, `; see ${serverLog}`);
  } catch (error) {
    await teardown();
    throw error;
  }

  return {
    env: {
      baseUrl,
      controlUrl: `http://127.0.0.1:${controlPort}`,
      marktplaatsUrl: double.baseUrl.marktplaats,
      mollieControlUrl: mollie.controlUrl,
      sentryUrl: sentry.url,
      webhookReceiverUrl: webhooks.origin,
    },
    stop: teardown,
  };
}
