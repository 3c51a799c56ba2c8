import { describe, expect, it } from 'vitest';
import {
  chatInitializeRequestSchema,
  chatOnlineStatusText,
  chatSendRequestSchema,
  chatUnreadCountResponseSchema,
} from './http';
import { CHAT_QUICK_QUESTIONS } from './quickQuestions';

describe('chat HTTP requests', () => {
  it.each([
    ['a signed-in user', { userInfo: { email: 'a@b.nl', name: null, plan: 'PRO' } }, true],
    ['a new guest', { guestInfo: { name: 'Anna', email: 'a@b.nl' } }, true],
    ['a returning guest', { guestInfo: { name: 'Anna', email: 'a@b.nl' }, sessionId: 's1' }, true],
    ['a guest with a 1-letter name', { guestInfo: { name: 'A', email: 'a@b.nl' } }, false],
    [
      'a user with an unknown plan',
      { userInfo: { email: 'a@b.nl', name: 'A', plan: 'GOLD' } },
      false,
    ],
    ['nobody', {}, false],
  ])('initialize for %s → valid=%s', (_name, body, valid) => {
    expect(chatInitializeRequestSchema.safeParse(body).success).toBe(valid);
  });

  it.each([
    ['a message', { sessionId: 's', message: 'hoi' }, true],
    ['a blank message', { sessionId: 's', message: '  ' }, false],
    ['no session', { sessionId: '', message: 'hoi' }, false],
  ])('send %s → valid=%s', (_name, body, valid) => {
    expect(chatSendRequestSchema.safeParse(body).success).toBe(valid);
  });

  it('rejects a negative unread count', () => {
    expect(
      chatUnreadCountResponseSchema.safeParse({ count: -1, authenticated: true }).success,
    ).toBe(false);
  });
});

describe('chatOnlineStatusText', () => {
  it.each([
    [
      'the server text',
      { isOnline: true, statusMessage: 'We reageren binnen 2 minuten' },
      'We reageren binnen 2 minuten',
    ],
    ['a blank server text', { isOnline: false, statusMessage: ' ' }, 'Status niet beschikbaar'],
    ['a failed call', null, 'Status niet beschikbaar'],
  ])('%s', (_name, status, text) => {
    expect(chatOnlineStatusText(status)).toBe(text);
  });
});

describe('quick questions', () => {
  it('offers the four topics of the widget, in order, in Dutch', () => {
    expect(CHAT_QUICK_QUESTIONS.map((q) => [q.id, q.label])).toEqual([
      ['howItWorks', 'Hoe werkt het?'],
      ['subscription', 'Vraag over abonnement'],
      ['notifications', 'Problemen met meldingen'],
      ['technicalHelp', 'Technische hulp'],
    ]);
    for (const question of CHAT_QUICK_QUESTIONS) expect(question.text.trim()).not.toBe('');
  });
});
