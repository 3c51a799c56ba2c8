import { afterAll, beforeAll, expect, it } from 'vitest';
import { REFRESH_COOKIE } from '@prijsalarm/core';
import { createUser, linkIn, tokenOf, uniqueEmail } from '../../../test/auth-helpers';
import { startTestServer, type TestServer } from '../../../test/support';
import { createLogger } from '../../logger';

const logLines: string[] = [];
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({
    env: { RATE_LIMITS: 'off' },
    logger: createLogger({ level: 'trace', destination: { write: (line) => logLines.push(line) } }),
  });
});
afterAll(() => server.stop());

it('no one-time link token or refresh token ever reaches the logs', async () => {
  const email = uniqueEmail('log');
  const browser = server.client();
  await browser.post('/api/auth/register', { email, password: 'correct-horse-battery-staple' });
  const verifyToken = tokenOf(
    linkIn(await server.mailbox.waitFor({ to: email, subject: 'Bevestig' }), '/verify/'),
  );
  expect((await browser.get(`/api/auth/verify/${verifyToken}`)).status).toBe(200);
  expect((await browser.post('/api/auth/refresh')).status).toBe(200);

  const user = await createUser(server);
  await server.client().post('/api/auth/login-link', { email: user.email });
  const loginToken = tokenOf(
    linkIn(
      await server.mailbox.waitFor({ to: user.email, subject: 'inloglink' }),
      '/login/callback/',
    ),
  );
  expect((await server.client().get(`/api/auth/login-link/${loginToken}`)).status).toBe(200);

  const logs = logLines.join('\n');
  expect(logs).toContain('/api/auth/verify/[redacted]');
  for (const secret of [verifyToken, loginToken, browser.cookie(REFRESH_COOKIE)!]) {
    expect(logs).not.toContain(secret);
  }
});
