import type { Request, Response } from 'express';
import { describe, expect, it } from 'vitest';
import { API_TEXTS } from '@prijsalarm/core';
import type { Session, User } from '../models';
import type { Config } from '../config/env';
import { baseCookieOptions, requireAdmin, requireUser } from './auth';
import { HttpError } from './errors';

function requestAs(role: 'USER' | 'ADMIN' | null): Request {
  const auth = role
    ? { user: { role, isAdmin: role === 'ADMIN' } as User, session: {} as Session }
    : undefined;
  return { auth } as Request;
}

/** What the middleware does: 'next' or the HttpError it throws. */
function outcome(
  middleware: typeof requireUser,
  req: Request,
): string | { status: number; error: string } {
  let passed = false;
  try {
    void middleware(req, {} as Response, () => (passed = true));
  } catch (error) {
    if (error instanceof HttpError) return { status: error.status, error: error.message };
    throw error;
  }
  return passed ? 'next' : 'stopped';
}

const unauthenticated = { status: 401, error: API_TEXTS.unauthenticated };

describe('route guards', () => {
  it.each([
    ['a guest', null, unauthenticated],
    ['a user', 'USER', 'next'],
    ['an admin', 'ADMIN', 'next'],
  ] as const)('requireUser answers %s with %j', (_case, role, expected) => {
    expect(outcome(requireUser, requestAs(role))).toEqual(expected);
  });

  it.each([
    ['a guest', null, unauthenticated],
    ['a user', 'USER', { status: 403, error: API_TEXTS.adminOnly }],
    ['an admin', 'ADMIN', 'next'],
  ] as const)('requireAdmin answers %s with %j', (_case, role, expected) => {
    expect(outcome(requireAdmin, requestAs(role))).toEqual(expected);
  });
});

describe('auth cookies', () => {
  it.each([
    ['http://localhost:3000', false],
    ['https://prijsalarm.nl', true],
  ])(
    'with PUBLIC_URL %s are Secure: %s, and always httpOnly, SameSite=Lax, path /',
    (url, secure) => {
      expect(baseCookieOptions({ publicUrl: url } as Config)).toEqual({
        httpOnly: true,
        sameSite: 'lax',
        secure,
        path: '/',
      });
    },
  );
});
