/**
 * A local push service (RFC 8030) that the `web-push` library talks to unchanged: HTTPS on
 * 127.0.0.1 with a self-signed certificate made at start (web-push speaks https only; the process
 * under test trusts `caFile`).
 *
 * It plays both ends a real browser and push service play. `subscribe()` is the browser: it makes
 * the subscription's P-256 key pair and auth secret (RFC 8291) and an endpoint on this double, as
 * `pushManager.subscribe()` would. Every POST to an endpoint is checked the way the services check:
 * the VAPID `Authorization: vapid t=<JWT>, k=<key>` header (RFC 8292: ES256 signed by that key,
 * `aud` the endpoint's origin, `exp` within 24 h; 401 when absent, 403 when wrong, and 403 when
 * the key is not the one the subscription was made with), `TTL` required, `Urgency` and `Topic`
 * well formed, `Content-Encoding: aes128gcm`, at most 4096 bytes; then the body is decrypted with
 * the subscription's keys (http_ece, the library web-push itself encrypts with) and recorded.
 *
 * Answers can be scripted per subscription: `respondWith(endpoint, 429, 413)` answers 429 (with a
 * Retry-After) to the next message, 413 to the one after, then 201 again; `expire(endpoint)` makes
 * it answer 410 Gone from then on, as a service does once the user unsubscribed. A message to an
 * endpoint the double never handed out gets 404.
 */
import {
  createECDH,
  createPublicKey,
  randomBytes,
  randomUUID,
  verify,
  type ECDH,
} from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ece from 'http_ece';
import { selfSignedLocalhost } from '../self-signed';

/** What a browser hands the application: PushSubscription.toJSON(). */
export interface BrowserSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export interface ReceivedPush {
  endpoint: string;
  /** The status the double answered. */
  status: number;
  at: number;
  ttl: number | null;
  urgency: string | null;
  topic: string | null;
  /** The decrypted body as text; null when it did not decrypt or was refused before. */
  text: string | null;
  /** The decrypted body as JSON, when it is JSON. */
  payload: unknown;
  /** The VAPID claims of the request, when its header verified. */
  vapid: { aud: string; exp: number; sub: string | null; publicKey: string } | null;
  /** Why the double refused it (status 400, 401, 403, 413), in words for a failing test. */
  refusal: string | null;
}

export type ScriptedPushAnswer = 404 | 410 | 413 | 429 | 500 | 503;

export interface PushDouble {
  /** https://127.0.0.1:<port> */
  origin: string;
  /** 127.0.0.1:<port>: what PUSH_SERVICE_HOSTS names to let the server send here. */
  host: string;
  /** A PEM file with the certificate, for the process that sends (PUSH_CA_FILE, NODE_EXTRA_CA_CERTS). */
  caFile: string;
  /** The certificate's PEM, for an https.Agent in this process. */
  certPem: string;
  /**
   * A new subscription, as a browser makes it. With `applicationServerKey` (the server's VAPID
   * public key) messages signed by any other key are refused with 403, as RFC 8292 §4.2 requires.
   */
  subscribe(options?: { applicationServerKey?: string }): BrowserSubscription;
  /** Every message that reached `endpoint` (or any endpoint), accepted or not, oldest first. */
  received(endpoint?: string): ReceivedPush[];
  /** The accepted (201) messages' decrypted JSON bodies for `endpoint` (or all). */
  delivered(endpoint?: string): unknown[];
  /** Waits until `count` messages were accepted for `endpoint` (or in all); rejects after `timeoutMs`. */
  waitForDelivered(
    count: number,
    options?: { endpoint?: string; timeoutMs?: number },
  ): Promise<unknown[]>;
  /** Answers for the next messages to `endpoint`, in order; after them 201 again. */
  respondWith(endpoint: string, ...answers: ScriptedPushAnswer[]): void;
  /** The subscription ends: every later message gets 410 Gone. */
  expire(endpoint: string): void;
  stop(): Promise<void>;
}

/** RFC 8030 §7.2: a push service need not accept a body larger than this. */
export const MAX_PUSH_BODY_BYTES = 4096;
/** RFC 8292 §2: `exp` no further than 24 hours ahead. */
const MAX_EXP_SECONDS = 24 * 60 * 60;
const URGENCIES = ['very-low', 'low', 'normal', 'high'];

