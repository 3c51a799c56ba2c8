/** The chat's HTTP calls through the running server, with their refusals. */
import {
  CHAT_MESSAGE_MAX_LENGTH,
  CHAT_TEXTS,
  type ApiErrorBody,
  type ChatCheckMessagesResponse,
  type ChatInitializeResponse,
  type ChatOnlineStatusResponse,
  type ChatResolveResponse,
  type ChatSendResponse,
  type ChatUnreadCountResponse,
  type ChatValidateEmailResponse,
  type ChatVerifySessionResponse,
} from '@prijsalarm/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAs } from '../../../test/auth-helpers';
import { startGuestChat } from '../../../test/chat-helpers';
import { startTestServer, type TestServer } from '../../../test/support';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({
    env: { SUPPORT_EMAIL: 'support@prijsalarm.test', RATE_LIMITS: 'chat-message-session=5/60' },
  });
});
afterAll(() => server.stop());

async function supportAnswers(sessionId: string, text: string) {
  const admin = server.client();
  await loginAs(server, admin, { role: 'ADMIN' });
  const res = await admin.post(`/api/admin/chat/sessions/${sessionId}/messages`, { text });
  expect(res.status).toBe(201);
  return admin;
}

describe('a guest', () => {
  it('starts a session, sends, and reads what came after its last message', async () => {
    const guest = await startGuestChat(server, { name: '  Gerda ', email: 'Gerda@Example.NL ' });
    const session = await server.models.ChatSession.findByPk(guest.sessionId);
    expect(session).toMatchObject({
      guestName: 'Gerda',
      guestEmail: 'gerda@example.nl',
      userId: null,
    });

    const first = await guest.client.post<ChatSendResponse>('/api/chat/send', {
      sessionId: guest.sessionId,
      message: '  Hoe werkt het?  ',
      guestInfo: guest.guestInfo,
    });
    expect(first.status).toBe(200);
    expect(first.body.messageId).toEqual(expect.any(String));

    const check = (lastMessageId: string | null) =>
      guest.client.post<ChatCheckMessagesResponse>('/api/chat/check-messages', {
        sessionId: guest.sessionId,
        lastMessageId,
        guestInfo: guest.guestInfo,
      });
    const all = await check(null);
    expect(all.status).toBe(200);
    expect(all.body).toEqual({
      sessionStatus: 'active',
      newMessages: [
        {
          id: first.body.messageId,
          text: 'Hoe werkt het?',
          sender: 'guest',
          timestamp: expect.any(String),
          delivered: false,
          read: false,
        },
      ],
    });
    await supportAnswers(guest.sessionId, 'Je maakt een alert aan.');
    const after = await check(first.body.messageId);
    expect(after.body.newMessages.map((m) => [m.sender, m.text])).toEqual([
      ['support', 'Je maakt een alert aan.'],
    ]);
  });

  it('resumes its session on initialize with the id and its e-mail', async () => {
    const guest = await startGuestChat(server);
    await guest.client.post('/api/chat/send', {
      sessionId: guest.sessionId,
      message: 'Eerste vraag',
      guestInfo: guest.guestInfo,
    });
    const again = await server.client().post<ChatInitializeResponse>('/api/chat/initialize', {
      guestInfo: { ...guest.guestInfo, email: guest.guestInfo.email.toUpperCase() },
      sessionId: guest.sessionId,
    });
    expect(again.body.sessionId).toBe(guest.sessionId);
    expect(again.body.sessionStatus).toBe('active');
    expect(again.body.messages.map((m) => m.text)).toEqual(['Eerste vraag']);
  });

  it('cannot join a session with another e-mail: initialize starts a new one, the rest is 404', async () => {
    const guest = await startGuestChat(server);
    const intruder = server.client();
    const wrong = { name: 'Indringer', email: 'indringer@example.nl' };
    const init = await intruder.post<ChatInitializeResponse>('/api/chat/initialize', {
      guestInfo: wrong,
      sessionId: guest.sessionId,
    });
    expect(init.body.sessionId).not.toBe(guest.sessionId);
    expect(init.body.messages).toEqual([]);
    for (const path of [
      '/api/chat/check-messages',
      '/api/chat/send',
      '/api/chat/mark-read',
      '/api/chat/resolve',
    ]) {
      const res = await intruder.post<ApiErrorBody>(path, {
        sessionId: guest.sessionId,
        lastMessageId: null,
        message: 'hallo',
        guestInfo: wrong,
      });
      expect(res.status, path).toBe(404);
      expect(res.body.error).toBe(CHAT_TEXTS.errors.notFound);
    }
    const verify = await intruder.post<ChatVerifySessionResponse>('/api/chat/verify-session', {
      sessionId: guest.sessionId,
      guestInfo: wrong,
    });
    expect(verify.body).toEqual({ valid: false, sessionStatus: null });
  });

  it('verifies its session; after 24 h it is closed and refused as expired', async () => {
    const guest = await startGuestChat(server);
    const verify = () =>
      guest.client.post<ChatVerifySessionResponse>('/api/chat/verify-session', {
        sessionId: guest.sessionId,
        guestInfo: guest.guestInfo,
      });
    expect((await verify()).body).toEqual({ valid: true, sessionStatus: 'active' });

    const dayAgo = new Date(Date.now() - 24 * 60 * 60 * 1000 - 1000);
    await server.models.ChatSession.update(
      { createdAt: dayAgo },
      { where: { id: guest.sessionId }, silent: true },
    );
    expect((await verify()).body).toEqual({ valid: false, sessionStatus: 'closed' });
    const check = await guest.client.post<ApiErrorBody>('/api/chat/check-messages', {
      sessionId: guest.sessionId,
      lastMessageId: null,
      guestInfo: guest.guestInfo,
    });
    expect(check.status).toBe(403);
    expect(check.body.error).toBe(CHAT_TEXTS.errors.sessionExpired);
    const send = await guest.client.post<ApiErrorBody>('/api/chat/send', {
      sessionId: guest.sessionId,
      message: 'nog iemand?',
      guestInfo: guest.guestInfo,
    });
    expect(send.status).toBe(403);
    const init = await guest.client.post<ChatInitializeResponse>('/api/chat/initialize', {
      guestInfo: guest.guestInfo,
      sessionId: guest.sessionId,
    });
    expect(init.body).toMatchObject({ sessionId: guest.sessionId, sessionStatus: 'closed' });
  });

  it('ends the chat: resolved by the user, then check-messages answers 403 and sending is refused', async () => {
    const guest = await startGuestChat(server);
    const body = { sessionId: guest.sessionId, guestInfo: guest.guestInfo };
    const resolved = await guest.client.post<ChatResolveResponse>('/api/chat/resolve', body);
    expect(resolved.body).toEqual({ success: true, sessionStatus: 'resolved' });
    const again = await guest.client.post<ChatResolveResponse>('/api/chat/resolve', body);
    expect(again.body).toEqual({ success: true, sessionStatus: 'resolved' });
    expect(await server.models.ChatSession.findByPk(guest.sessionId)).toMatchObject({
      status: 'resolved',
      resolvedBy: 'user',
    });
    const check = await guest.client.post<ApiErrorBody>('/api/chat/check-messages', {
      ...body,
      lastMessageId: null,
    });
    expect(check.status).toBe(403);
    expect(check.body.error).toBe(CHAT_TEXTS.errors.sessionOver);
    const send = await guest.client.post<ApiErrorBody>('/api/chat/send', {
      ...body,
      message: 'hoi',
    });
    expect(send.status).toBe(403);
    const init = await guest.client.post<ChatInitializeResponse>('/api/chat/initialize', body);
    expect(init.body.sessionStatus).toBe('resolved');
    expect(init.body.messages.map((m) => [m.sender, m.text])).toEqual([
      ['system', CHAT_TEXTS.endedByUserNote],
    ]);
  });

  it('counts unread support messages (POST) until mark-read', async () => {
    const guest = await startGuestChat(server);
    const body = { sessionId: guest.sessionId, guestInfo: guest.guestInfo };
    const unread = () => guest.client.post<ChatUnreadCountResponse>('/api/chat/unread-count', body);
    expect((await unread()).body).toEqual({ count: 0, authenticated: false });
    await supportAnswers(guest.sessionId, 'Een');
    await supportAnswers(guest.sessionId, 'Twee');
    expect((await unread()).body).toEqual({ count: 2, authenticated: false });
    expect((await guest.client.post('/api/chat/mark-read', body)).body).toEqual({ success: true });
    expect((await unread()).body.count).toBe(0);
  });

  it('is refused a message over 2 000 characters, in Dutch', async () => {
    const guest = await startGuestChat(server);
    const res = await guest.client.post<ApiErrorBody>('/api/chat/send', {
      sessionId: guest.sessionId,
      message: 'x'.repeat(CHAT_MESSAGE_MAX_LENGTH + 1),
      guestInfo: guest.guestInfo,
    });
    expect(res.status).toBe(400);
    expect(res.body.fields?.message).toBe(CHAT_TEXTS.messageTooLong(CHAT_MESSAGE_MAX_LENGTH));
  });

  it('is rate-limited per session, with a Dutch 429', async () => {
    const guest = await startGuestChat(server);
    const send = (n: number) =>
      guest.client.post<ApiErrorBody>('/api/chat/send', {
        sessionId: guest.sessionId,
        message: `bericht ${n}`,
        guestInfo: guest.guestInfo,
      });
    for (let n = 1; n <= 5; n += 1) expect((await send(n)).status).toBe(200);
    const refused = await send(6);
    expect(refused.status).toBe(429);
    expect(refused.body.error).toBe(CHAT_TEXTS.errors.tooManyMessages);
    expect(refused.headers.get('retry-after')).toEqual(expect.any(String));
  });

  it('needs its details: a one-letter name is refused in Dutch', async () => {
    const res = await server.client().post<ApiErrorBody>('/api/chat/initialize', {
      guestInfo: { name: 'A', email: 'a@example.nl' },
    });
    expect(res.status).toBe(400);
  });
});

