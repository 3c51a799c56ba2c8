import { describe, expect, it } from 'vitest';
import type { User } from '../models';
import { presentUser } from './user';

const user = {
  id: 'u1',
  email: 'anna@example.nl',
  passwordHash: 'secret-hash',
  name: null,
  firstName: 'Anna',
  lastName: null,
  plan: 'REGISTERED',
  role: 'USER',
  newsletterOptIn: true,
  emailVerified: true,
  telegramChatId: '4242',
  telegramUsername: 'anna',
  telegramLinkCodeHash: 'another-secret',
  preferences: { theme: 'dark' },
  createdAt: new Date('2026-01-05T10:00:00Z'),
} as unknown as User;

describe('presentUser', () => {
  const dto = presentUser(user, { alerts: 3, notifications: 17 });

  it('gives the whitelisted fields with the counts', () => {
    expect(dto).toEqual({
      id: 'u1',
      email: 'anna@example.nl',
      name: null,
      firstName: 'Anna',
      lastName: null,
      plan: 'REGISTERED',
      role: 'USER',
      createdAt: '2026-01-05T10:00:00.000Z',
      newsletterOptIn: true,
      emailVerified: true,
      telegram: { connected: true, username: 'anna' },
      _count: { alerts: 3, notifications: 17 },
    });
  });

  it('never lets a secret column out', () => {
    expect(JSON.stringify(dto)).not.toMatch(/secret|4242/);
  });

  it('shows Telegram as not connected without a chat', () => {
    const unlinked = { ...user, telegramChatId: null, telegramUsername: null } as unknown as User;
    expect(presentUser(unlinked, { alerts: 0, notifications: 0 }).telegram).toEqual({
      connected: false,
      username: null,
    });
  });
});
