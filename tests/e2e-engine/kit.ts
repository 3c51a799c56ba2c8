/**
 * Shared setup of the alert engine's end-to-end tests: the real server (test/support.ts: real
 * HTTP, real SMTP mailbox) with every role, pointed at the marketplace double and, when asked, the
 * Telegram Bot API double — everything over loopback. The tests act as a user would (HTTP, mail
 * links, the bot chat) and read the database only to know when a check has happened.
 *
 *   const kit = await startEngineE2E({ telegram: true });
 *   afterAll(() => kit.stop());
 *   const guest = await createConfirmedGuestAlert(kit.server, { searchTerm: 'racefiets' });
 *   await waitForFirstCheck(kit.server, guest.alertId);
 *   const ad = kit.double.publish({ title: 'Gazelle racefiets', priceCents: 15_000 });
 *   await waitForAdMail(kit.server.mailbox, guest.email, ad.itemId);
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CreateAlertResponse, TelegramStatusResponse } from '@prijsalarm/core';
import { Op } from 'sequelize';
import { alertSearches } from '../../packages/server/src/engine/alert-search';
import { feedModels } from '../../packages/server/src/engine/feed/store';
import { phaseOf } from '../../packages/server/src/engine/slots';
import {
  startMarketplaceDouble,
  type MarketplaceDouble,
  type MarketplaceDoubleOptions,
} from '../doubles/marketplace';
import { startTelegramDouble, type TelegramDouble } from '../doubles/telegram';
import { confirmationLinkFor, guestPayload } from '../../packages/server/test/alert-helpers';
import { uniqueEmail } from '../../packages/server/test/auth-helpers';
import { eventually } from '../../packages/server/test/delivery-helpers';
import type { TestClient } from '../../packages/server/test/http-client';
import type { Mailbox, ReceivedMail } from '../../packages/server/test/mailbox';
import { startTestServer, type TestServer } from '../../packages/server/test/support';
// Types only: vitest's inject('redisUrl') is declared there.
import type {} from '../../packages/server/test/redis';

export { eventually };

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const TELEGRAM_TOKEN = '123456:E2E-token_abc';

/**
 * Short rhythms so a test sees several checks in a few seconds, yet slow enough for a busy 2-core
 * CI machine: a check every 2 s, a scheduler tick every 250 ms, a 1 s first cool-down.
 */
export const E2E_ENV: Record<string, string> = {
  SERVICES: 'web,worker,scheduler',
  CHECK_INTERVAL_SECONDS: '2',
  SCHEDULER_TICK_MS: '250',
  MARKETPLACE_RATE: '50',
  MARKETPLACE_COOLDOWN_SECONDS: '1',
  DELIVERY_RELAY_SECONDS: '2',
  DELIVERY_RETRY_SECONDS: '1',
  RATE_LIMITS: 'off',
  // Per-search polling's own rules; feed.test.ts turns the new-ads feed on.
  ENGINE_FEED: 'off',
};

export interface EngineE2E {
  server: TestServer;
  double: MarketplaceDouble;
  /** The Bot API double, when started with `telegram: true`. */
  telegram: TelegramDouble | null;
  stop(): Promise<void>;
}

export interface EngineE2EOptions {
  /** Extra server environment; wins over E2E_ENV. */
  env?: Record<string, string | undefined>;
  telegram?: boolean;
  double?: MarketplaceDoubleOptions;
}

/** The marketplace double (and Telegram double) plus the running server with all roles. */
export async function startEngineE2E(options: EngineE2EOptions = {}): Promise<EngineE2E> {
  const double = await startMarketplaceDouble(options.double);
  const telegram = options.telegram
    ? await startTelegramDouble({ token: TELEGRAM_TOKEN, botUsername: 'PrijsalarmE2EBot' })
    : null;
  let server: TestServer;
  try {
    server = await startTestServer({
      env: {
        ...E2E_ENV,
        MARKTPLAATS_BASE_URL: double.baseUrl.marktplaats,
        TWEEDEHANDS_BASE_URL: double.baseUrl['2dehands'],
        ...(telegram
          ? { TELEGRAM_BOT_TOKEN: TELEGRAM_TOKEN, TELEGRAM_API_ROOT: telegram.apiRoot }
          : {}),
        ...options.env,
      },
    });
  } catch (error) {
    await double.stop();
    await telegram?.stop();
    throw error;
  }
  return {
    server,
    double,
    telegram,
    async stop() {
      await server.stop();
      await double.stop();
      await telegram?.stop();
    },
  };
}

