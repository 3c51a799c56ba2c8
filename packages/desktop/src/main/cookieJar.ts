/**
 * The main process's cookie jar: what a browser keeps for the server, so core's API client and
 * the live socket carry the same session and CSRF cookies the web app does. RFC 6265
 * in the parts the server uses: host-only cookies, Path, Max-Age/Expires, Secure, deletion.
 */
export interface StoredCookie {
  name: string;
  value: string;
  host: string;
  path: string;
  /** Epoch ms; null for a session cookie (gone when the app quits unless remembered). */
  expiresAt: number | null;
  secure: boolean;
}

function defaultPath(pathname: string): string {
  const slash = pathname.lastIndexOf('/');
  return slash <= 0 ? '/' : pathname.slice(0, slash);
}

function pathMatches(requestPath: string, cookiePath: string): boolean {
  if (requestPath === cookiePath) return true;
  if (!requestPath.startsWith(cookiePath)) return false;
  return cookiePath.endsWith('/') || requestPath[cookiePath.length] === '/';
}

export function parseSetCookie(header: string, url: URL, now: number): StoredCookie | null {
  const [pair, ...attributes] = header.split(';');
  const eq = pair?.indexOf('=') ?? -1;
  if (!pair || eq <= 0) return null;
  const cookie: StoredCookie = {
    name: pair.slice(0, eq).trim(),
    value: pair.slice(eq + 1).trim(),
    host: url.hostname,
    path: defaultPath(url.pathname),
    expiresAt: null,
    secure: false,
  };
  let maxAgeSeen = false;
  for (const attribute of attributes) {
    const [rawKey, ...rest] = attribute.split('=');
    const key = rawKey?.trim().toLowerCase();
    const value = rest.join('=').trim();
    if (key === 'path' && value.startsWith('/')) cookie.path = value;
    else if (key === 'secure') cookie.secure = true;
    else if (key === 'max-age' && /^-?\d+$/.test(value)) {
      maxAgeSeen = true;
      cookie.expiresAt = now + Number(value) * 1000;
    } else if (key === 'expires' && !maxAgeSeen) {
      const date = Date.parse(value);
      if (!Number.isNaN(date)) cookie.expiresAt = date;
    }
  }
  return cookie;
}

export class CookieJar {
  private cookies: StoredCookie[] = [];
  /** Called after every change (the app saves remembered sessions; refresh tokens rotate). */
  onChange: (() => void) | null = null;

  constructor(private readonly now: () => number = Date.now) {}

  /** Takes the Set-Cookie headers of a response to `url`. */
  store(url: string, setCookieHeaders: readonly string[]): void {
    const target = new URL(url);
    for (const header of setCookieHeaders) {
      const cookie = parseSetCookie(header, target, this.now());
      if (!cookie) continue;
      this.cookies = this.cookies.filter(
        (old) =>
          !(old.name === cookie.name && old.host === cookie.host && old.path === cookie.path),
      );
      // An expiry in the past is how a server deletes a cookie.
      if (cookie.expiresAt === null || cookie.expiresAt > this.now()) this.cookies.push(cookie);
    }
    if (setCookieHeaders.length > 0) this.onChange?.();
  }

  private matching(url: string): StoredCookie[] {
    const target = new URL(url);
    const secure = target.protocol === 'https:' || target.protocol === 'wss:';
    const now = this.now();
    return this.cookies
      .filter(
        (cookie) =>
          cookie.host === target.hostname &&
          pathMatches(target.pathname, cookie.path) &&
          (!cookie.secure || secure) &&
          (cookie.expiresAt === null || cookie.expiresAt > now),
      )
      .sort((a, b) => b.path.length - a.path.length);
  }

  /** The Cookie header for a request to `url` ('' when none). */
  header(url: string): string {
    return this.matching(url)
      .map((cookie) => `${cookie.name}=${cookie.value}`)
      .join('; ');
  }

  /** The value of cookie `name` as a page of `url` would see it. */
  get(url: string, name: string): string | undefined {
    return this.matching(url).find((cookie) => cookie.name === name)?.value;
  }

  clear(): void {
    this.cookies = [];
    this.onChange?.();
  }

  /** Every cookie that outlives the app (for "remember me"); session cookies are left out. */
  persistent(): StoredCookie[] {
    const now = this.now();
    return this.cookies.filter((cookie) => cookie.expiresAt !== null && cookie.expiresAt > now);
  }

  restore(cookies: readonly StoredCookie[]): void {
    this.cookies = [...cookies];
  }
}
