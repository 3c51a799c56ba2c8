import { describe, expect, it } from 'vitest';
import { chatSupportStatusMessage, validateChatEmail } from './email';
import { CHAT_TEXTS } from './strings';

describe('validateChatEmail', () => {
  it.each([
    [' Anna@Example.NL ', { valid: true, normalized: 'anna@example.nl' }],
    ['', { valid: false, error: CHAT_TEXTS.emailRequired }],
    ['anna', { valid: false, error: CHAT_TEXTS.email.missingAt }],
    ['anna@', { valid: false, error: CHAT_TEXTS.email.missingDomain }],
    ['anna@example', { valid: false, error: CHAT_TEXTS.email.invalidDomain }],
    ['anna@example.123', { valid: false, error: CHAT_TEXTS.email.invalidDomain }],
    ['anna@-x.nl', { valid: false, error: CHAT_TEXTS.email.invalidDomain }],
    ['an na@example.nl', { valid: false, error: CHAT_TEXTS.emailInvalid }],
    [`${'a'.repeat(250)}@x.nl`, { valid: false, error: CHAT_TEXTS.emailInvalid }],
  ])('%j', (email, expected) => {
    expect(validateChatEmail(email)).toEqual(expected);
  });
});

describe('chatSupportStatusMessage', () => {
  it('says "binnen 2 minuten" when online, and what happens instead when offline', () => {
    expect(chatSupportStatusMessage(true)).toContain('binnen 2 minuten');
    expect(chatSupportStatusMessage(false)).toContain('e-mail');
  });
});
