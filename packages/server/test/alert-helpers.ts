/**
 * Helpers for the alert, category and settings HTTP tests.
 *
 *   const guest = await guestBrowser(server);                 // has a CSRF cookie, no session
 *   const res = await guest.post('/api/alerts', guestPayload({ email }));
 *   const { manageToken, confirmToken } = await confirmationLinkFor(server, email);
 */
import type { TestClient } from './http-client';
import type { TestServer } from './support';

/** A fresh browser without a session that has already fetched its CSRF cookie. */
export async function guestBrowser(server: Pick<TestServer, 'client'>): Promise<TestClient> {
  const browser = server.client();
  await browser.get('/api/auth/csrf');
  return browser;
}

/** The last path segment of a manage URL: its token. */
export function manageTokenOf(manageUrl: string): string {
  return new URL(manageUrl).pathname.split('/').pop() ?? '';
}

export function guestPayload(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return { searchTerm: 'racefiets', maxPrice: 250, email: 'gast@example.nl', ...overrides };
}

export function userPayload(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return { searchTerm: 'racefiets', platforms: ['marktplaats'], maxPrice: 250, ...overrides };
}

/** The manage and confirm tokens of the confirmation mail sent to `email`. */
export async function confirmationLinkFor(
  server: Pick<TestServer, 'mailbox'>,
  email: string,
): Promise<{ link: string; manageToken: string; confirmToken: string }> {
  const mail = await server.mailbox.waitFor({ to: email, subject: 'Bevestig' });
  const match = /(https?:\/\/\S+\/manage\/([A-Za-z0-9_-]+)\?bevestig=([A-Za-z0-9_-]+))/.exec(
    mail.text,
  );
  if (!match) throw new Error(`no confirmation link in:\n${mail.text}`);
  return { link: match[1]!, manageToken: match[2]!, confirmToken: match[3]! };
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Whether an ISO date lies `days` days from now, give or take a minute. */
export function isDaysFromNow(iso: string | null | undefined, days: number): boolean {
  if (!iso) return false;
  return Math.abs(Date.parse(iso) - (Date.now() + days * DAY_MS)) < 60_000;
}
