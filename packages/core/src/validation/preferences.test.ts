import { describe, expect, it } from 'vitest';
import { SETTINGS_TEXTS } from '../plans/strings';
import { fieldErrors, FORM_ERROR_KEY } from './fieldErrors';
import {
  PREFERENCE_KEY_MAX_LENGTH,
  PREFERENCE_LIST_MAX_ITEMS,
  PREFERENCE_TEXT_MAX_LENGTH,
  PREFERENCES_MAX_JSON_LENGTH,
  PREFERENCES_MAX_KEYS,
} from './limits';
import { preferencesSchema } from './preferences';

function errorsOf(input: unknown) {
  const result = preferencesSchema.safeParse(input);
  return result.success ? null : fieldErrors(result.error);
}

const manyKeys = (count: number) =>
  Object.fromEntries(Array.from({ length: count }, (_, index) => [`k${index}`, true]));

describe('preferencesSchema', () => {
  it.each<[string, unknown]>([
    ['an empty set', {}],
    ['scalars', { theme: 'dark', pageSize: 25, compact: true, lastTab: null }],
    ['a list of scalars', { hiddenColumns: ['price', 'platform'] }],
    ['the longest key', { ['a'.repeat(PREFERENCE_KEY_MAX_LENGTH)]: 1 }],
    ['the longest text', { note: 'x'.repeat(PREFERENCE_TEXT_MAX_LENGTH) }],
    ['the longest list', { list: Array.from({ length: PREFERENCE_LIST_MAX_ITEMS }, () => 1) }],
    ['the most keys', manyKeys(PREFERENCES_MAX_KEYS)],
  ])('accepts %s', (_name, input) => {
    expect(errorsOf(input)).toBeNull();
  });

  it.each<[string, unknown, string]>([
    ['a list as the whole', [], FORM_ERROR_KEY],
    ['text as the whole', 'dark', FORM_ERROR_KEY],
    ['a nested object', { layout: { sidebar: true } }, 'layout'],
    ['a nested list', { grid: [[1]] }, 'grid'],
    [
      'a key that is too long',
      { ['a'.repeat(PREFERENCE_KEY_MAX_LENGTH + 1)]: 1 },
      'a'.repeat(PREFERENCE_KEY_MAX_LENGTH + 1),
    ],
    ['a key with a space', { 'my theme': 'dark' }, 'my theme'],
    ['too long a text', { note: 'x'.repeat(PREFERENCE_TEXT_MAX_LENGTH + 1) }, 'note'],
    [
      'too long a list',
      { list: Array.from({ length: PREFERENCE_LIST_MAX_ITEMS + 1 }, () => 1) },
      'list',
    ],
    ['too many keys', manyKeys(PREFERENCES_MAX_KEYS + 1), FORM_ERROR_KEY],
  ])('refuses %s', (_name, input, field) => {
    expect(Object.keys(errorsOf(input) ?? {})).toEqual([field]);
  });

  it('never lets a __proto__ key through', () => {
    const parsed = preferencesSchema.parse(JSON.parse('{"__proto__": {"polluted": 1}, "a": 1}'));
    expect(Object.keys(parsed)).toEqual(['a']);
    expect(Object.getPrototypeOf(parsed)).toBe(Object.prototype);
  });

  it('refuses a set whose JSON is too long, in Dutch', () => {
    const keys = Math.ceil(PREFERENCES_MAX_JSON_LENGTH / PREFERENCE_TEXT_MAX_LENGTH) + 1;
    const input = Object.fromEntries(
      Array.from({ length: keys }, (_, index) => [
        `k${index}`,
        'x'.repeat(PREFERENCE_TEXT_MAX_LENGTH),
      ]),
    );
    expect(errorsOf(input)).toEqual({
      [FORM_ERROR_KEY]: SETTINGS_TEXTS.preferencesTooLarge(PREFERENCES_MAX_JSON_LENGTH),
    });
  });
});
