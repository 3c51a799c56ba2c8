/**
 * `npm run demo`: the whole flow offline. Starts the marketplace double on loopback (it publishes
 * new Dutch ads on its own, a few per minute, among them a 'fiets' and an 'iPhone' ad on
 * Marktplaats every half minute) and the service on its embedded default — one process with
 * every role, SQLite in DATA_DIR (default ./data/demo), the in-process queue, mail as .eml files
 * in DATA_DIR/outbox — checking every CHECK_INTERVAL_SECONDS (default 15). Every new mail in the outbox is announced
 * here with its links. Ctrl-C (SIGINT) or SIGTERM stops the service gracefully, then the double.
 *
 * Telegram works offline too: the Telegram Bot API double runs on loopback as the demo's bot, and
 * a small page of this script (DEMO_TELEGRAM_PORT, default PORT + 1) plays the demo user's phone:
 * `/start?code=…` is the user pressing Start in Telegram after "Koppel Telegram" (the deep link's
 * code), a bare `/start` asks the bot for a code to type on the website, and `/chat` shows what the
 * bot sent that user. Every bot message to the user is announced here too.
 *
 * Web Push works offline too: the push service double runs on loopback (PUSH_SERVICE_HOSTS; the
 * server trusts its certificate through NODE_EXTRA_CA_CERTS). A browser cannot subscribe there, so
 * the phone page hands out a subscription at the double (`/push/subscription`), to POST to
 * /api/push/subscriptions; every push that reaches it is announced here, decrypted.
 *
 * `npm run demo -- --fresh` starts over with an empty DATA_DIR. Otherwise accounts and alerts are
 * kept; the double is new every run, so a kept alert's next check finds today's ads new.
 *
 * Environment (all optional): PORT (3000), DATA_DIR, CHECK_INTERVAL_SECONDS, ADMIN_EMAIL and
 * ADMIN_PASSWORD (default admin@example.nl / demo-admin-wachtwoord), DEMO_LOG_LEVEL (warn),
 * DEMO_SEED (the double's ads; default: different every run), DEMO_TELEGRAM_PORT.
 */
import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import PostalMime from 'postal-mime';
import { startMarketplaceDouble, type DoublePlatform } from '../doubles/marketplace';
import { startMollieDouble } from '../doubles/mollie';
import { startPushDouble } from '../doubles/push';
import { startTelegramDouble } from '../doubles/telegram';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const env = process.env;
const port = env.PORT ?? '3000';
const publicUrl = `http://localhost:${port}`;
const dataDir = env.DATA_DIR
  ? path.resolve(env.INIT_CWD ?? process.cwd(), env.DATA_DIR)
  : path.join(ROOT, 'data', 'demo');
const outbox = path.join(dataDir, 'outbox');
const intervalSeconds = env.CHECK_INTERVAL_SECONDS ?? '15';
const admin = {
  email: env.ADMIN_EMAIL ?? 'admin@example.nl',
  password: env.ADMIN_PASSWORD ?? 'demo-admin-wachtwoord',
};

/** Categories of the demo ads (marketplace ids): Fietsen en Brommers, Telecommunicatie. */
const BIKES = { l1CategoryId: 445, categoryId: 447 };
const PHONES = { l1CategoryId: 820, categoryId: 820 };

/** Ads that fit the searches people try first: one every PUBLISH_EVERY_MS, 'fiets' and 'iPhone' in turn. */
const DEMO_ADS = [
  { title: 'Gazelle herenfiets 28 inch', minEuros: 90, maxEuros: 350, ...BIKES },
  { title: 'iPhone 13 128GB zwart', minEuros: 290, maxEuros: 480, ...PHONES },
  { title: 'Batavus elektrische fiets', minEuros: 450, maxEuros: 1200, ...BIKES },
  { title: 'iPhone 12 mini wit, accu 89%', minEuros: 180, maxEuros: 300, ...PHONES },
  { title: 'Kinderfiets 20 inch Cortina', minEuros: 40, maxEuros: 120, ...BIKES },
  { title: 'iPhone 14 Pro 256GB', minEuros: 550, maxEuros: 800, ...PHONES },
  { title: 'Racefiets Canyon Endurace', minEuros: 600, maxEuros: 1500, ...BIKES },
  { title: 'iPhone SE 2022 rood', minEuros: 150, maxEuros: 260, ...PHONES },
];
const PUBLISH_EVERY_MS = 15_000;

