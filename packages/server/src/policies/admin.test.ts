import { describe, expect, it } from 'vitest';
import { API_TEXTS } from '@prijsalarm/core';
import { HttpError } from '../http/errors';
import { adminPolicy, authorizeAdmin } from './admin';

describe('adminPolicy', () => {
  it('lets an admin administer', () => {
    expect(adminPolicy.canAdminister({ role: 'ADMIN' })).toBe(true);
    expect(() => authorizeAdmin({ role: 'ADMIN' })).not.toThrow();
  });

  it.each([
    ['a user', { role: 'USER' as const }],
    ['a guest', null],
  ])('refuses %s with the admin-only 403', (_case, user) => {
    expect(adminPolicy.canAdminister(user)).toBe(false);
    expect(() => authorizeAdmin(user)).toThrow(
      expect.objectContaining({ status: 403, message: API_TEXTS.adminOnly }),
    );
    expect(() => authorizeAdmin(user)).toThrow(HttpError);
  });
});
