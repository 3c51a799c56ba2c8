import { describe, expect, it } from 'vitest';
import { chatPolicy, chatSessionStatus, isChatSessionExpired, type ChatVisitor } from './chat';

const HOUR = 60 * 60 * 1000;
const now = new Date('2026-11-24T12:00:00Z');
const guestSession = (over: Partial<Parameters<typeof chatSessionStatus>[0]> = {}) => ({
  userId: null,
  guestEmail: 'anna@example.nl',
  status: 'active' as const,
  createdAt: new Date(now.getTime() - HOUR),
  ...over,
});
const guest = (email: string): ChatVisitor => ({
  kind: 'guest',
  guestInfo: { name: 'Anna', email },
});

describe('chatPolicy.owns', () => {
  it.each<[string, ChatVisitor, boolean]>([
    ['the guest with its e-mail, in any case and with spaces', guest(' Anna@Example.NL '), true],
    ['a guest with another e-mail', guest('bram@example.nl'), false],
    ['a signed-in user', { kind: 'user', user: { id: 'u1' } }, false],
  ])('a guest session: %s → %s', (_name, visitor, owns) => {
    expect(chatPolicy.owns(visitor, guestSession())).toBe(owns);
  });

  it('a user session belongs to its user only, never to a guest', () => {
    const session = guestSession({ userId: 'u1', guestEmail: null });
    expect(chatPolicy.owns({ kind: 'user', user: { id: 'u1' } }, session)).toBe(true);
    expect(chatPolicy.owns({ kind: 'user', user: { id: 'u2' } }, session)).toBe(false);
    expect(chatPolicy.owns(guest('anna@example.nl'), session)).toBe(false);
  });
});

describe('status and expiry', () => {
  it('a guest session is active for 24 h, then closed', () => {
    expect(
      chatSessionStatus(guestSession({ createdAt: new Date(now.getTime() - 24 * HOUR) }), now),
    ).toBe('active');
    const old = guestSession({ createdAt: new Date(now.getTime() - 24 * HOUR - 1) });
    expect(isChatSessionExpired(old, now)).toBe(true);
    expect(chatSessionStatus(old, now)).toBe('closed');
    expect(chatPolicy.canWrite(old, now)).toBe(false);
  });

  it('a user session does not expire; a resolved one stays resolved', () => {
    const userSession = guestSession({
      userId: 'u1',
      createdAt: new Date(now.getTime() - 100 * HOUR),
    });
    expect(chatSessionStatus(userSession, now)).toBe('active');
    expect(chatSessionStatus({ ...userSession, status: 'resolved' }, now)).toBe('resolved');
  });

  it('only ADMINs are agents', () => {
    expect(chatPolicy.isAgent({ isAdmin: true })).toBe(true);
    expect(chatPolicy.isAgent({ isAdmin: false })).toBe(false);
    expect(chatPolicy.isAgent(null)).toBe(false);
  });
});

it('a session created a moment after `now` was taken is still active (no clock race)', () => {
  const justCreated = guestSession({ createdAt: new Date(now.getTime() + 5) });
  expect(chatSessionStatus(justCreated, now)).toBe('active');
});