const double = await startMarketplaceDouble({
  // Three random ads a minute besides the demo ads, and three days of history to search through.
  publishPerSecond: 0.05,
  initialListings: 300,
  seed: Number(env.DEMO_SEED ?? Date.now() % 1_000_000),
  // The real image hosts are out of reach offline: the double serves its own pictures.
  serveImages: true,
});

// Payments: a local Mollie, so Pro can be bought offline on its iDEAL test page.
const MOLLIE_KEY = 'test_prijsalarmDemoKey1234567890';
const mollie = await startMollieDouble({
  apiKey: MOLLIE_KEY,
  log: (line) => console.log(`💶 mollie ${line}`),
});

// Telegram: the Bot API double as the demo's bot, and a page that plays the demo user's phone.
const TELEGRAM_TOKEN = '100000:DEMO-bot-token';
const telegram = await startTelegramDouble({
  token: TELEGRAM_TOKEN,
  host: '127.0.0.1',
  botUsername: 'PrijsalarmDemoBot',
  botFirstName: 'Prijsalarm',
});
// Web Push: a push service on loopback, announcing what reaches it.
const push = await startPushDouble();
let pushAnnounced = 0;
const pushWatcher = setInterval(() => {
  const arrived = push.received();
  for (const message of arrived.slice(pushAnnounced)) {
    const payload = message.payload as { title?: string; body?: string } | undefined;
    const text = payload
      ? `${payload.title ?? ''} — ${payload.body ?? ''}`
      : (message.refusal ?? '');
    console.log(`\n📱 push (${message.status}): ${text}`);
  }
  pushAnnounced = arrived.length;
}, 1000);

