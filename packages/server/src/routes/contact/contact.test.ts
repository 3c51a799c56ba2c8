import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { API_TEXTS, CONTACT_TEXTS } from '@prijsalarm/core';
import { requestWithoutCsrf } from '../../../test/requests';
import { startTestServer, type TestServer } from '../../../test/support';

const SUPPORT = 'helpdesk@prijsalarm.example';
const VALID = {
  name: 'Piet Jansen',
  email: 'Piet@Example.nl',
  subject: 'Vraag over mijn alert',
  message: 'Hallo,\nik ontvang geen meldingen.\nGroet, Piet',
};

describe('POST /contact', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { SUPPORT_EMAIL: SUPPORT, RATE_LIMITS: 'off' } });
  });
  afterAll(() => server.stop());
  beforeEach(() => server.mailbox.clear());

  async function send(body: unknown) {
    const guest = server.client();
    await guest.get('/api/settings/public'); // the CSRF cookie a visitor's browser gets
    return guest.post('/api/contact', body);
  }

  it('mails the message to support, with Reply-To the sender', async () => {
    const res = await send(VALID);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: CONTACT_TEXTS.sent });
    const mail = await server.mailbox.waitFor({ to: SUPPORT });
    expect(mail.subject).toBe('Contactformulier: Vraag over mijn alert');
    expect(mail.headers['reply-to']).toContain('piet@example.nl');
    expect(mail.text).toContain('ik ontvang geen meldingen.');
    expect(mail.text).toContain('Piet Jansen');
  });

  it('escapes what the sender typed in the HTML part', async () => {
    await send({
      ...VALID,
      name: '<b>Eve</b>',
      message: '<script>alert("x")</script><img src=x onerror=alert(1)>',
    });
    const mail = await server.mailbox.waitFor({ to: SUPPORT });
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).not.toContain('<img src=x');
    expect(mail.html).not.toContain('<b>Eve</b>');
    expect(mail.html).toContain('&lt;script&gt;');
  });

  it('cannot add recipients through the subject', async () => {
    await send({ ...VALID, subject: 'Hoi\r\nBcc: slachtoffer@example.nl' });
    const mail = await server.mailbox.waitFor({ to: SUPPORT });
    expect(mail.to).toEqual([SUPPORT]);
    expect(mail.headers.bcc).toBeUndefined();
  });

  it.each<[string, unknown, string]>([
    ['no name', { ...VALID, name: '' }, 'name'],
    ['no e-mail address', { ...VALID, email: undefined }, 'email'],
    ['a bad e-mail address', { ...VALID, email: 'piet@' }, 'email'],
    [
      'an e-mail address with a header injection',
      { ...VALID, email: 'a@b.nl\r\nBcc: c@d.nl' },
      'email',
    ],
    ['no subject', { ...VALID, subject: '   ' }, 'subject'],
    ['no message', { ...VALID, message: '' }, 'message'],
    ['a message over 5000 characters', { ...VALID, message: 'x'.repeat(5001) }, 'message'],
    ['a message that is no text', { ...VALID, message: 42 }, 'message'],
  ])('refuses %s with a Dutch 400, sending nothing', async (_case, body, field) => {
    const res = await send(body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: API_TEXTS.validationFailed });
    expect(typeof (res.body as { fields: Record<string, string> }).fields[field]).toBe('string');
    expect(server.mailbox.messages).toEqual([]);
  });

  it('refuses malformed JSON with a Dutch 400', async () => {
    const res = await send('{"name":');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: API_TEXTS.invalidJson });
  });

  it('refuses a request without the CSRF token', async () => {
    const guest = server.client();
    await guest.get('/api/settings/public');
    const res = await requestWithoutCsrf(guest, 'POST', '/api/contact', VALID);
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ error: API_TEXTS.csrfInvalid });
    expect(server.mailbox.messages).toEqual([]);
  });
});

describe('POST /contact rate limit', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { RATE_LIMITS: 'contact-ip=2/600' } });
  });
  afterAll(() => server.stop());

  it('answers 429 with Retry-After once an address has sent too many', async () => {
    const guest = server.client();
    await guest.get('/api/settings/public');
    for (let attempt = 1; attempt <= 2; attempt += 1) {
      expect((await guest.post('/api/contact', VALID)).status).toBe(200);
    }
    const refused = await guest.post('/api/contact', VALID);
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ error: API_TEXTS.tooManyRequests });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // The default support address when SUPPORT_EMAIL is not set.
    expect(server.mailbox.messages.map((mail) => mail.to)).toEqual([
      ['support@prijsalarm.nl'],
      ['support@prijsalarm.nl'],
    ]);
  });
});