export interface GuestAlert {
  alertId: string;
  email: string;
  manageUrl: string;
}

/**
 * A guest alert as a visitor makes it: POST /api/alerts from a fresh browser, then the
 * confirmation link from the mail (GET /api/alerts/confirm/:token, what the confirm page calls).
 */
export async function createConfirmedGuestAlert(
  server: TestServer,
  payload: Record<string, unknown> = {},
): Promise<GuestAlert> {
  const email = (payload.email as string | undefined) ?? uniqueEmail('gast');
  const browser = server.client();
  const created = await browser.post<CreateAlertResponse>(
    '/api/alerts',
    guestPayload({ ...payload, email }),
  );
  if (created.status !== 201) throw new Error(`guest alert: ${created.status} ${created.text}`);
  const { confirmToken } = await confirmationLinkFor(server, email);
  const confirmed = await browser.get(`/api/alerts/confirm/${confirmToken}`);
  if (confirmed.status !== 200) throw new Error(`confirm: ${confirmed.status} ${confirmed.text}`);
  return { alertId: created.body.alert.id, email, manageUrl: created.body.alert.manageUrl };
}

/** An alert of the signed-in user of `browser` through POST /api/alerts; returns its id. */
export async function createUserAlert(
  browser: TestClient,
  payload: Record<string, unknown>,
): Promise<string> {
  const created = await browser.post<CreateAlertResponse>('/api/alerts', {
    platforms: ['marktplaats'],
    ...payload,
  });
  if (created.status !== 201) throw new Error(`user alert: ${created.status} ${created.text}`);
  return created.body.alert.id;
}

/**
 * Links a new chat to the signed-in user the way a person does: GET /api/telegram/status gives
 * the deep link code, the user presses Start in the bot chat (`/start CODE`), the bot confirms.
 */
export async function linkTelegramChat(
  telegram: TelegramDouble,
  browser: TestClient,
  chatId: number,
): Promise<void> {
  const status = await browser.get<TelegramStatusResponse>('/api/telegram/status');
  if (!status.body.linkCode) throw new Error(`no link code: ${status.status} ${status.text}`);
  await telegram.sendUserMessage({
    chatId,
    username: `chat${chatId}`,
    text: `/start ${status.body.linkCode}`,
  });
  await eventually(
    async () => (await browser.get<TelegramStatusResponse>('/api/telegram/status')).body.connected,
    15_000,
    'the Telegram chat to be linked',
  );
}

/**
 * Of `terms`, the one whose search starts first for a new alert on Marktplaats with only that
 * search term: a new search waits for its own phase of the start spread (slots.ts startSlot: up
 * to 30 s at the plans' own intervals), which a test would otherwise sit out.
 */
export function soonestStartingTerm(terms: string[]): string {
  const phase = (searchTerm: string) => {
    const [search] = alertSearches({
      searchTerm,
      platforms: ['marktplaats'],
      minPriceCents: null,
      maxPriceCents: null,
      postalCode: null,
      distanceKm: null,
      l1CategoryId: null,
      l2CategoryId: null,
      deliveryMethod: 'both',
      customFilters: {},
    });
    return phaseOf(search!.key);
  };
  return terms.reduce((soonest, term) => (phase(term) < phase(soonest) ? term : soonest));
}

/** The marketplace searches that check an alert, once every one of them had its first fetch. */
export async function waitForFirstCheck(
  server: Pick<TestServer, 'models'>,
  alertId: string,
  timeoutMs = 30_000,
): Promise<string[]> {
  return eventually(
    async () => {
      const links = await server.models.AlertSearch.findAll({ where: { alertId } });
      if (links.length === 0) return null;
      const keys = links.map((link) => link.searchKey);
      const initialized = await server.models.Search.count({
        where: { key: keys, initializedAt: { [Op.ne]: null } },
      });
      return initialized === keys.length ? keys : null;
    },
    timeoutMs,
    `the first check of alert ${alertId}`,
  );
}

/**
 * Resolves once every search of the alert has completed a check that STARTED after this call: a
 * fetch that saw whatever was published before it.
 */
export async function waitForNextCheck(
  server: Pick<TestServer, 'models'>,
  alertId: string,
  timeoutMs = 30_000,
): Promise<void> {
  const since = Date.now();
  const keys = (await server.models.AlertSearch.findAll({ where: { alertId } })).map(
    (link) => link.searchKey,
  );
  if (keys.length === 0) throw new Error(`alert ${alertId} has no searches`);
  await eventually(
    async () =>
      (await server.models.Search.count({
        where: { key: keys, lastCheckedAt: { [Op.gt]: new Date(since) } },
      })) === keys.length,
    timeoutMs,
    `a new check of alert ${alertId}`,
  );
}