describe('a signed-in user', () => {
  it('chats without guest details, gets the same open session back, and counts unread (GET)', async () => {
    const browser = server.client();
    const user = await loginAs(server, browser, { plan: 'PRO', name: 'Piet' });
    const userInfo = { email: user.email, name: 'Piet', plan: 'PRO' };
    const init = await browser.post<ChatInitializeResponse>('/api/chat/initialize', { userInfo });
    expect(init.status).toBe(200);
    expect(init.body.sessionStatus).toBe('active');
    const again = await browser.post<ChatInitializeResponse>('/api/chat/initialize', { userInfo });
    expect(again.body.sessionId).toBe(init.body.sessionId);

    const sent = await browser.post<ChatSendResponse>('/api/chat/send', {
      sessionId: init.body.sessionId,
      message: 'Vraag over mijn abonnement',
    });
    expect(sent.status).toBe(200);
    expect((await server.models.ChatMessage.findByPk(sent.body.messageId))?.sender).toBe('user');

    await supportAnswers(init.body.sessionId, 'Wat wil je weten?');
    const unread = await browser.get<ChatUnreadCountResponse>('/api/chat/unread-count');
    expect(unread.body).toEqual({ count: 1, authenticated: true });
  });

  it('cannot use another user’s session', async () => {
    const owner = server.client();
    await loginAs(server, owner);
    const mine = await owner.post<ChatInitializeResponse>('/api/chat/initialize', {
      userInfo: { email: 'x@example.nl', name: null, plan: 'FREE' },
    });
    const other = server.client();
    await loginAs(server, other);
    const res = await other.post('/api/chat/send', {
      sessionId: mine.body.sessionId,
      message: 'hoi',
    });
    expect(res.status).toBe(404);
  });

  it('without a login: userInfo is 401, GET unread-count is 401', async () => {
    const anonymous = server.client();
    const init = await anonymous.post<ApiErrorBody>('/api/chat/initialize', {
      userInfo: { email: 'x@example.nl', name: null, plan: 'FREE' },
    });
    expect(init.status).toBe(401);
    expect(init.body.error).toBe(CHAT_TEXTS.errors.userInfoNeedsLogin);
    expect((await anonymous.get('/api/chat/unread-count')).status).toBe(401);
    const send = await anonymous.post('/api/chat/send', { sessionId: 'x', message: 'hoi' });
    expect(send.status).toBe(401);
  });

  it('needs the CSRF header like every other call', async () => {
    const guest = await startGuestChat(server);
    const res = await guest.client.post<ApiErrorBody>(
      '/api/chat/send',
      { sessionId: guest.sessionId, message: 'hoi', guestInfo: guest.guestInfo },
      { headers: { 'x-csrf-token': 'nope' } },
    );
    expect(res.status).toBe(403);
  });
});

