/**
 * Scale-out (REDIS_URL): two web processes on one database and one Redis. A guest on one and an
 * agent on the other see each other's messages, typing and presence live (Redis pub/sub).
 */
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startApplication, type Application } from '../boot';
import { loginAs } from '../../test/auth-helpers';
import { agentSocket, guestSocket, startGuestChat, type ChatSocket } from '../../test/chat-helpers';
import { TestClient } from '../../test/http-client';
import { getFreePort } from '../../test/ports';
import { startTestServer, testLogger, type TestServer } from '../../test/support';

const redisUrl = inject('redisUrl');
if (!redisUrl) console.warn('⚠  No Redis (SKIP_REDIS=1): the chat scale-out tests are skipped.');

describe.skipIf(!redisUrl)('chat across two web processes (Redis pub/sub)', () => {
  let first: TestServer;
  let second: Application;
  let secondUrl: string;
  const sockets: ChatSocket[] = [];

  beforeAll(async () => {
    first = await startTestServer({
      env: { SERVICES: 'web', REDIS_URL: redisUrl, REDIS_PREFIX: `test-${randomUUID()}` },
    });
    // The same installation (database, Redis prefix), another web process on its own port.
    second = await startApplication({
      config: { ...first.config, port: await getFreePort() },
      logger: testLogger(),
      host: '127.0.0.1',
      webDistDir: path.join(first.config.dataDir, 'no-web-build'),
      shutdownTimeoutMs: 2000,
    });
    secondUrl = second.web!.url;
  });
  afterAll(async () => {
    for (const { socket } of sockets) socket.terminate();
    await second?.stop();
    await first?.stop();
  });

  it('guest on one process, agent on the other: messages, typing, answer, presence, resolve', async () => {
    const admin = new TestClient(secondUrl);
    await loginAs(first, admin, { role: 'ADMIN' });
    const agent = await agentSocket(secondUrl, admin);
    sockets.push(agent);

    const guest = await startGuestChat(first);
    const visitor = await guestSocket(first.baseUrl, guest);
    sockets.push(visitor);

    visitor.send({ type: 'message', text: 'Hallo vanaf proces 1', tempId: 't1' });
    const sent = await visitor.next('message_sent');
    expect(await agent.next('session_message')).toMatchObject({
      sessionId: guest.sessionId,
      message: { id: sent.messageId, text: 'Hallo vanaf proces 1', sender: 'guest' },
    });
    expect(await visitor.next('delivered')).toEqual({
      type: 'delivered',
      messageId: sent.messageId,
    });

    visitor.send({ type: 'typing', isTyping: true });
    expect(await agent.next('visitor_typing')).toMatchObject({
      sessionId: guest.sessionId,
      isTyping: true,
    });
    agent.send({ type: 'agent_typing', sessionId: guest.sessionId, isTyping: true });
    expect(await visitor.next('typing')).toEqual({ type: 'typing', isTyping: true });

    await admin.post(`/api/admin/chat/sessions/${guest.sessionId}/messages`, {
      text: 'Antwoord vanaf proces 2',
    });
    expect(await visitor.next('message')).toMatchObject({
      text: 'Antwoord vanaf proces 2',
      sender: 'support',
    });

    expect(await visitor.next('online_status')).toEqual({ type: 'online_status', isOnline: false });
    await admin.put('/api/admin/chat/presence', { online: true });
    expect(await visitor.next('online_status')).toEqual({ type: 'online_status', isOnline: true });
    expect((await first.client().get('/api/chat/online-status')).body).toMatchObject({
      isOnline: true,
    });

    await admin.post(`/api/admin/chat/sessions/${guest.sessionId}/resolve`);
    expect(await visitor.next('session_resolved')).toEqual({
      type: 'session_resolved',
      resolvedBy: 'support',
    });
  });
});
