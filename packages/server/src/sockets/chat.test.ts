/** /ws/chat through the running server, refusals included. */
import {
  API_TEXTS,
  CHAT_MESSAGE_MAX_LENGTH,
  CHAT_TEXTS,
  type ChatInitializeResponse,
} from '@prijsalarm/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAs } from '../../test/auth-helpers';
import {
  agentSocket,
  guestSocket,
  openChatSocket,
  startGuestChat,
  type ChatSocket,
} from '../../test/chat-helpers';
import type { TestClient } from '../../test/http-client';
import { startTestServer, type TestServer } from '../../test/support';
import {
  CHAT_FRAMES_PER_MINUTE,
  CLOSE_FLOOD,
  CLOSE_FORBIDDEN,
  CLOSE_NOT_AUTHENTICATED,
} from './chat';

let server: TestServer;
let admin: TestClient;
const sockets: ChatSocket[] = [];
const track = (socket: ChatSocket) => (sockets.push(socket), socket);

beforeAll(async () => {
  server = await startTestServer({
    env: { CORS_ORIGINS: 'https://app.example.nl', RATE_LIMITS: 'chat-message-session=3/60' },
  });
  admin = server.client();
  await loginAs(server, admin, { role: 'ADMIN' });
});
afterAll(async () => {
  for (const { socket } of sockets) socket.terminate();
  await server.stop();
});

describe('who may connect and join', () => {
  const publicOrigin = () => new URL(server.config.publicUrl).origin;
  it.each<[string, 'open' | 403, () => string | null]>([
    ['PUBLIC_URL', 'open', publicOrigin],
    ['a CORS_ORIGINS entry', 'open', () => 'https://app.example.nl'],
    ['none (not a browser)', 'open', () => null],
    ['another site', 403, () => 'https://evil.example'],
  ])('Origin %s → %s', async (_case, expected, origin) => {
    const value = origin();
    const attempt = openChatSocket(server.baseUrl, { headers: value ? { origin: value } : {} });
    if (expected === 'open') {
      const socket = track(await attempt);
      expect(await socket.next()).toEqual({ type: 'connected' });
    } else await expect(attempt).rejects.toMatchObject({ status: expected });
  });

  it('a guest joins the session whose id and e-mail it proves', async () => {
    const guest = await startGuestChat(server);
    const socket = track(await openChatSocket(server.baseUrl, { guestSessionId: guest.sessionId }));
    await socket.next('connected');
    socket.send({
      type: 'guest_auth',
      sessionId: guest.sessionId,
      guestInfo: { ...guest.guestInfo, email: ` ${guest.guestInfo.email.toUpperCase()}` },
    });
    await socket.next('guest_authenticated');
    expect(await socket.next('online_status')).toEqual({ type: 'online_status', isOnline: false });
  });

  it('a guest with another e-mail is refused and cut off', async () => {
    const guest = await startGuestChat(server);
    const socket = track(await openChatSocket(server.baseUrl, { guestSessionId: guest.sessionId }));
    socket.send({
      type: 'guest_auth',
      sessionId: guest.sessionId,
      guestInfo: { name: 'Indringer', email: 'indringer@example.nl' },
    });
    expect(await socket.next('error')).toEqual({
      type: 'error',
      message: CHAT_TEXTS.errors.notFound,
    });
    expect(await socket.closed).toBe(CLOSE_FORBIDDEN);
  });

  it('a guest socket opened for one session cannot join another', async () => {
    const mine = await startGuestChat(server);
    const theirs = await startGuestChat(server, { name: 'Ander', email: mine.guestInfo.email });
    const socket = track(await openChatSocket(server.baseUrl, { guestSessionId: mine.sessionId }));
    socket.send({ type: 'guest_auth', sessionId: theirs.sessionId, guestInfo: theirs.guestInfo });
    await socket.next('error');
    expect(await socket.closed).toBe(CLOSE_FORBIDDEN);
  });

  it('a user joins only their own session; without a login `auth` is refused', async () => {
    const owner = server.client();
    await loginAs(server, owner);
    const { body } = await owner.post<ChatInitializeResponse>('/api/chat/initialize', {
      userInfo: { email: 'x@example.nl', name: null, plan: 'FREE' },
    });
    const own = track(await openChatSocket(server.baseUrl, { client: owner }));
    own.send({ type: 'auth', sessionId: body.sessionId });
    await own.next('authenticated');

    const stranger = server.client();
    await loginAs(server, stranger);
    const foreign = track(await openChatSocket(server.baseUrl, { client: stranger }));
    foreign.send({ type: 'auth', sessionId: body.sessionId });
    await foreign.next('error');
    expect(await foreign.closed).toBe(CLOSE_FORBIDDEN);

    const anonymous = track(await openChatSocket(server.baseUrl));
    anonymous.send({ type: 'auth', sessionId: body.sessionId });
    expect(await anonymous.next('error')).toEqual({
      type: 'error',
      message: API_TEXTS.unauthenticated,
    });
    expect(await anonymous.closed).toBe(CLOSE_NOT_AUTHENTICATED);
  });

  it('a user’s socket closes when they log out; a guest’s stays', async () => {
    const browser = server.client();
    await loginAs(server, browser);
    const { body } = await browser.post<ChatInitializeResponse>('/api/chat/initialize', {
      userInfo: { email: 'x@example.nl', name: null, plan: 'FREE' },
    });
    const socket = track(await openChatSocket(server.baseUrl, { client: browser }));
    socket.send({ type: 'auth', sessionId: body.sessionId });
    await socket.next('authenticated');
    const guest = track(await guestSocket(server.baseUrl, await startGuestChat(server)));

    expect((await browser.post('/api/auth/logout')).status).toBeLessThan(300);
    await server.app.web!.chat.check();
    expect(await socket.next('error')).toEqual({
      type: 'error',
      message: API_TEXTS.unauthenticated,
    });
    expect(await socket.closed).toBe(CLOSE_NOT_AUTHENTICATED);
    guest.send({ type: 'heartbeat', timestamp: Date.now() });
    await guest.next('heartbeat_ack');
  });

  it('the inbox needs an ADMIN', async () => {
    const user = server.client();
    await loginAs(server, user);
    const socket = track(await openChatSocket(server.baseUrl, { client: user }));
    socket.send({ type: 'agent_auth' });
    expect(await socket.next('error')).toEqual({ type: 'error', message: API_TEXTS.adminOnly });
    expect(await socket.closed).toBe(CLOSE_FORBIDDEN);
    track(await agentSocket(server.baseUrl, admin));
  });

  it('a message before joining is refused', async () => {
    const socket = track(await openChatSocket(server.baseUrl));
    socket.send({ type: 'message', text: 'hoi', tempId: 't1' });
    expect(await socket.next('error')).toEqual({
      type: 'error',
      message: CHAT_TEXTS.errors.notAuthenticated,
    });
  });
});

