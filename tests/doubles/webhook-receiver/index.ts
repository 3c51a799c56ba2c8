/**
 * A local webhook receiver for the tests: HTTPS with a self-signed certificate made at
 * start (webhooks are https only), like the Mollie double. The server under test trusts it through
 * WEBHOOKS_CA_FILE (`caFile`) and reaches it on 127.0.0.1 through WEBHOOKS_ALLOW_PRIVATE=true.
 *
 * It records every call (headers, raw body, when) and answers from a script: `respondWith(500,
 * 200)` answers 500 to the next call and 200 to the one after (then 200 again); a redirect, a slow
 * answer or a huge body can be scripted too. It checks signatures itself, with node:crypto, the way
 * the README tells a receiver to.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { selfSignedLocalhost } from '../self-signed';

export interface ReceivedCall {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  at: number;
}

export type ScriptedAnswer =
  number | { status: number; body?: string; headers?: Record<string, string>; delayMs?: number };

export interface WebhookReceiver {
  /** https://127.0.0.1:<port> */
  origin: string;
  /** https://localhost:<port> (a host name, resolved through /etc/hosts). */
  localhostOrigin: string;
  /** A PEM file with the certificate, for WEBHOOKS_CA_FILE. */
  caFile: string;
  calls(pathname?: string): ReceivedCall[];
  /** Answers for the next calls to `pathname`, in order; after them 200. */
  respondWith(pathname: string, ...answers: ScriptedAnswer[]): void;
  stop(): Promise<void>;
}

/** The receiver's own check of `X-Prijsalarm-Signature` (t=…,v1=…) over "t.body". */
export function signatureIsValid(
  secret: string,
  header: string | undefined,
  body: string,
): boolean {
  const match = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(header ?? '');
  if (!match) return false;
  const expected = createHmac('sha256', secret).update(`${match[1]}.${body}`).digest();
  return timingSafeEqual(expected, Buffer.from(match[2]!, 'hex'));
}

export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const pems = await selfSignedLocalhost();
  const dir = mkdtempSync(path.join(tmpdir(), 'webhook-receiver-'));
  const caFile = path.join(dir, 'ca.pem');
  writeFileSync(caFile, pems.cert);

  const calls: ReceivedCall[] = [];
  const scripts = new Map<string, ScriptedAnswer[]>();
  const server = createServer({ key: pems.private, cert: pems.cert }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const pathname = (req.url ?? '/').split('?')[0]!;
      calls.push({
        path: pathname,
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        at: Date.now(),
      });
      const next = scripts.get(pathname)?.shift() ?? 200;
      const answer = typeof next === 'number' ? { status: next } : next;
      const send = () => {
        res.writeHead(answer.status, { 'content-type': 'text/plain', ...answer.headers });
        res.end(answer.body ?? (answer.status < 300 ? 'ok' : `status ${answer.status}`));
      };
      if (answer.delayMs) setTimeout(send, answer.delayMs);
      else send();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    origin: `https://127.0.0.1:${port}`,
    localhostOrigin: `https://localhost:${port}`,
    caFile,
    calls: (pathname) => calls.filter((call) => pathname === undefined || call.path === pathname),
    respondWith(pathname, ...answers) {
      scripts.set(pathname, [...(scripts.get(pathname) ?? []), ...answers]);
    },
    async stop() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
