/**
 * Upgrade requests nobody serves are answered and closed at once, and no socket (upgraded,
 * refused, keep-alive or half-open) keeps the web service from stopping.
 */
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/support';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ mailbox: false });
});
afterAll(() => server.stop());

interface RawSocket {
  socket: Socket;
  /** Everything the server sent until it closed the socket; rejects after `withinMs`. */
  closed(withinMs: number): Promise<string>;
}

/** A raw TCP connection to the test server that writes `request` as it is. */
function rawRequest(baseUrl: string, request: string): Promise<RawSocket> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => {
      socket.write(request);
      resolve({ socket, closed });
    });
    let received = '';
    let ended = false;
    const waiters: Array<() => void> = [];
    socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
    socket.on('close', () => {
      ended = true;
      for (const waiter of waiters) waiter();
    });
    socket.on('error', reject);
    function closed(withinMs: number) {
      return new Promise<string>((done, fail) => {
        if (ended) return done(received);
        const timer = setTimeout(
          () => fail(new Error(`still open after ${withinMs} ms; received: ${received}`)),
          withinMs,
        );
        waiters.push(() => {
          clearTimeout(timer);
          done(received);
        });
      });
    }
  });
}

const upgrade = (path: string, extra = 'Upgrade: websocket\r\nSec-WebSocket-Version: 13\r\n') =>
  `GET ${path} HTTP/1.1\r\nHost: localhost\r\nConnection: Upgrade\r\n${extra}` +
  'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n';

describe('an upgrade request', () => {
  it.each([
    ['/api/alerts', upgrade('/api/alerts'), 404],
    ['/ws/unknown', upgrade('/ws/unknown'), 404],
    ['/', upgrade('/'), 404],
    [
      '/ws/events as h2c (curl --http2)',
      `GET /ws/events HTTP/1.1\r\nHost: localhost\r\nConnection: Upgrade, HTTP2-Settings\r\n` +
        'Upgrade: h2c\r\nHTTP2-Settings: AAMAAABkAARAAAAAAAIAAAAA\r\n\r\n',
      400,
    ],
  ])('to %s is answered and closed within a second', async (_case, request, status) => {
    const raw = await rawRequest(server.baseUrl, request);
    const answer = await raw.closed(1000);
    expect(answer).toMatch(new RegExp(`^HTTP/1.1 ${status} `));
    expect(answer).toContain('Connection: close');
  });

  it('200 of them leave no socket open', async () => {
    const raws = await Promise.all(
      Array.from({ length: 200 }, () => rawRequest(server.baseUrl, upgrade('/nothing'))),
    );
    await Promise.all(raws.map((raw) => raw.closed(3000)));
    expect(server.app.web?.upgrades.openSockets).toBe(0);
  });
});

describe('stopping the web service', () => {
  it('finishes in time with an unknown upgrade, a live socket, keep-alive and half-open sockets open', async () => {
    const own = await startTestServer({ mailbox: false });
    const held = [
      await rawRequest(own.baseUrl, upgrade('/api/unknown')),
      // A /ws/events handshake without a session: refused (401), but left unread by the client.
      await rawRequest(own.baseUrl, upgrade('/ws/events')),
      await rawRequest(own.baseUrl, 'GET /healthz HTTP/1.1\r\nHost: localhost\r\n\r\n'),
      await rawRequest(own.baseUrl, 'GET /healthz HTTP/1.1\r\nHost: loc'),
    ];
    await new Promise((resolve) => setTimeout(resolve, 200));
    const start = Date.now();
    const stopped = await Promise.race([
      own.stop().then(() => true),
      new Promise<false>((resolve) => setTimeout(() => resolve(false), 4000)),
    ]);
    // The test server allows 2 s for requests in flight; the half-open one is cut off then.
    expect(stopped, 'stop() did not finish within 4 s').toBe(true);
    expect(Date.now() - start).toBeLessThan(4000);
    await Promise.all(held.map((raw) => raw.closed(1000)));
  });
});
