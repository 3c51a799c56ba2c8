/** Support's inbox over HTTP: ADMIN only, list, conversation, reply, resolve, presence. */
import {
  API_TEXTS,
  CHAT_TEXTS,
  type AdminChatPresenceResponse,
  type AdminChatReplyResponse,
  type AdminChatResolveResponse,
  type AdminChatSessionResponse,
  type AdminChatSessionsResponse,
  type ApiErrorBody,
  type ChatInitializeResponse,
} from '@prijsalarm/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAs } from '../../../test/auth-helpers';
import { startGuestChat } from '../../../test/chat-helpers';
import type { TestClient } from '../../../test/http-client';
import { startTestServer, type TestServer } from '../../../test/support';
import { CHAT_VISITOR_GONE_MS } from '../../commands/chat';

let server: TestServer;
let admin: TestClient;
beforeAll(async () => {
  server = await startTestServer({ env: { RATE_LIMITS: 'off' } });
  admin = server.client();
  await loginAs(server, admin, { role: 'ADMIN' });
});
afterAll(() => server.stop());

const say = (guest: Awaited<ReturnType<typeof startGuestChat>>, message: string) =>
  guest.client.post('/api/chat/send', {
    sessionId: guest.sessionId,
    message,
    guestInfo: guest.guestInfo,
  });

describe('who may call', () => {
  const calls: Array<[string, (c: TestClient, id: string) => Promise<{ status: number }>]> = [
    ['GET sessions', (c) => c.get('/api/admin/chat/sessions')],
    ['GET session', (c, id) => c.get(`/api/admin/chat/sessions/${id}`)],
    ['POST messages', (c, id) => c.post(`/api/admin/chat/sessions/${id}/messages`, { text: 'x' })],
    ['POST resolve', (c, id) => c.post(`/api/admin/chat/sessions/${id}/resolve`)],
    ['PUT presence', (c) => c.put('/api/admin/chat/presence', { online: true })],
  ];

  it.each(calls)('%s: a guest gets 401, a signed-in user 403', async (_name, call) => {
    const guest = await startGuestChat(server);
    expect((await call(server.client(), guest.sessionId)).status).toBe(401);
    const user = server.client();
    await loginAs(server, user, { plan: 'PRO' });
    const res = (await call(user, guest.sessionId)) as { status: number; body: ApiErrorBody };
    expect(res.status).toBe(403);
    expect(res.body.error).toBe(API_TEXTS.adminOnly);
  });

  it('an admin without the CSRF header is refused', async () => {
    const guest = await startGuestChat(server);
    const res = await admin.post(
      `/api/admin/chat/sessions/${guest.sessionId}/messages`,
      { text: 'hoi' },
      { headers: { 'x-csrf-token': 'wrong' } },
    );
    expect(res.status).toBe(403);
  });

  it('an unknown session is 404', async () => {
    const res = await admin.get<ApiErrorBody>('/api/admin/chat/sessions/does-not-exist');
    expect(res.status).toBe(404);
    expect(res.body.error).toBe(CHAT_TEXTS.errors.notFound);
  });
});

