import { describe, expect, it } from 'vitest';
import { CHAT_TEXTS } from '../chat/strings';
import { canSendChatMessage, chatGuestInfoSchema, chatMessageTextSchema } from './chat';
import { fieldErrors } from './fieldErrors';

const c = CHAT_TEXTS;

describe('chatGuestInfoSchema', () => {
  it('trims the name and normalises the e-mail', () => {
    expect(chatGuestInfoSchema.parse({ name: ' ab ', email: ' Jan@Example.nl ' })).toEqual({
      name: 'ab',
      email: 'jan@example.nl',
    });
  });

  it.each<[string, Record<string, unknown>, Record<string, string>]>([
    ["the name ' a ' (1 character once trimmed)", { name: ' a ' }, { name: c.nameTooShort }],
    ['no name', { name: undefined }, { name: c.nameTooShort }],
    ['a name of 101 characters', { name: 'n'.repeat(101) }, { name: c.nameTooLong(100) }],
    ['no e-mail', { email: '' }, { email: c.emailRequired }],
    ['a missing e-mail', { email: undefined }, { email: c.emailRequired }],
    ['a bad e-mail', { email: 'jan@example' }, { email: c.emailInvalid }],
  ])('rejects %s', (_case, change, expected) => {
    const result = chatGuestInfoSchema.safeParse({
      name: 'Jan',
      email: 'jan@example.nl',
      ...change,
    });
    expect(result.success).toBe(false);
    if (!result.success) expect(fieldErrors(result.error)).toEqual(expected);
  });
});

describe('chat messages', () => {
  it.each<[string, boolean, boolean]>([
    ['hallo', false, true],
    ['  hallo  ', false, true],
    ['   ', false, false],
    ['', false, false],
    ['hallo', true, false],
  ])('%j while sending=%j may be sent: %j', (text, sending, expected) => {
    expect(canSendChatMessage(text, sending)).toBe(expected);
  });

  it.each<[number, boolean]>([
    [2000, true],
    [2001, false],
  ])('a message of %i characters is accepted: %j', (length, ok) => {
    expect(chatMessageTextSchema.safeParse('m'.repeat(length)).success).toBe(ok);
  });
});
