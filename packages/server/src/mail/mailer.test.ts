import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import PostalMime from 'postal-mime';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startMailbox, type Mailbox } from '../../test/mailbox';
import { createLogger } from '../logger';
import { createMailer, outboxDir, type Mailer } from './mailer';
import type { MailTemplateData, MailTemplateName } from './templates';

const PUBLIC_URL = 'https://prijsalarm.example';
const LINK = `${PUBLIC_URL}/verify/Zk3r9Qx_Vt7bL2mN8pW4sY6uA0cE1gH5jK-oR3tU9wX`;
const ATTACK = '<script>alert("x")</script>';
const ESCAPED_ATTACK = '&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;';

let dataDir: string;
beforeAll(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'prijsalarm-mail-'));
});
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

function capturingLogger() {
  const lines: Array<Record<string, unknown>> = [];
  const logger = createLogger({
    level: 'info',
    destination: { write: (line: string) => void lines.push(JSON.parse(line)) },
  });
  return { logger, lines };
}

/** One example per template, with the Dutch subject it must get. */
const EXAMPLES: {
  [N in MailTemplateName]: [N, MailTemplateData<N>, RegExp, string[]];
}[MailTemplateName][] = [
  ['verification', { name: 'Anna', url: LINK, validHours: 24 }, /^Bevestig je e-mailadres/, [LINK]],
  ['passwordReset', { url: LINK, validMinutes: 30 }, /^Stel een nieuw wachtwoord in/, [LINK]],
  ['loginLink', { url: LINK, validMinutes: 15 }, /^Je inloglink voor Prijsalarm$/, [LINK]],
  [
    'alertConfirmation',
    {
      searchTerm: 'Gazelle fiets',
      confirmUrl: LINK,
      manageUrl: `${PUBLIC_URL}/manage/abc`,
      validHours: 24,
    },
    /^Bevestig je prijsalarm voor "Gazelle fiets"$/,
    [LINK, `${PUBLIC_URL}/manage/abc`],
  ],
  [
    'expiryReminder',
    {
      searchTerm: 'Gazelle fiets',
      expiresAt: new Date('2026-12-24T10:30:00Z'),
      refreshUrl: `${PUBLIC_URL}/manage/abc/refresh/def`,
      manageUrl: `${PUBLIC_URL}/manage/abc`,
    },
    /^Je prijsalarm voor "Gazelle fiets" verloopt binnenkort$/,
    [`${PUBLIC_URL}/manage/abc/refresh/def`, `${PUBLIC_URL}/manage/abc`],
  ],
  [
    'contactMessage',
    { name: 'Piet', email: 'piet@example.nl', subject: 'Vraag', message: 'Hallo!\nGroet' },
    /^Contactformulier: Vraag$/,
    [],
  ],
];