describe('frames', () => {
  it('heartbeat → heartbeat_ack; garbage → a Dutch error, the socket stays', async () => {
    const guest = await startGuestChat(server);
    const socket = track(await guestSocket(server.baseUrl, guest));
    socket.send({ type: 'heartbeat', timestamp: Date.now() });
    await socket.next('heartbeat_ack');
    socket.socket.send('{not json');
    expect(await socket.next('error')).toEqual({
      type: 'error',
      message: CHAT_TEXTS.errors.unreadableFrame,
    });
    socket.send({ type: 'message', text: 'x'.repeat(CHAT_MESSAGE_MAX_LENGTH + 1), tempId: 't' });
    expect(await socket.next('error')).toEqual({
      type: 'error',
      message: CHAT_TEXTS.messageTooLong(CHAT_MESSAGE_MAX_LENGTH),
    });
    socket.send({ type: 'heartbeat', timestamp: Date.now() });
    await socket.next('heartbeat_ack');
  });

  it('a flood of frames closes the socket (1008) with a Dutch error', async () => {
    const guest = await startGuestChat(server);
    const socket = track(await guestSocket(server.baseUrl, guest));
    for (let n = 0; n <= CHAT_FRAMES_PER_MINUTE; n += 1) {
      socket.send({ type: 'heartbeat', timestamp: n });
    }
    expect(await socket.next('error')).toEqual({
      type: 'error',
      message: CHAT_TEXTS.errors.tooManyMessages,
    });
    expect(await socket.closed).toBe(CLOSE_FLOOD);
  });

  it('a frame over 64 KB closes the socket (1009)', async () => {
    const guest = await startGuestChat(server);
    const socket = track(await guestSocket(server.baseUrl, guest));
    socket.socket.send(
      JSON.stringify({ type: 'message', text: 'x'.repeat(65 * 1024), tempId: 't' }),
    );
    expect(await socket.closed).toBe(1009);
  });

  it('a conversation: message_sent, the agent sees it live, delivered, typing both ways, the answer, resolve', async () => {
    const agent = track(await agentSocket(server.baseUrl, admin));
    const guest = await startGuestChat(server);
    const visitor = track(await guestSocket(server.baseUrl, guest));
    const otherTab = track(await guestSocket(server.baseUrl, guest));

    await visitor.next('online_status');
    visitor.send({ type: 'message', text: '  Hoe werkt het? ', tempId: 'tmp-1' });
    // The acknowledgement is the first frame, before any `delivered` for the message.
    const sent = await visitor.next();
    expect(sent).toEqual({ type: 'message_sent', tempId: 'tmp-1', messageId: expect.any(String) });
    const seen = await agent.next('session_message');
    expect(seen).toMatchObject({
      sessionId: guest.sessionId,
      message: { id: sent.messageId, text: 'Hoe werkt het?', sender: 'guest' },
    });
    // The first update announced the new session, the second counts its message.
    expect(await agent.next('session_updated')).toMatchObject({
      session: { id: guest.sessionId, unread: 0, lastMessage: null },
    });
    expect(await agent.next('session_updated')).toMatchObject({
      session: { id: guest.sessionId, unread: 1 },
    });
    // It reached support: the visitor's sockets hear it, and the sending one got no echo.
    expect(await visitor.next('delivered')).toEqual({
      type: 'delivered',
      messageId: sent.messageId,
    });
    expect(await otherTab.next('message')).toMatchObject({ id: sent.messageId, sender: 'guest' });
    expect(visitor.frames.some((f) => f.type === 'message')).toBe(false);

    visitor.send({ type: 'typing', isTyping: true });
    expect(await agent.next('visitor_typing')).toEqual({
      type: 'visitor_typing',
      sessionId: guest.sessionId,
      isTyping: true,
    });
    agent.send({ type: 'agent_typing', sessionId: guest.sessionId, isTyping: true });
    expect(await visitor.next('typing')).toEqual({ type: 'typing', isTyping: true });

    await admin.post(`/api/admin/chat/sessions/${guest.sessionId}/messages`, {
      text: 'Zo werkt het <b>echt</b>.',
    });
    const answer = await visitor.next('message');
    expect(answer).toMatchObject({ sender: 'support', text: 'Zo werkt het <b>echt</b>.' });
    await expect
      .poll(async () => (await server.models.ChatMessage.findByPk(String(answer.id)))?.deliveredAt)
      .toBeInstanceOf(Date);

    await admin.post(`/api/admin/chat/sessions/${guest.sessionId}/resolve`);
    expect(await visitor.next('session_resolved')).toEqual({
      type: 'session_resolved',
      resolvedBy: 'support',
    });
    visitor.send({ type: 'message', text: 'nog iets', tempId: 'tmp-2' });
    expect(await visitor.next('error')).toEqual({
      type: 'error',
      message: CHAT_TEXTS.closedBySupport,
    });
  });

  it('presence reaches every visitor as online_status', async () => {
    const guest = await startGuestChat(server);
    const visitor = track(await guestSocket(server.baseUrl, guest));
    await visitor.next('online_status');
    await admin.put('/api/admin/chat/presence', { online: true });
    expect(await visitor.next('online_status')).toEqual({ type: 'online_status', isOnline: true });
    await admin.put('/api/admin/chat/presence', { online: false });
    expect(await visitor.next('online_status')).toEqual({ type: 'online_status', isOnline: false });
  });

  it('messages per session are rate-limited, with a Dutch error', async () => {
    const guest = await startGuestChat(server);
    const visitor = track(await guestSocket(server.baseUrl, guest));
    for (let n = 1; n <= 3; n += 1) {
      visitor.send({ type: 'message', text: `bericht ${n}`, tempId: `t${n}` });
      await visitor.next('message_sent');
    }
    visitor.send({ type: 'message', text: 'bericht 4', tempId: 't4' });
    expect(await visitor.next('error')).toEqual({
      type: 'error',
      message: CHAT_TEXTS.errors.tooManyMessages,
    });
  });
});
