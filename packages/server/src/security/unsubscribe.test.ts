import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMailbox, type Mailbox } from '../../test/mailbox';
import { newShortId } from '../lib/short-ids';
import { createLogger } from '../logger';
import { createMailer, type Mailer } from '../mail/mailer';
import {
  createUnsubscribeToken,
  listUnsubscribeHeaders,
  unsubscribeTokenUserId,
  unsubscribeUrl,
  verifyUnsubscribeToken,
} from './unsubscribe';

const SECRET = 'a-session-secret-that-is-long-enough-for-tests-0123';
const OTHER_SECRET = 'another-session-secret-that-is-long-enough-9876543';
const USER = { id: '3f0c7a52-6a4e-4e8e-9a51-1f3a0c2b9d11', email: 'anna@example.nl' };
const CONFIG = {
  publicUrl: 'https://prijsalarm.example',
  sessionSecret: SECRET,
  supportEmail: 'support@prijsalarm.example',
};

describe('unsubscribe tokens', () => {
  const token = createUnsubscribeToken(SECRET, USER);

  it('name their user and verify for that user', () => {
    expect(unsubscribeTokenUserId(token)).toBe(USER.id);
    expect(verifyUnsubscribeToken(SECRET, token, USER)).toBe(true);
  });

  it('name a user with a short id, and one made before short ids by its UUID', () => {
    const user = { id: newShortId('u'), email: 'bram@example.nl' };
    const shortToken = createUnsubscribeToken(SECRET, user);
    expect(unsubscribeTokenUserId(shortToken)).toBe(user.id);
    expect(verifyUnsubscribeToken(SECRET, shortToken, user)).toBe(true);
    expect(verifyUnsubscribeToken(SECRET, shortToken, USER)).toBe(false);
  });

  it('are the same for the same user (no expiry, nothing stored)', () => {
    expect(createUnsubscribeToken(SECRET, USER)).toBe(token);
  });

  it('ignore the case of the e-mail address', () => {
    expect(verifyUnsubscribeToken(SECRET, token, { ...USER, email: 'Anna@Example.NL' })).toBe(true);
  });

  const [userId, signature] = token.split('.') as [string, string];
  const flipped = `${signature.startsWith('A') ? 'B' : 'A'}${signature.slice(1)}`;

  it.each([
    ['the user changed their e-mail address', token, { ...USER, email: 'new@example.nl' }],
    ['a signature with one character changed', `${userId}.${flipped}`, USER],
    [
      "another user's id with this signature",
      `00000000-0000-4000-8000-000000000000.${signature}`,
      { ...USER, id: '00000000-0000-4000-8000-000000000000' },
    ],
    ['a token made with another secret', createUnsubscribeToken(OTHER_SECRET, USER), USER],
  ])('are refused when %s', (_case, candidate, user) => {
    expect(verifyUnsubscribeToken(SECRET, candidate, user)).toBe(false);
  });

  it.each([
    ['empty', ''],
    ['no signature', userId],
    ['an empty signature', `${userId}.`],
    ['a short signature', `${userId}.abc`],
    ['no user id', `.${signature}`],
    ['a user id that is no UUID', `anna.${signature}`],
    ['an extra part', `${token}.x`],
    ['not a string', ['a', 'b']],
  ])('name no user when %s', (_case, candidate) => {
    expect(unsubscribeTokenUserId(candidate)).toBeNull();
  });
});

describe('List-Unsubscribe headers', () => {
  it('point at the /uitschrijven page with the token, plus a mailto: fallback', () => {
    const headers = listUnsubscribeHeaders(CONFIG, USER);
    const url = unsubscribeUrl(CONFIG, USER);
    expect(url).toBe(
      `https://prijsalarm.example/uitschrijven?token=${createUnsubscribeToken(SECRET, USER)}`,
    );
    expect(headers).toEqual({
      'List-Unsubscribe': `<${url}>, <mailto:support@prijsalarm.example?subject=Uitschrijven%20nieuwsbrief>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
  });

  describe('through the mailer', () => {
    let dataDir: string;
    let mailbox: Mailbox;
    let mailer: Mailer;
    beforeAll(async () => {
      dataDir = mkdtempSync(path.join(tmpdir(), 'prijsalarm-unsubscribe-'));
      mailbox = await startMailbox();
      mailer = createMailer({
        config: {
          smtpUrl: mailbox.url,
          smtpMaxConnections: 2,
          mailFrom: 'Prijsalarm <alerts@prijsalarm.nl>',
          dataDir,
          publicUrl: CONFIG.publicUrl,
        },
        logger: createLogger({ level: 'silent' }),
      });
    });
    afterAll(async () => {
      await mailer.close();
      await mailbox.close();
      rmSync(dataDir, { recursive: true, force: true });
    });

    it('arrive unfolded, exactly as built', async () => {
      const headers = listUnsubscribeHeaders(CONFIG, USER);
      await mailer.send(
        'expiryReminder',
        USER.email,
        {
          searchTerm: 'bank',
          expiresAt: new Date(),
          refreshUrl: CONFIG.publicUrl,
          manageUrl: CONFIG.publicUrl,
        },
        { listUnsubscribe: headers },
      );
      const mail = await mailbox.waitFor({ to: USER.email });
      expect(mail.headers['list-unsubscribe']).toBe(headers['List-Unsubscribe']);
      expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
      expect(mail.raw).toContain(`List-Unsubscribe: ${headers['List-Unsubscribe']}\r\n`);
    });
  });
});
