import { describe, expect, it } from 'vitest';
import { notificationPolicy } from './notification';

describe('notificationPolicy.canView', () => {
  it('lets the owner of the notification’s alert see it', () => {
    expect(notificationPolicy.canView({ id: 'u1' }, { userId: 'u1' })).toBe(true);
  });

  it.each([
    ['another user’s alert', { userId: 'u2' }],
    ['a guest alert', { userId: null }],
    ['no alert at all', null],
    ['an alert that was not loaded', undefined],
  ])('hides a notification of %s', (_case, alert) => {
    expect(notificationPolicy.canView({ id: 'u1' }, alert)).toBe(false);
  });
});