describe('the inbox', () => {
  it('lists open sessions first, newest activity first, with unread counts, guest or user with plan', async () => {
    const older = await startGuestChat(server, { name: 'Oud', email: 'oud@example.nl' });
    await say(older, 'eerste');
    const ended = await startGuestChat(server, { name: 'Klaar', email: 'klaar@example.nl' });
    await say(ended, 'ik ben klaar');
    await ended.client.post('/api/chat/resolve', {
      sessionId: ended.sessionId,
      guestInfo: ended.guestInfo,
    });
    const pro = server.client();
    const user = await loginAs(server, pro, { plan: 'PRO', name: 'Petra Pro' });
    const proChat = await pro.post<ChatInitializeResponse>('/api/chat/initialize', {
      userInfo: { email: user.email, name: 'Petra Pro', plan: 'PRO' },
    });
    await pro.post('/api/chat/send', { sessionId: proChat.body.sessionId, message: 'een' });
    await pro.post('/api/chat/send', { sessionId: proChat.body.sessionId, message: 'twee' });

    const res = await admin.get<AdminChatSessionsResponse>('/api/admin/chat/sessions');
    expect(res.status).toBe(200);
    const ids = res.body.sessions.map((s) => s.id);
    expect(ids.indexOf(proChat.body.sessionId)).toBeLessThan(ids.indexOf(older.sessionId));
    expect(ids.indexOf(older.sessionId)).toBeLessThan(ids.indexOf(ended.sessionId));
    const petra = res.body.sessions.find((s) => s.id === proChat.body.sessionId)!;
    expect(petra).toMatchObject({
      status: 'active',
      unread: 2,
      visitor: { kind: 'user', name: 'Petra Pro', email: user.email, plan: 'PRO' },
      lastMessage: { text: 'twee', sender: 'user' },
    });
    expect(res.body.sessions.find((s) => s.id === ended.sessionId)).toMatchObject({
      status: 'resolved',
      resolvedBy: 'user',
      visitor: { kind: 'guest', name: 'Klaar', email: 'klaar@example.nl', plan: null },
    });
  });

  it('opening a conversation reads the visitor’s messages', async () => {
    const guest = await startGuestChat(server);
    await say(guest, 'vraag');
    const open = await admin.get<AdminChatSessionResponse>(
      `/api/admin/chat/sessions/${guest.sessionId}`,
    );
    expect(open.status).toBe(200);
    expect(open.body.session.unread).toBe(0);
    expect(open.body.messages).toEqual([
      expect.objectContaining({ text: 'vraag', sender: 'guest', read: true, delivered: true }),
    ]);
  });

  it('replies (201) and resolves; a resolved session takes no more replies', async () => {
    const guest = await startGuestChat(server);
    await say(guest, 'help');
    const reply = await admin.post<AdminChatReplyResponse>(
      `/api/admin/chat/sessions/${guest.sessionId}/messages`,
      { text: '  Natuurlijk!  ' },
    );
    expect(reply.status).toBe(201);
    expect(reply.body.message).toMatchObject({ text: 'Natuurlijk!', sender: 'support' });

    const resolved = await admin.post<AdminChatResolveResponse>(
      `/api/admin/chat/sessions/${guest.sessionId}/resolve`,
    );
    expect(resolved.status).toBe(200);
    expect(resolved.body.session).toMatchObject({ status: 'resolved', resolvedBy: 'support' });
    const late = await admin.post<ApiErrorBody>(
      `/api/admin/chat/sessions/${guest.sessionId}/messages`,
      { text: 'nog iets' },
    );
    expect(late.status).toBe(403);
    const check = await guest.client.post<ApiErrorBody>('/api/chat/check-messages', {
      sessionId: guest.sessionId,
      lastMessageId: null,
      guestInfo: guest.guestInfo,
    });
    expect(check.status).toBe(403);
    expect(check.body.error).toBe(CHAT_TEXTS.closedBySupport);
  });

  it('switches presence; support is online while any agent is', async () => {
    const other = server.client();
    await loginAs(server, other, { role: 'ADMIN' });
    const on = await admin.put<AdminChatPresenceResponse>('/api/admin/chat/presence', {
      online: true,
    });
    expect(on.body).toEqual({ isOnline: true, agentOnline: true });
    const list = await other.get<AdminChatSessionsResponse>('/api/admin/chat/sessions');
    expect(list.body).toMatchObject({ isOnline: true, agentOnline: false });
    const off = await admin.put<AdminChatPresenceResponse>('/api/admin/chat/presence', {
      online: false,
    });
    expect(off.body).toEqual({ isOnline: false, agentOnline: false });
    const bad = await admin.put('/api/admin/chat/presence', { online: 'ja' });
    expect(bad.status).toBe(400);
  });
});

describe('answering a guest who has left', () => {
  it('e-mails the answer, escaped, with a link back into the chat; not while the guest is here', async () => {
    const guest = await startGuestChat(server, { name: 'Lena', email: 'lena@example.nl' });
    await say(guest, 'vraag');
    await admin.post(`/api/admin/chat/sessions/${guest.sessionId}/messages`, { text: 'Er nu?' });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(server.mailbox.messages.some((m) => m.to.includes('lena@example.nl'))).toBe(false);

    await server.models.ChatSession.update(
      { visitorSeenAt: new Date(Date.now() - CHAT_VISITOR_GONE_MS - 1000) },
      { where: { id: guest.sessionId } },
    );
    await admin.post(`/api/admin/chat/sessions/${guest.sessionId}/messages`, {
      text: 'Antwoord <img src=x onerror=alert(1)>',
    });
    const mail = await server.mailbox.waitFor({ to: 'lena@example.nl' });
    expect(mail.subject).toBe(CHAT_TEXTS.mail.replySubject);
    expect(mail.html).toContain('Antwoord &lt;img src=x onerror=alert(1)&gt;');
    expect(mail.html).not.toContain('<img src=x');
    expect(mail.text).toContain(`${server.config.publicUrl}/?chat=${guest.sessionId}`);
  });
});
