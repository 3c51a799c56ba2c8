import { describe, expect, it } from 'vitest';
import { presentSession } from './session';

const family = {
  familyId: '0b6f7e8a-3c2d-4e1f-9a8b-7c6d5e4f3a2b',
  createdAt: new Date('2026-03-01T08:00:00Z'),
  lastUsedAt: new Date('2026-03-02T09:30:00Z'),
  userAgent: 'Firefox',
};

describe('presentSession', () => {
  it('marks the session the request came with as the current one', () => {
    expect(presentSession(family, family.familyId)).toEqual({
      id: family.familyId,
      createdAt: '2026-03-01T08:00:00.000Z',
      lastUsedAt: '2026-03-02T09:30:00.000Z',
      userAgent: 'Firefox',
      current: true,
    });
  });

  it('shows another device’s session, never used since login, as not current', () => {
    const other = { ...family, lastUsedAt: null, userAgent: null };
    expect(presentSession(other, 'another-family')).toMatchObject({
      lastUsedAt: null,
      userAgent: null,
      current: false,
    });
  });
});