describe('mailer over SMTP', () => {
  let mailbox: Mailbox;
  let mailer: Mailer;

  beforeAll(async () => {
    mailbox = await startMailbox();
    mailer = createMailer({
      config: {
        smtpUrl: mailbox.url,
        smtpMaxConnections: 2,
        mailFrom: 'Prijsalarm <alerts@prijsalarm.nl>',
        dataDir,
        publicUrl: PUBLIC_URL,
      },
      logger: createLogger({ level: 'silent' }),
    });
  });
  afterAll(async () => {
    await mailer.close();
    await mailbox.close();
  });
  beforeEach(() => mailbox.clear());

  it.each(EXAMPLES)(
    '%s arrives with a Dutch subject, HTML and text',
    async (template, data, subject, links) => {
      const to = `${template.toLowerCase()}@example.nl`;
      await mailer.send(template, to, data as never);
      const mail = await mailbox.waitFor({ to });
      expect(mail.subject).toMatch(subject);
      expect(mail.headers.from).toContain('alerts@prijsalarm.nl');
      expect(mail.html).toMatch(/<html lang="nl"[\s>]/);
      expect(mail.html).toContain('Prijsalarm');
      expect(mail.text.length).toBeGreaterThan(40);
      for (const link of links) {
        expect(mail.html).toContain(`href="${link}"`);
        expect(mail.text).toContain(link);
      }
      expect(mail.headers['list-unsubscribe']).toBeUndefined();
    },
  );

  it('escapes what a user typed in the HTML part and keeps it readable in the text part', async () => {
    await mailer.send(
      'contactMessage',
      'support@prijsalarm.nl',
      { name: `Eve ${ATTACK}`, email: 'eve@example.nl', subject: `Hoi ${ATTACK}`, message: ATTACK },
      { replyTo: 'eve@example.nl' },
    );
    const mail = await mailbox.waitFor({ to: 'support@prijsalarm.nl' });
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain(ESCAPED_ATTACK);
    expect(mail.text).toContain(ATTACK);
    expect(mail.headers['reply-to']).toContain('eve@example.nl');
  });

  it('escapes a search term from a marketplace or guest in the alert mails', async () => {
    await mailer.send('alertConfirmation', 'guest@example.nl', {
      searchTerm: `"><img src=x onerror=alert(1)>`,
      confirmUrl: LINK,
      manageUrl: `${PUBLIC_URL}/manage/abc`,
      validHours: 24,
    });
    const mail = await mailbox.waitFor({ to: 'guest@example.nl' });
    expect(mail.html).not.toContain('<img src=x');
    expect(mail.html).toContain('&quot;&gt;&lt;img src=x onerror=alert(1)&gt;');
  });

  it('keeps the subject on one line even when user text holds line breaks', async () => {
    await mailer.send('contactMessage', 'support@prijsalarm.nl', {
      name: 'Piet',
      email: 'piet@example.nl',
      subject: 'Vraag\r\nBcc: victim@example.nl',
      message: 'x',
    });
    const mail = await mailbox.waitFor({ to: 'support@prijsalarm.nl' });
    expect(mail.subject).toBe('Contactformulier: Vraag Bcc: victim@example.nl');
    expect(mail.to).toEqual(['support@prijsalarm.nl']);
    expect(mail.headers.bcc).toBeUndefined();
  });

  it('adds RFC 8058 one-click unsubscribe headers when asked', async () => {
    const unsubscribe = `${PUBLIC_URL}/api/newsletter/unsubscribe?token=abc`;
    await mailer.send(
      'expiryReminder',
      'owner@example.nl',
      { searchTerm: 'bank', expiresAt: new Date(), refreshUrl: LINK, manageUrl: LINK },
      { listUnsubscribe: unsubscribe },
    );
    const mail = await mailbox.waitFor({ to: 'owner@example.nl' });
    expect(mail.headers['list-unsubscribe']).toBe(`<${unsubscribe}>`);
    expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
  });

  it('formats the expiry moment in Dutch, Amsterdam time', async () => {
    await mailer.send('expiryReminder', 'dutch@example.nl', {
      searchTerm: 'bank',
      expiresAt: new Date('2026-12-24T10:30:00Z'),
      refreshUrl: LINK,
      manageUrl: LINK,
    });
    const mail = await mailbox.waitFor({ to: 'dutch@example.nl' });
    expect(mail.text).toContain('24 december 2026 om 11:30');
  });

  it('rejects when the SMTP server cannot be reached', async () => {
    const unreachable = createMailer({
      config: {
        smtpUrl: 'smtp://127.0.0.1:1',
        smtpMaxConnections: 2,
        mailFrom: 'a@b.nl',
        dataDir,
        publicUrl: PUBLIC_URL,
      },
      logger: createLogger({ level: 'silent' }),
    });
    await expect(
      unreachable.send('loginLink', 'x@example.nl', { url: LINK, validMinutes: 15 }),
    ).rejects.toThrow();
    await unreachable.close();
  });
});

describe('mailer without SMTP_URL (outbox)', () => {
  it('writes each mail as a private .eml file in DATA_DIR/outbox and logs its links, tokens masked', async () => {
    const { logger, lines } = capturingLogger();
    const mailer = createMailer({
      config: {
        smtpUrl: null,
        smtpMaxConnections: 2,
        mailFrom: 'Prijsalarm <alerts@prijsalarm.nl>',
        dataDir,
        publicUrl: PUBLIC_URL,
      },
      logger,
    });
    expect(mailer.mode).toBe('outbox');
    const sent = await mailer.send('verification', 'anna@example.nl', {
      name: ATTACK,
      url: LINK,
      validHours: 24,
    });

    expect(sent.file && path.dirname(sent.file)).toBe(outboxDir(dataDir));
    expect(readdirSync(outboxDir(dataDir))).toContain(path.basename(sent.file ?? ''));
    // Mail holds addresses and secret links: private to the server's user.
    expect(statSync(sent.file ?? '').mode & 0o777).toBe(0o600);
    expect(statSync(outboxDir(dataDir)).mode & 0o777).toBe(0o700);
    const parsed = await PostalMime.parse(readFileSync(sent.file ?? ''));
    expect(parsed.subject).toBe('Bevestig je e-mailadres voor Prijsalarm');
    expect(parsed.to?.[0]).toMatchObject({ address: 'anna@example.nl' });
    expect(parsed.html).toContain(ESCAPED_ATTACK);
    expect(parsed.text).toContain(LINK);

    const logged = lines.find((line) => line.msg === 'mail written to outbox');
    // The link is logged with its token masked, as every log line masks tokens; the file has it.
    expect(logged).toMatchObject({
      to: 'anna@example.nl',
      file: sent.file,
      links: [LINK.replace(/[^/]+$/, '[redacted]')],
    });
    await mailer.close();
  });
});

describe('templates', () => {
  it('refuse a non-http link', () => {
    const mailer = createMailer({
      config: {
        smtpUrl: null,
        smtpMaxConnections: 2,
        mailFrom: 'a@b.nl',
        dataDir,
        publicUrl: PUBLIC_URL,
      },
      logger: createLogger({ level: 'silent' }),
    });
    expect(() =>
      mailer.render('loginLink', { url: 'javascript:alert(1)', validMinutes: 15 }),
    ).toThrow(/javascript/);
  });
});
