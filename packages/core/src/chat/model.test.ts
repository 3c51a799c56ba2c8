import { describe, expect, it } from 'vitest';
import {
  canSendChatMessage,
  guestEmailError,
  isGuestSessionValid,
  parseStoredGuestSession,
  validateGuestForm,
} from './model';

const HOUR = 3_600_000;
const STORED_AT = 1_700_000_000_000;

describe('isGuestSessionValid: a guest session lives 24 h', () => {
  it.each([
    ['just stored', 0, true],
    ['24 h − 1 ms', 24 * HOUR - 1, true],
    ['exactly 24 h', 24 * HOUR, true],
    ['24 h + 1 ms', 24 * HOUR + 1, false],
    ['stored in the future (clock moved)', -1, false],
  ])('%s → %s', (_name, age, valid) => {
    expect(isGuestSessionValid(STORED_AT, STORED_AT + age)).toBe(valid);
  });
});

describe('parseStoredGuestSession', () => {
  const stored = {
    sessionId: 's1',
    guestInfo: { name: 'Anna', email: 'a@b.nl' },
    storedAt: STORED_AT,
  };
  it.each([
    ['a valid entry', stored, STORED_AT + HOUR, stored],
    ['an expired entry', stored, STORED_AT + 24 * HOUR + 1, null],
    ['garbage', 'nonsense', STORED_AT, null],
    ['a missing session id', { ...stored, sessionId: '' }, STORED_AT, null],
    ['a broken guest', { ...stored, guestInfo: { name: 'A', email: 'a@b.nl' } }, STORED_AT, null],
  ])('%s', (_name, raw, now, expected) => {
    expect(parseStoredGuestSession(raw, now)).toEqual(expected);
  });
});

describe('validateGuestForm', () => {
  it.each([
    ['valid', { name: 'Jo', email: 'jo@example.nl' }, {}],
    [
      'name padded to 2 but 1 after trim',
      { name: ' J ', email: 'jo@example.nl' },
      { name: 'Naam moet minimaal 2 karakters bevatten' },
    ],
    ['empty e-mail', { name: 'Jo', email: '   ' }, { email: 'E-mailadres is verplicht' }],
    [
      'both wrong',
      { name: '', email: '' },
      { name: 'Naam moet minimaal 2 karakters bevatten', email: 'E-mailadres is verplicht' },
    ],
    [
      'name over 100 characters',
      { name: 'x'.repeat(101), email: 'jo@example.nl' },
      { name: 'Naam mag maximaal 100 karakters bevatten' },
    ],
  ])('%s', (_name, input, errors) => {
    expect(validateGuestForm(input)).toEqual(errors);
  });
});

describe('guestEmailError after the server checked the e-mail', () => {
  it.each([
    ['valid', { valid: true, normalized: 'a@b.nl' } as const, null],
    [
      'invalid with the server text',
      { valid: false, error: 'Dit domein bestaat niet' },
      'Dit domein bestaat niet',
    ],
    ['invalid without a text', { valid: false }, 'Ongeldig e-mailadres'],
    ['the call failed', 'failed' as const, 'Kon e-mailadres niet valideren'],
  ])('%s', (_name, validation, expected) => {
    expect(guestEmailError(validation)).toBe(expected);
  });
});

describe('canSendChatMessage: non-empty after trim and not already sending', () => {
  it.each([
    ['hallo', false, true],
    ['  hallo  ', false, true],
    ['', false, false],
    [' \n\t ', false, false],
    ['hallo', true, false],
  ])('%j while sending=%s → %s', (text, sending, expected) => {
    expect(canSendChatMessage(text, sending)).toBe(expected);
  });
});