interface DoubleSubscription {
  ecdh: ECDH;
  auth: Buffer;
  applicationServerKey: string | null;
  answers: ScriptedPushAnswer[];
  expired: boolean;
}

class Refusal extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** A P-256 public key, as the uncompressed point base64url says it, as a KeyObject. */
function publicKeyOf(point: Buffer) {
  if (point.length !== 65 || point[0] !== 0x04) throw new Refusal(403, 'k is no P-256 point');
  return createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33).toString('base64url'),
    },
    format: 'jwk',
  });
}

/** RFC 8292: the `vapid t=…, k=…` header, its ES256 signature and its claims. */
function checkVapid(header: string | undefined, origin: string, nowSeconds: number) {
  if (!header) throw new Refusal(401, 'no Authorization header');
  const match = /^vapid\s+(.+)$/i.exec(header.trim());
  if (!match) throw new Refusal(401, 'Authorization is not a vapid scheme');
  const params = Object.fromEntries(
    match[1]!.split(',').map((part) => {
      const [key, ...rest] = part.trim().split('=');
      return [key!.trim(), rest.join('=').trim()];
    }),
  );
  const token = params.t;
  const key = params.k;
  if (!token || !key) throw new Refusal(401, 'vapid header lacks t= or k=');
  const [head, body, signature] = token.split('.');
  if (!head || !body || !signature) throw new Refusal(403, 't is no JWT');
  const jwtHeader = JSON.parse(Buffer.from(head, 'base64url').toString('utf8')) as {
    alg?: string;
  };
  if (jwtHeader.alg !== 'ES256') throw new Refusal(403, `JWT alg ${jwtHeader.alg}, not ES256`);
  const valid = verify(
    'sha256',
    Buffer.from(`${head}.${body}`),
    { key: publicKeyOf(Buffer.from(key, 'base64url')), dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!valid) throw new Refusal(403, 'JWT signature does not verify with k');
  const claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as {
    aud?: string;
    exp?: number;
    sub?: string;
  };
  if (claims.aud !== origin) throw new Refusal(403, `aud ${claims.aud} is not ${origin}`);
  if (typeof claims.exp !== 'number' || claims.exp <= nowSeconds) {
    throw new Refusal(403, 'JWT expired');
  }
  if (claims.exp > nowSeconds + MAX_EXP_SECONDS) throw new Refusal(403, 'exp more than 24 h ahead');
  return { aud: claims.aud, exp: claims.exp, sub: claims.sub ?? null, publicKey: key };
}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

const headerOf = (req: IncomingMessage, name: string): string | undefined => {
  const value = req.headers[name];
  return Array.isArray(value) ? value.join(',') : value;
};

export async function startPushDouble(): Promise<PushDouble> {
  const pems = await selfSignedLocalhost();
  const dir = mkdtempSync(path.join(tmpdir(), 'push-double-'));
  const caFile = path.join(dir, 'ca.pem');
  writeFileSync(caFile, pems.cert);

  const subscriptions = new Map<string, DoubleSubscription>();
  const received: ReceivedPush[] = [];
  const waiters = new Set<() => void>();
  let origin = '';

  const endpointId = (endpoint: string) => new URL(endpoint).pathname.replace(/^\/push\//, '');

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const body = await readBody(req);
    const answer = (status: number, headers: Record<string, string> = {}, text = '') => {
      res.writeHead(status, { 'content-type': 'text/plain', ...headers });
      res.end(text);
    };
    const url = new URL(req.url ?? '/', origin);
    const id = /^\/push\/([\w-]+)$/.exec(url.pathname)?.[1];
    if (req.method !== 'POST' || !id) return answer(404, {}, 'no such push resource');
    const endpoint = `${origin}/push/${id}`;
    const record: ReceivedPush = {
      endpoint,
      status: 0,
      at: Date.now(),
      ttl: req.headers.ttl === undefined ? null : Number(req.headers.ttl),
      urgency: headerOf(req, 'urgency') ?? null,
      topic: headerOf(req, 'topic') ?? null,
      text: null,
      payload: undefined,
      vapid: null,
      refusal: null,
    };
    const settle = (
      status: number,
      refusal: string | null,
      headers: Record<string, string> = {},
    ) => {
      record.status = status;
      record.refusal = refusal;
      received.push(record);
      for (const wake of waiters) wake();
      answer(status, headers, refusal ?? '');
    };
    const subscription = subscriptions.get(id);
    if (!subscription) return settle(404, 'unknown subscription');
    if (subscription.expired) return settle(410, 'push subscription has unsubscribed or expired');
    try {
      record.vapid = checkVapid(
        headerOf(req, 'authorization'),
        origin,
        Math.floor(Date.now() / 1000),
      );
      if (
        subscription.applicationServerKey !== null &&
        record.vapid.publicKey !== subscription.applicationServerKey
      ) {
        throw new Refusal(403, 'k is not the key the subscription was made with');
      }
      if (record.ttl === null || !Number.isInteger(record.ttl) || record.ttl < 0) {
        throw new Refusal(400, 'TTL header missing or not a whole number');
      }
      if (record.urgency !== null && !URGENCIES.includes(record.urgency)) {
        throw new Refusal(400, `Urgency ${record.urgency} unknown`);
      }
      if (record.topic !== null && !/^[A-Za-z0-9_-]{1,32}$/.test(record.topic)) {
        throw new Refusal(400, 'Topic must be 1-32 base64url characters');
      }
      if (body.length > MAX_PUSH_BODY_BYTES) throw new Refusal(413, 'payload too large');
    } catch (error) {
      if (error instanceof Refusal) return settle(error.status, error.message);
      throw error;
    }
    if (body.length > 0) {
      if (headerOf(req, 'content-encoding') !== 'aes128gcm') {
        return settle(400, 'Content-Encoding must be aes128gcm');
      }
      try {
        record.text = ece
          .decrypt(body, {
            version: 'aes128gcm',
            privateKey: subscription.ecdh,
            authSecret: subscription.auth.toString('base64url'),
          })
          .toString('utf8');
      } catch (error) {
        return settle(400, `does not decrypt: ${(error as Error).message}`);
      }
      try {
        record.payload = JSON.parse(record.text);
      } catch {
        record.payload = undefined;
      }
    }
    const scripted = subscription.answers.shift();
    if (scripted === 429) return settle(429, 'too many requests', { 'retry-after': '1' });
    if (scripted !== undefined) {
      if (scripted === 410) subscription.expired = true;
      return settle(scripted, `scripted ${scripted}`);
    }
    settle(201, null, { location: `${origin}/message/${randomUUID()}` });
  };

  const server = createServer({ key: pems.private, cert: pems.cert }, (req, res) => {
    handle(req, res).catch((error: Error) => {
      res.writeHead(500, { 'content-type': 'text/plain' });
      res.end(error.message);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  origin = `https://127.0.0.1:${port}`;

  const ownSubscription = (endpoint: string) => {
    const subscription = subscriptions.get(endpointId(endpoint));
    if (!subscription) throw new Error(`the push double never handed out ${endpoint}`);
    return subscription;
  };
  const accepted = (endpoint?: string) =>
    received.filter((push) => push.status === 201 && (!endpoint || push.endpoint === endpoint));

  return {
    origin,
    host: `127.0.0.1:${port}`,
    caFile,
    certPem: pems.cert,
    subscribe(options = {}) {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      const id = randomBytes(16).toString('base64url');
      subscriptions.set(id, {
        ecdh,
        auth,
        applicationServerKey: options.applicationServerKey ?? null,
        answers: [],
        expired: false,
      });
      return {
        endpoint: `${origin}/push/${id}`,
        keys: {
          p256dh: ecdh.getPublicKey().toString('base64url'),
          auth: auth.toString('base64url'),
        },
      };
    },
    received: (endpoint) => received.filter((push) => !endpoint || push.endpoint === endpoint),
    delivered: (endpoint) => accepted(endpoint).map((push) => push.payload),
    waitForDelivered(count, { endpoint, timeoutMs = 5000 } = {}) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (accepted(endpoint).length < count) return false;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(accepted(endpoint).map((push) => push.payload));
          return true;
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          const seen = received.map((push) => `${push.status} ${push.refusal ?? ''}`).join('; ');
          reject(new Error(`push double: ${count} message(s) not delivered in time (${seen})`));
        }, timeoutMs);
        if (!check()) waiters.add(check);
      });
    },
    respondWith(endpoint, ...answers) {
      ownSubscription(endpoint).answers.push(...answers);
    },
    expire(endpoint) {
      ownSubscription(endpoint).expired = true;
    },
    async stop() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