const DEMO_CHAT = { chatId: 4_242_001, username: 'demo_gebruiker', firstName: 'Demo' };
const phonePort = Number(env.DEMO_TELEGRAM_PORT ?? Number(port) + 1);
const phoneUrl = `http://127.0.0.1:${phonePort}`;
const chatTexts = () => telegram.messagesTo(DEMO_CHAT.chatId).map((message) => message.text);
const phone = createServer((req, res) => {
  const url = new URL(req.url ?? '/', phoneUrl);
  const answer = (status: number, text: string) => {
    res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8' });
    res.end(`${text}\n`);
  };
  if (req.method !== 'GET') return answer(405, 'GET only');
  if (url.pathname === '/chat') return answer(200, chatTexts().join('\n\n') || '(nog niets)');
  if (url.pathname === '/push/subscription') return answer(200, JSON.stringify(push.subscribe()));
  if (url.pathname !== '/start')
    return answer(404, 'GET /start?code=…, /chat or /push/subscription');
  const code = (url.searchParams.get('code') ?? '').trim();
  const before = chatTexts().length;
  void telegram
    .sendUserMessage({ ...DEMO_CHAT, text: code ? `/start ${code}` : '/start' })
    .then(async () => {
      // The server reads its updates by long polling: its answer comes within a moment.
      for (let waited = 0; waited < 5000 && chatTexts().length === before; waited += 200) {
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      answer(200, chatTexts().slice(before).join('\n\n') || '(de bot antwoordde niet)');
    })
    .catch((error: Error) => answer(500, error.message));
});
await new Promise<void>((resolve) => phone.listen(phonePort, '127.0.0.1', () => resolve()));
let telegramAnnounced = 0;
const telegramWatcher = setInterval(() => {
  const sent = telegram.messages;
  for (const message of sent.slice(telegramAnnounced)) {
    console.log(`\n📨 Telegram → @${DEMO_CHAT.username}: ${message.text.replace(/\n+/g, ' · ')}`);
  }
  telegramAnnounced = sent.length;
}, 1000);

let next = 0;
const publisher = setInterval(() => {
  const ad = DEMO_ADS[next % DEMO_ADS.length]!;
  next += 1;
  const euros = ad.minEuros + Math.floor(Math.random() * (ad.maxEuros - ad.minEuros));
  const fields = {
    title: ad.title,
    priceCents: euros * 100,
    categoryId: ad.categoryId,
    l1CategoryId: ad.l1CategoryId,
  };
  // On Marktplaats, where guest alerts search; every fourth also on 2dehands.
  const platforms: DoublePlatform[] =
    next % 4 === 0 ? ['marktplaats', '2dehands'] : ['marktplaats'];
  for (const platform of platforms) {
    const published = double.publish({ platform, ...fields });
    console.log(`🛒 ${platform}: "${ad.title}" voor € ${euros} (${published.itemId})`);
  }
}, PUBLISH_EVERY_MS);

if (process.argv.includes('--fresh')) rmSync(dataDir, { recursive: true, force: true });
mkdirSync(dataDir, { recursive: true });
const server = spawn(process.execPath, ['--import', 'tsx', 'packages/server/src/main.ts'], {
  cwd: ROOT,
  // Its own process group: Ctrl-C reaches only this script, which then stops it once, gracefully.
  detached: true,
  stdio: 'inherit',
  env: {
    ...env,
    NODE_ENV: 'development',
    PORT: port,
    PUBLIC_URL: publicUrl,
    DATA_DIR: dataDir,
    SERVICES: 'web,worker,scheduler',
    // The embedded default whatever the shell holds: SQLite, in-process queue, outbox mail.
    DATABASE_URL: '',
    REDIS_URL: '',
    SMTP_URL: '',
    TELEGRAM_BOT_TOKEN: TELEGRAM_TOKEN,
    TELEGRAM_API_ROOT: telegram.apiRoot,
    MARKTPLAATS_BASE_URL: double.baseUrl.marktplaats,
    TWEEDEHANDS_BASE_URL: double.baseUrl['2dehands'],
    MARKETPLACE_RATE: '5',
    MOLLIE_API_KEY: MOLLIE_KEY,
    MOLLIE_API_ENDPOINT: mollie.apiEndpoint,
    // The Mollie double's certificate is self-signed; allowed outside production only.
    NODE_TLS_REJECT_UNAUTHORIZED: '0',
    CHECK_INTERVAL_SECONDS: intervalSeconds,
    SCHEDULER_TICK_MS: '1000',
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
    LOG_LEVEL: env.DEMO_LOG_LEVEL ?? 'warn',
    PUSH_SERVICE_HOSTS: push.host,
    NODE_EXTRA_CA_CERTS: push.caFile,
  },
});

let stopping = false;
async function stop(exitCode: number): Promise<never> {
  stopping = true;
  clearInterval(publisher);
  clearInterval(outboxWatcher);
  clearInterval(telegramWatcher);
  clearInterval(pushWatcher);
  if (server.exitCode === null && server.signalCode === null) {
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
  await double.stop();
  await mollie.stop();
  await telegram.stop();
  await push.stop();
  phone.close();
  process.exit(exitCode);
}
server.once('exit', (code, signal) => {
  if (stopping) return;
  console.error(`\nDe server is gestopt (${signal ?? code}) / the server stopped.`);
  void stop(code === 0 ? 0 : 1);
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    console.log('\nStoppen… / stopping…');
    void stop(0);
  });
}
// Never leave the server behind, even when this script dies of an error.
process.once('exit', () => {
  if (server.exitCode === null && server.signalCode === null) server.kill('SIGTERM');
});

/* ---------------------------------------------------------------- the outbox, announced */

const announced = new Set(existsSync(outbox) ? readdirSync(outbox) : []);
let reading = false;
const outboxWatcher = setInterval(() => {
  if (reading || !existsSync(outbox)) return;
  reading = true;
  void announceNewMail().finally(() => (reading = false));
}, 1000);

async function announceNewMail(): Promise<void> {
  const fresh = readdirSync(outbox)
    .filter((file) => file.endsWith('.eml') && !announced.has(file))
    .sort();
  for (const file of fresh) {
    announced.add(file);
    const mail = await PostalMime.parse(readFileSync(path.join(outbox, file)));
    const to = mail.to?.map((address) => address.address).join(', ') ?? '?';
    console.log(`\n✉️  ${to} — ${mail.subject ?? ''}\n   ${path.join(outbox, file)}`);
    const text = mail.text ?? '';
    const confirm = /\/manage\/[A-Za-z0-9_-]+\?bevestig=([A-Za-z0-9_-]+)/.exec(text);
    if (confirm) {
      console.log(`   Bevestigen / confirm: ${publicUrl}${confirm[0]}`);
      console.log(`   of / or: curl ${publicUrl}/api/alerts/confirm/${confirm[1]}`);
      continue;
    }
    const ads = [...text.matchAll(/https?:\/\/127\.0\.0\.1:\d+\/v\/\S+/g)].map((m) => m[0]);
    for (const ad of ads) console.log(`   ${ad}`);
  }
}

/* ---------------------------------------------------------------- ready: the instructions */

const deadline = Date.now() + 120_000;
for (;;) {
  if (stopping) break;
  try {
    if ((await fetch(`${publicUrl}/readyz`)).ok) break;
  } catch {
    // not listening yet
  }
  if (Date.now() > deadline) {
    console.error(`De server antwoordt niet op ${publicUrl} / the server does not answer.`);
    await stop(1);
  }
  await new Promise((resolve) => setTimeout(resolve, 500));
}

console.log(`
──────────────────────────────────────────────────────────────────────────────
 Prijsalarm demo
──────────────────────────────────────────────────────────────────────────────
 Web app:       ${publicUrl}
 Beheerder / admin login:  ${admin.email} / ${admin.password}
 Marktplaats (nagebootst / local double): ${double.baseUrl.marktplaats}
 2dehands    (nagebootst / local double): ${double.baseUrl['2dehands']}
 Mollie (nagebootst / local double): ${mollie.apiEndpoint}
                iDEAL-testpagina / test checkout: ${mollie.checkoutBaseUrl}/checkout/…
 Telegram (nagebootst / local double): ${telegram.apiRoot}
                bot @${telegram.botUsername}; de telefoon van de demo / the demo user's phone:
                ${phoneUrl}/start?code=…   ${phoneUrl}/chat
 Mail:          geen echte e-mail, maar .eml-bestanden / no real mail, .eml files in
                ${outbox}
                (elke nieuwe mail wordt hieronder gemeld / each new mail is announced below)
 Controle / check interval: elke / every ${intervalSeconds} s
 Gegevens / data: ${dataDir}
                (opnieuw beginnen / start over: npm run demo -- --fresh)

 NL  Maak op ${publicUrl} een alert voor "fiets" of "iphone" (zonder of met een ruime
     maximumprijs), bevestig hem met de link uit de bevestigingsmail hieronder, en binnen
     een minuut komt de mail met nieuwe advertenties in de outbox. De eerste controle vult
     alleen de lijst met bekende advertenties; pas daarna gepubliceerde advertenties tellen.
 EN  Create an alert for "fiets" or "iphone" at ${publicUrl}, confirm it with the link from the
     confirmation mail announced below, and within a minute the new-ads mail lands in the
     outbox. The first check only learns the ads that already exist; later ads are new.

 Pro:  NL  Registreer, ga naar ${publicUrl}/pricing en kies "Word Pro": op de iDEAL-testpagina
           klik je "Betaald" en je bent Pro. In Mijn account → Abonnement koop je extra alerts,
           zeg je op en lees je de bonnen (die ook als mail in de outbox komen).
       EN  Register, open ${publicUrl}/pricing and choose "Word Pro"; on the iDEAL test page click
           "Betaald" (paid) and you are Pro. My Account → Abonnement: extra alerts, cancel, receipts.

 Telegram:  NL  Met een account (Geregistreerd of Pro): Mijn Account → Integraties → "Koppel
                Telegram" toont een koppelcode. Open ${phoneUrl}/start?code=<code> (of curl het):
                dat is op "Start" drukken in Telegram, en je account is gekoppeld. Of andersom:
                ${phoneUrl}/start geeft een code van de bot om op de website in te vullen. Zet
                daarna bij een alert "Via Telegram" aan; elk bericht van de bot verschijnt hieronder
                en op ${phoneUrl}/chat.
            EN  With an account: My Account → Integraties → "Koppel Telegram" shows a code; open
                ${phoneUrl}/start?code=<code> to press Start in Telegram. ${phoneUrl}/start alone
                gets a code from the bot to type on the website. Bot messages appear below.

 Push: NL  Pushmeldingen gaan naar een nagebootste pushdienst (${push.origin}); een browser kan
           zich daar niet aanmelden. ${phoneUrl}/push/subscription geeft een aanmelding die je
           (ingelogd) POST naar ${publicUrl}/api/push/subscriptions; elke melding verschijnt hieronder.
       EN  Push goes to a local push service double; ${phoneUrl}/push/subscription hands out a
           subscription to POST (signed in) to /api/push/subscriptions. Each push appears below.

 curl:  curl -c /tmp/pa -b /tmp/pa ${publicUrl}/api/auth/csrf      # cookie + {"csrfToken": …}
        curl -c /tmp/pa -b /tmp/pa -H 'content-type: application/json' \\
             -H "x-csrf-token: $(awk '$6=="pa_csrf"{print $7}' /tmp/pa)" \\
             -d '{"searchTerm":"fiets","email":"ik@example.nl"}' ${publicUrl}/api/alerts

 Stoppen / stop: Ctrl-C
──────────────────────────────────────────────────────────────────────────────
`);
