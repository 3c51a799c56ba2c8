/**
 * A local stand-in for a Sentry (or GlitchTip) ingest endpoint that speaks the envelope protocol
 * the SDKs use: `POST /api/<project>/envelope/` with a newline-delimited body (envelope header,
 * then per item an item header and its payload, `length` bytes when the header says so, else up
 * to the next newline), plain or `Content-Encoding: gzip`/`deflate`. The real SDKs talk to it
 * unchanged through the DSN `http://<key>@127.0.0.1:<port>/<project>`; browsers too (CORS open).
 *
 * Control, for tests in another process: `GET /control/items` (every item received, parsed),
 * `DELETE /control/items` (forget them).
 *
 * Deliberate differences: the key is not checked, nothing is rate-limited, the store endpoint
 * (`/store/`, pre-envelope SDKs) is not served.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync, inflateSync } from 'node:zlib';

export const SENTRY_DOUBLE_KEY = 'e2epublickey';

export interface EnvelopeItem {
  /** The project id of the URL it was posted to. */
  project: string;
  /** The item header's type: 'event', 'transaction', 'session', 'client_report', … */
  type: string;
  header: Record<string, unknown>;
  /** JSON items parsed; anything else as text. */
  payload: unknown;
  /** The envelope header (event_id, dsn, sdk, sent_at). */
  envelope: Record<string, unknown>;
  /**
   * The request's User-Agent: a browser sends its own; the Node SDK sends none (a client report
   * carries no `sdk` in its envelope header, so this alone tells who sent it).
   */
  userAgent: string | null;
}

export interface SentryDouble {
  /** `http://127.0.0.1:<port>` */
  url: string;
  /** A DSN for `project` pointing here. */
  dsn(project?: string): string;
  readonly items: readonly EnvelopeItem[];
  /** The error events (items of type 'event') received so far. */
  events(): EnvelopeItem[];
  /** Resolves once `count` error events arrived (or rejects after `timeoutMs`). */
  waitForEvents(count: number, timeoutMs?: number): Promise<EnvelopeItem[]>;
  clear(): void;
  stop(): Promise<void>;
}

/** Splits an envelope body into its header and items (the Sentry envelope format). */
export function parseEnvelope(body: Buffer): {
  header: Record<string, unknown>;
  items: Array<Omit<EnvelopeItem, 'project' | 'envelope' | 'userAgent'>>;
} {
  let offset = 0;
  const readLine = (): string | null => {
    if (offset >= body.length) return null;
    let end = body.indexOf(0x0a, offset);
    if (end === -1) end = body.length;
    const line = body.subarray(offset, end).toString('utf8');
    offset = end + 1;
    return line;
  };
  const header = JSON.parse(readLine() ?? '{}') as Record<string, unknown>;
  const items: Array<Omit<EnvelopeItem, 'project' | 'envelope' | 'userAgent'>> = [];
  for (let line = readLine(); line !== null; line = readLine()) {
    if (line.trim() === '') continue;
    const itemHeader = JSON.parse(line) as Record<string, unknown>;
    let raw: Buffer;
    if (typeof itemHeader.length === 'number') {
      raw = body.subarray(offset, offset + itemHeader.length);
      offset += itemHeader.length + 1;
    } else {
      raw = Buffer.from(readLine() ?? '', 'utf8');
    }
    const text = raw.toString('utf8');
    let payload: unknown = text;
    try {
      payload = JSON.parse(text);
    } catch {
      // Attachments and replay recordings need not be JSON.
    }
    items.push({ type: String(itemHeader.type), header: itemHeader, payload });
  }
  return { header, items };
}

function decode(body: Buffer, encoding: string | undefined): Buffer {
  if (encoding === 'gzip') return gunzipSync(body);
  if (encoding === 'deflate') return inflateSync(body);
  return body;
}

const CORS = {
  'access-control-allow-origin': '*',
  'access-control-allow-headers': '*',
  'access-control-allow-methods': 'POST, GET, DELETE, OPTIONS',
};

export async function startSentryDouble(
  options: { host?: string; port?: number } = {},
): Promise<SentryDouble> {
  const items: EnvelopeItem[] = [];
  const waiters = new Set<() => void>();
  const events = () => items.filter((item) => item.type === 'event');

  const answer = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json', ...CORS });
    res.end(JSON.stringify(body));
  };

  const handle = (req: IncomingMessage, res: ServerResponse, body: Buffer) => {
    const url = new URL(req.url ?? '/', 'http://double.invalid');
    if (req.method === 'OPTIONS') return answer(res, 204, {});
    if (url.pathname === '/control/items') {
      if (req.method === 'DELETE') items.length = 0;
      return answer(res, 200, items);
    }
    const match = /^\/api\/([^/]+)\/envelope\/?$/.exec(url.pathname);
    if (req.method !== 'POST' || !match) return answer(res, 404, { detail: 'not found' });
    try {
      const encoding = req.headers['content-encoding'];
      const envelope = parseEnvelope(decode(body, typeof encoding === 'string' ? encoding : ''));
      for (const item of envelope.items) {
        items.push({
          ...item,
          project: match[1]!,
          envelope: envelope.header,
          userAgent: req.headers['user-agent'] ?? null,
        });
      }
    } catch (error) {
      return answer(res, 400, { detail: `bad envelope: ${(error as Error).message}` });
    }
    answer(res, 200, { id: (items.at(-1)?.envelope.event_id as string | undefined) ?? null });
    for (const wake of [...waiters]) wake();
  };

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => handle(req, res, Buffer.concat(chunks)));
  });
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, host, resolve));
  const url = `http://${host}:${(server.address() as AddressInfo).port}`;

  return {
    url,
    dsn: (project = '1') => url.replace('://', `://${SENTRY_DOUBLE_KEY}@`) + `/${project}`,
    get items() {
      return items;
    },
    events,
    waitForEvents(count, timeoutMs = 5000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (events().length < count) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(events());
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`expected ${count} event(s), got ${events().length}`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    clear: () => {
      items.length = 0;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
