/**
 * Scale-out (REDIS_URL): two web processes, each with its own in-process state, enforce one rate
 * limit, because the counts live in Redis.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { TEST_PASSWORD, uniqueEmail } from '../../test/auth-helpers';
import { startGuestChat } from '../../test/chat-helpers';
import { startTestServer, type TestServer } from '../../test/support';

const redisUrl = inject('redisUrl');

describe.skipIf(!redisUrl)('rate limits with REDIS_URL', () => {
  const servers: TestServer[] = [];
  beforeAll(async () => {
    const env = {
      REDIS_URL: redisUrl,
      REDIS_PREFIX: `test-${randomUUID()}`,
      TRUST_PROXY: 'true',
      RATE_LIMITS:
        'register-ip=2/3600,login-account=2/900,contact-ip=2/3600,chat-message-session=2/60',
    };
    servers.push(await startTestServer({ env, mailbox: false }));
    servers.push(await startTestServer({ env, mailbox: false }));
  });
  afterAll(async () => {
    for (const server of servers) await server.stop();
  });

  const from = (ip: string) => ({ headers: { 'x-forwarded-for': ip } });

  it('counts the requests to both processes against one limit', async () => {
    const [a, b] = servers as [TestServer, TestServer];
    const ip = '10.8.0.1';
    const register = (server: TestServer) =>
      server
        .client()
        .post(
          '/api/auth/register',
          { email: uniqueEmail('schaal'), password: TEST_PASSWORD },
          from(ip),
        );
    expect((await register(a)).status).toBe(201);
    expect((await register(b)).status).toBe(201);
    expect((await register(a)).status).toBe(429);
    expect((await register(b)).status).toBe(429);
  });

  it('counts failed logins on one account across both processes', async () => {
    const [a, b] = servers as [TestServer, TestServer];
    const ip = '10.8.0.2';
    const wrong = { email: uniqueEmail('raden'), password: 'wrong-password-1' };
    expect((await a.client().post('/api/auth/login', wrong, from(ip))).status).toBe(401);
    expect((await b.client().post('/api/auth/login', wrong, from(ip))).status).toBe(401);
    expect((await a.client().post('/api/auth/login', wrong, from(ip))).status).toBe(429);
  });

  it('counts a chat session’s messages on both processes against one limit', async () => {
    const [a, b] = servers as [TestServer, TestServer];
    const guest = await startGuestChat(a);
    const send = (server: TestServer, message: string) =>
      server.client().post('/api/chat/send', {
        sessionId: guest.sessionId,
        message,
        guestInfo: guest.guestInfo,
      });
    expect((await send(a, 'een')).status).toBe(200);
    expect((await send(b, 'twee')).status).toBe(200);
    expect((await send(b, 'drie')).status).toBe(429);
    expect((await send(a, 'vier')).status).toBe(429);
  });
});