describe('validate-email', () => {
  it.each<[string, ChatValidateEmailResponse]>([
    ['  Anna@Example.NL ', { valid: true, normalized: 'anna@example.nl' }],
    ['anna@', { valid: false, error: CHAT_TEXTS.email.missingDomain }],
    ['anna@example', { valid: false, error: CHAT_TEXTS.email.invalidDomain }],
    ['anna.example.nl', { valid: false, error: CHAT_TEXTS.email.missingAt }],
  ])('%s', async (email, expected) => {
    const res = await server.client().post('/api/chat/validate-email', { email });
    expect(res.status).toBe(200);
    expect(res.body).toEqual(expected);
  });

  it('an empty address is a 400 with the Dutch required-field text', async () => {
    const res = await server
      .client()
      .post<ApiErrorBody>('/api/chat/validate-email', { email: ' ' });
    expect(res.status).toBe(400);
    expect(res.body.fields?.email).toBe(CHAT_TEXTS.emailRequired);
  });
});

describe('online-status and the support mail', () => {
  it('is offline until an agent switches on; the offline first message is mailed to support, once', async () => {
    const status = () => server.client().get<ChatOnlineStatusResponse>('/api/chat/online-status');
    expect((await status()).body).toEqual({
      isOnline: false,
      statusMessage: CHAT_TEXTS.status.offline,
    });

    const guest = await startGuestChat(server, { name: 'Olga <b>', email: 'olga@example.nl' });
    for (const message of ['Is er iemand? <script>alert(1)</script>', 'Tweede bericht']) {
      await guest.client.post('/api/chat/send', {
        sessionId: guest.sessionId,
        message,
        guestInfo: guest.guestInfo,
      });
    }
    const mail = await server.mailbox.waitFor({ to: 'support@prijsalarm.test', subject: 'Olga' });
    expect(mail.html).toContain('Is er iemand? &lt;script&gt;alert(1)&lt;/script&gt;');
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('Olga &lt;b&gt;');
    expect(mail.text).not.toContain('Tweede bericht');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(server.mailbox.messages.filter((m) => m.subject.includes('Olga'))).toHaveLength(1);

    const admin = server.client();
    await loginAs(server, admin, { role: 'ADMIN' });
    expect((await admin.put('/api/admin/chat/presence', { online: true })).status).toBe(200);
    expect((await status()).body).toEqual({
      isOnline: true,
      statusMessage: CHAT_TEXTS.status.online,
    });
    expect(CHAT_TEXTS.status.online).toContain('binnen 2 minuten');
    const online = await startGuestChat(server, { name: 'Otto', email: 'otto@example.nl' });
    await online.client.post('/api/chat/send', {
      sessionId: online.sessionId,
      message: 'Hallo',
      guestInfo: online.guestInfo,
    });
    await admin.put('/api/admin/chat/presence', { online: false });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(server.mailbox.messages.some((m) => m.subject.includes('Otto'))).toBe(false);
  });
});

describe("a guest's name", () => {
  it('loses control and bidi characters before support sees it', async () => {
    const guest = await startGuestChat(server, {
      name: 'Gerda\u0000 \u202eadmin\u2066\t Gast',
      email: 'gerda-stuurteken@example.nl',
    });
    const session = await server.models.ChatSession.findByPk(guest.sessionId);
    expect(session!.guestName).toBe('Gerda admin Gast');
    // The guest keeps talking with the name as typed: it is the same name once cleaned.
    const sent = await guest.client.post<ChatSendResponse>('/api/chat/send', {
      sessionId: guest.sessionId,
      message: 'Hallo',
      guestInfo: guest.guestInfo,
    });
    expect(sent.status).toBe(200);
  });

  it('of nothing but control characters is refused in Dutch', async () => {
    const res = await server.client().post<ApiErrorBody>('/api/chat/initialize', {
      guestInfo: { name: '\u0000\u202e\u0000', email: 'leeg@example.nl' },
    });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain(CHAT_TEXTS.nameTooShort);
  });
});
