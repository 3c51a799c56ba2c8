import { describe, expect, it } from 'vitest';
import { API_TEXTS } from '@prijsalarm/core';
import { authorizeSettingChange, settingsPolicy } from './settings';

describe('settingsPolicy.canChange', () => {
  it('lets an admin change a setting', () => {
    expect(settingsPolicy.canChange({ role: 'ADMIN' })).toBe(true);
    expect(() => authorizeSettingChange({ role: 'ADMIN' })).not.toThrow();
  });

  it.each([
    ['a user', { role: 'USER' as const }],
    ['a guest', null],
  ])('refuses %s', (_case, user) => {
    expect(settingsPolicy.canChange(user)).toBe(false);
    expect(() => authorizeSettingChange(user)).toThrow(
      expect.objectContaining({ status: 403, message: API_TEXTS.adminOnly }),
    );
  });
});