/** Resolves once the feed has completed a read of the L1 category that started after this call. */
export async function waitForFeedRead(kit: Pick<EngineE2E, 'server'>, l1: number): Promise<void> {
  const since = new Date();
  await eventually(
    async () => {
      const row = await feedModels(kit.server.ctx.sequelize).FeedCategory.findByPk(
        `marktplaats:${l1}`,
      );
      return (row?.lastVisitedAt?.getTime() ?? 0) > since.getTime();
    },
    30_000,
    `a feed read of category ${l1}`,
  );
}

/** No e-mail or Telegram delivery is still open (pending or retrying). */
export async function waitForDeliveriesSettled(
  server: Pick<TestServer, 'models'>,
  timeoutMs = 30_000,
): Promise<void> {
  await eventually(
    async () =>
      (await server.models.Delivery.count({
        where: { channel: ['email', 'telegram'], status: ['pending', 'retrying'] },
      })) === 0,
    timeoutMs,
    'open deliveries to be sent',
  );
}

/** "1 nieuwe advertentie voor …" / "3 nieuwe advertenties voor …" (ALERT_MAIL_TEXTS.subject). */
const ALERT_MAIL_SUBJECT = /^\d+ nieuwe advertenties? voor /;

/** The new-ads mails received for `email`, oldest first. */
export function alertMailsTo(mailbox: Mailbox, email: string): ReceivedMail[] {
  return mailbox.messages.filter(
    (mail) => mail.to.includes(email.toLowerCase()) && ALERT_MAIL_SUBJECT.test(mail.subject),
  );
}

/** The marketplace ad ids linked in a mail or message (`/v/…/m2100000123-title`). */
export function adIdsIn(text: string): string[] {
  return [...new Set([...text.matchAll(/\/([am]\d{6,})-/g)].map((match) => match[1] as string))];
}

/** How many of `email`'s new-ads mails list the ad. */
export function mailsWithAd(mailbox: Mailbox, email: string, itemId: string): number {
  return alertMailsTo(mailbox, email).filter((mail) => adIdsIn(mail.text).includes(itemId)).length;
}

/** Waits for a new-ads mail to `email` that lists the ad. */
export function waitForAdMail(
  mailbox: Mailbox,
  email: string,
  itemId: string,
  timeoutMs = 30_000,
): Promise<ReceivedMail> {
  return mailbox.waitFor(
    (mail) =>
      mail.to.includes(email.toLowerCase()) &&
      ALERT_MAIL_SUBJECT.test(mail.subject) &&
      adIdsIn(mail.text).includes(itemId),
    timeoutMs,
  );
}

/** A server role in a process of its own: `node --import tsx packages/server/src/main.ts`. */
export interface ServerProcess {
  child: ChildProcess;
  /** The last lines it logged (for failure messages). */
  output(): string;
  /** Resolves when its log has a line with `msg` (e.g. 'worker started'). */
  waitForLog(msg: string, timeoutMs?: number): Promise<void>;
  /** Resolves with the exit code or signal once it has exited. */
  exited: Promise<number | NodeJS.Signals | null>;
  kill(signal: NodeJS.Signals): Promise<number | NodeJS.Signals | null>;
}

export function spawnServerProcess(env: Record<string, string>): ServerProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'packages/server/src/main.ts'], {
    cwd: REPO_ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  const waiters: Array<{ msg: string; resolve: () => void }> = [];
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-20_000);
    for (const waiter of [...waiters]) {
      if (log.includes(`"msg":"${waiter.msg}"`)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve();
      }
    }
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<number | NodeJS.Signals | null>((resolve) =>
    child.once('exit', (code, signal) => resolve(signal ?? code)),
  );
  return {
    child,
    output: () => log,
    waitForLog(msg, timeoutMs = 30_000) {
      if (log.includes(`"msg":"${msg}"`)) return Promise.resolve();
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`no "${msg}" within ${timeoutMs} ms; output:\n${log}`)),
          timeoutMs,
        );
        void exited.then((code) => {
          clearTimeout(timer);
          reject(new Error(`the process exited (${code}) before "${msg}"; output:\n${log}`));
        });
        waiters.push({
          msg,
          resolve: () => {
            clearTimeout(timer);
            resolve();
          },
        });
      });
    },
    exited,
    kill(signal) {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}
