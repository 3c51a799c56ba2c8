/**
 * A small scriptable HTTP server on 127.0.0.1 (random port) for testing HTTP clients with the
 * real fetch. Responses are scripted per method and path and used up in order; every request is
 * recorded with its headers and body. A request nothing was scripted for gets a 599 and is kept
 * in `unscripted`, so a test can assert that none happened.
 */
import { once } from 'node:events';
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ScriptedResponse {
  status?: number;
  headers?: Record<string, string>;
  /** A string is sent as is; anything else as JSON. */
  body?: unknown;
  /** Answer only after this promise settles (e.g. once other requests have arrived). */
  holdUntil?: Promise<unknown>;
  /** Never answer: the connection stays open until the client gives up or the server closes. */
  hang?: boolean;
}

export interface RecordedRequest {
  method: string;
  /** Without the query string. */
  path: string;
  /** The raw query string including '?', or ''. */
  search: string;
  /** Path and query exactly as received. */
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
  /** When the request arrived (performance.now()). */
  receivedAt: number;
}

interface Script {
  method: string;
  path: string;
  response: ScriptedResponse;
}

export interface HttpDouble {
  /** `http://127.0.0.1:<port>`. */
  readonly origin: string;
  readonly requests: RecordedRequest[];
  readonly unscripted: RecordedRequest[];
  /** Queue answers for `method path` (path without query), used up in order. */
  script(method: string, path: string, ...responses: ScriptedResponse[]): void;
  requestsTo(method: string, path: string): RecordedRequest[];
  /** Resolves once `count` requests to `method path` have arrived. */
  waitForRequests(method: string, path: string, count: number): Promise<void>;
  /** Forget scripts and recordings between tests. */
  reset(): void;
  close(): Promise<void>;
}

export async function startHttpDouble(): Promise<HttpDouble> {
  const scripts: Script[] = [];
  const requests: RecordedRequest[] = [];
  const unscripted: RecordedRequest[] = [];
  let waiters: { matches: () => boolean; resolve: () => void }[] = [];

  function requestsTo(method: string, path: string): RecordedRequest[] {
    return requests.filter((request) => request.method === method && request.path === path);
  }

  function settleWaiters(): void {
    waiters = waiters.filter((waiter) => {
      if (!waiter.matches()) return true;
      waiter.resolve();
      return false;
    });
  }

  async function handle(incoming: IncomingMessage, outgoing: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of incoming) chunks.push(chunk as Buffer);
    const url = incoming.url ?? '/';
    const queryStart = url.indexOf('?');
    const recorded: RecordedRequest = {
      method: incoming.method ?? 'GET',
      path: queryStart === -1 ? url : url.slice(0, queryStart),
      search: queryStart === -1 ? '' : url.slice(queryStart),
      url,
      headers: incoming.headers,
      body: Buffer.concat(chunks).toString('utf8'),
      receivedAt: performance.now(),
    };
    requests.push(recorded);
    settleWaiters();

    const index = scripts.findIndex(
      (script) => script.method === recorded.method && script.path === recorded.path,
    );
    if (index === -1) {
      unscripted.push(recorded);
      outgoing.writeHead(599, { 'content-type': 'application/json' });
      outgoing.end(JSON.stringify({ error: `unscripted ${recorded.method} ${recorded.path}` }));
      return;
    }
    const [{ response }] = scripts.splice(index, 1) as [Script];
    if (response.hang) return;
    if (response.holdUntil) await response.holdUntil;

    const isText = typeof response.body === 'string';
    const payload =
      response.body === undefined ? '' : isText ? response.body : JSON.stringify(response.body);
    outgoing.writeHead(response.status ?? 200, {
      ...(response.body !== undefined && !isText ? { 'content-type': 'application/json' } : {}),
      ...response.headers,
    });
    outgoing.end(payload);
  }

  const server = createServer((incoming, outgoing) => {
    handle(incoming, outgoing).catch((error: unknown) => {
      outgoing.destroy(error instanceof Error ? error : new Error(String(error)));
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;

  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    unscripted,
    script(method, path, ...responses) {
      for (const response of responses) scripts.push({ method, path, response });
    },
    requestsTo,
    waitForRequests(method, path, count) {
      return new Promise<void>((resolve) => {
        waiters.push({ matches: () => requestsTo(method, path).length >= count, resolve });
        settleWaiters();
      });
    },
    reset() {
      scripts.length = 0;
      requests.length = 0;
      unscripted.length = 0;
      waiters = [];
    },
    async close() {
      server.closeAllConnections();
      server.close();
      await once(server, 'close');
    },
  };
}
