/**
 * The Bot API double speaks the wire protocol the real API does, so the production client (and
 * any other) can be tested against it. Raw HTTP here, the client in the other tests.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTelegramDouble, type TelegramDouble } from '../../../../../tests/doubles/telegram';

const TOKEN = '123456:TEST-token_abc';
let double: TelegramDouble;

beforeAll(async () => {
  double = await startTelegramDouble({ token: TOKEN });
});
afterEach(() => double.reset());
afterAll(async () => {
  await double.stop();
});

async function call(path: string, init?: RequestInit) {
  const response = await fetch(`${double.apiRoot}${path}`, init);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const json = (body: unknown): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

describe('Bot API double: requests', () => {
  function multipart(fields: Record<string, string>): RequestInit {
    const form = new FormData();
    for (const [key, value] of Object.entries(fields)) form.set(key, value);
    return { method: 'POST', body: form };
  }

  it.each<[string, string, RequestInit | undefined]>([
    ['a GET with a query string', `/bot${TOKEN}/sendMessage?chat_id=7&text=hoi`, undefined],
    ['a POST with JSON', `/bot${TOKEN}/sendMessage`, json({ chat_id: 7, text: 'hoi' })],
    [
      'a POST, urlencoded',
      `/bot${TOKEN}/sendMessage`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'chat_id=7&text=hoi',
      },
    ],
    ['a POST, multipart', `/bot${TOKEN}/sendMessage`, multipart({ chat_id: '7', text: 'hoi' })],
    ['a method name in any case', `/bot${TOKEN}/SENDMESSAGE?chat_id=7&text=hoi`, undefined],
  ])('accepts %s', async (_case, path, init) => {
    const { status, body } = await call(path, init);
    expect(status).toBe(200);
    expect(body).toMatchObject({ ok: true, result: { chat: { id: 7 }, text: 'hoi' } });
    expect(double.messagesTo(7).map((message) => message.text)).toEqual(['hoi']);
  });

  it('takes an uploaded photo as multipart/form-data', async () => {
    const form = new FormData();
    form.set('chat_id', '7');
    form.set('caption', 'foto');
    form.set(
      'photo',
      new Blob([new Uint8Array([0xff, 0xd8, 0xff])], { type: 'image/jpeg' }),
      'a.jpg',
    );
    const { status } = await call(`/bot${TOKEN}/sendPhoto`, { method: 'POST', body: form });
    expect(status).toBe(200);
    expect(double.messagesTo(7)[0]).toMatchObject({ photo: 'upload:a.jpg', text: 'foto' });
    expect(double.callsTo('sendPhoto')[0]?.encoding).toBe('multipart');
  });

  it.each([
    ['a wrong token', '/bot123456:nope/getMe', 401, 'Unauthorized'],
    ['an unknown method', `/bot${TOKEN}/sendTelepathy`, 404, 'Not Found'],
    ['a path without a bot', '/getMe', 404, 'Not Found'],
  ])('answers %s like the real API', async (_case, path, status, description) => {
    expect(await call(path)).toEqual({
      status,
      body: { ok: false, error_code: status, description },
    });
  });

  it.each([
    [
      '<b>vet',
      `Bad Request: can't parse entities: Can't find end tag corresponding to start tag "b"`,
    ],
    [
      '<blink>x</blink>',
      `Bad Request: can't parse entities: Unsupported start tag "blink" at byte offset 0`,
    ],
    ['a </b>', `Bad Request: can't parse entities: Unexpected end tag at byte offset 2`],
  ])('refuses HTML it cannot parse: %s', async (text, description) => {
    const { status, body } = await call(
      `/bot${TOKEN}/sendMessage`,
      json({ chat_id: 7, text, parse_mode: 'HTML' }),
    );
    expect(status).toBe(400);
    expect(body.description).toBe(description);
  });

  it.each([
    ['a &amp; b &lt;c&gt; &quot;d&quot; &#39;e&#39;', 'a & b <c> "d" \'e\''],
    ['Tom & Jerry &nbsp; &unknown;', 'Tom & Jerry &nbsp; &unknown;'],
    ['x > y', 'x > y'],
  ])('reads HTML entities as Telegram does: %j', async (text, shown) => {
    await call(`/bot${TOKEN}/sendMessage`, json({ chat_id: 7, text, parse_mode: 'HTML' }));
    expect(double.messagesTo(7)[0]?.text).toBe(shown);
  });
});

describe('Bot API double: updates', () => {
  it('getUpdates returns queued updates until an offset confirms them', async () => {
    const first = await double.sendUserMessage({ chatId: 9, username: 'jan', text: '/start ABC' });
    await double.sendUserMessage({ chatId: 9, text: 'tweede' });
    const all = await call(`/bot${TOKEN}/getUpdates`);
    expect((all.body.result as unknown[]).length).toBe(2);
    expect(all.body.result).toContainEqual(
      expect.objectContaining({
        update_id: first.update_id,
        message: expect.objectContaining({
          text: '/start ABC',
          chat: { id: 9, type: 'private', first_name: 'jan', username: 'jan' },
          entities: [{ type: 'bot_command', offset: 0, length: 6 }],
        }),
      }),
    );
    const rest = await call(`/bot${TOKEN}/getUpdates?offset=${first.update_id + 1}`);
    expect(rest.body.result).toMatchObject([{ message: { text: 'tweede' } }]);
    expect(double.pendingUpdates()).toBe(1);
  });

  it('a long poll waits for the next update', async () => {
    const poll = call(`/bot${TOKEN}/getUpdates?timeout=5`);
    await new Promise((resolve) => setTimeout(resolve, 50));
    await double.sendUserMessage({ chatId: 9, text: 'nu' });
    const { body } = await poll;
    expect(body.result).toMatchObject([{ message: { text: 'nu' } }]);
  });

  it('a long poll with nothing new ends empty after its timeout', async () => {
    const started = Date.now();
    const { body } = await call(`/bot${TOKEN}/getUpdates?timeout=1`);
    expect(body).toEqual({ ok: true, result: [] });
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
  });

  it.each([
    ['a secret with a space', 'not allowed', 400],
    ['a valid secret', 'S3cret_token-1', 200],
  ])('setWebhook with %s answers %i', async (_case, secret, status) => {
    const result = await call(
      `/bot${TOKEN}/setWebhook`,
      json({ url: 'http://127.0.0.1:9/hook', secret_token: secret }),
    );
    expect(result.status).toBe(status);
  });

  it('getUpdates conflicts with an active webhook, as in the real API', async () => {
    await call(`/bot${TOKEN}/setWebhook`, json({ url: 'http://127.0.0.1:9/hook' }));
    expect((await call(`/bot${TOKEN}/getUpdates`)).status).toBe(409);
    await call(`/bot${TOKEN}/deleteWebhook`);
    expect((await call(`/bot${TOKEN}/getUpdates`)).status).toBe(200);
  });
});
