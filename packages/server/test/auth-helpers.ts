/**
 * Accounts for HTTP tests.
 *
 *   const user = await createUser(server, { plan: 'PRO' });          // straight into the database
 *   const browser = server.client();
 *   const admin = await loginAs(server, browser, { role: 'ADMIN' }); // through POST /api/auth/login
 *   await browser.get('/api/admin/stats');                           // now logged in as that admin
 *
 * `ctx` is anything with the server's models: the TestServer, or an AppContext.
 */
import { randomUUID } from 'node:crypto';
import type { Plan, Role } from '@prijsalarm/core';
import type { Models, User } from '../src/models';
import { hashPassword } from '../src/security/passwords';
import type { TestClient } from './http-client';

/** The password every test user gets unless told otherwise (meets the password rules). */
export const TEST_PASSWORD = 'correct-horse-battery-staple';

export interface CreateUserOptions {
  email?: string;
  password?: string;
  plan?: Plan;
  role?: Role;
  /** Whether the e-mail address is confirmed (default true: such users can log in). */
  verified?: boolean;
  firstName?: string | null;
  lastName?: string | null;
  name?: string | null;
  newsletterOptIn?: boolean;
}

/** A unique address per call, so tests in one file never collide. */
export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}-${randomUUID().slice(0, 8)}@example.nl`;
}

// Hashing costs ~50 ms; most tests use the default password, so hash it once per process.
let defaultHash: Promise<string> | undefined;

/** Inserts a user directly (Argon2id hash), verified unless `verified: false`. */
export async function createUser(
  ctx: { models: Models },
  options: CreateUserOptions = {},
): Promise<User> {
  const password = options.password ?? TEST_PASSWORD;
  const passwordHash =
    password === TEST_PASSWORD
      ? await (defaultHash ??= hashPassword(TEST_PASSWORD))
      : await hashPassword(password);
  return ctx.models.User.create({
    email: options.email ?? uniqueEmail(),
    passwordHash,
    plan: options.plan ?? 'FREE',
    role: options.role ?? 'USER',
    emailVerifiedAt: options.verified === false ? null : new Date(),
    firstName: options.firstName ?? null,
    lastName: options.lastName ?? null,
    name: options.name ?? null,
    newsletterOptIn: options.newsletterOptIn ?? false,
  });
}

export interface LoginAsOptions extends CreateUserOptions {
  rememberMe?: boolean;
}

/**
 * Creates a user (or uses the existing one with `email`) and logs the client in through
 * GET /api/auth/csrf + POST /api/auth/login, as the web app does. Returns the user.
 */
export async function loginAs(
  ctx: { models: Models },
  client: TestClient,
  options: LoginAsOptions = {},
): Promise<User> {
  const existing = options.email ? await ctx.models.User.findByEmail(options.email) : null;
  const user = existing ?? (await createUser(ctx, options));
  if (!client.cookie('pa_csrf')) await client.get('/api/auth/csrf');
  const response = await client.post('/api/auth/login', {
    email: user.email,
    password: options.password ?? TEST_PASSWORD,
    rememberMe: options.rememberMe ?? false,
  });
  if (response.status !== 200) {
    throw new Error(`loginAs(${user.email}) failed: ${response.status} ${response.text}`);
  }
  return user;
}

/** The first link in a mail's text whose path starts with `pathPrefix` (e.g. '/verify/'). */
export function linkIn(mail: { text: string }, pathPrefix: string): string {
  const escaped = pathPrefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const match = new RegExp(`https?://[^\\s/]+${escaped}[A-Za-z0-9_-]+`).exec(mail.text);
  if (!match) throw new Error(`no ${pathPrefix} link in mail:\n${mail.text}`);
  return match[0];
}

/** The last path segment of a link: the token. */
export function tokenOf(link: string): string {
  return link.slice(link.lastIndexOf('/') + 1);
}

/** One Set-Cookie line of a response, by cookie name, split into its value and attributes. */
export function setCookie(
  headers: Headers,
  name: string,
): { value: string; attributes: Record<string, string | true> } | undefined {
  for (const line of headers.getSetCookie()) {
    const [pair = '', ...rest] = line.split(';').map((part) => part.trim());
    if (!pair.startsWith(`${name}=`)) continue;
    const attributes: Record<string, string | true> = {};
    for (const attribute of rest) {
      const [key = '', ...value] = attribute.split('=');
      attributes[key.toLowerCase()] = value.length > 0 ? value.join('=') : true;
    }
    return { value: pair.slice(name.length + 1), attributes };
  }
  return undefined;
}
