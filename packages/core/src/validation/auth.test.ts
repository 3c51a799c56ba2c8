import { describe, expect, it } from 'vitest';
import { ALERT_FIELD_TEXTS, VALIDATION_TEXTS } from './strings';
import {
  changePasswordSchema,
  deleteAccountSchema,
  loginSchema,
  registerSchema,
  resetPasswordConfirmSchema,
  resetPasswordRequestSchema,
  updateProfileSchema,
} from './auth';
import { fieldErrors } from './fieldErrors';

const v = VALIDATION_TEXTS;
const t = ALERT_FIELD_TEXTS;

function errorsOf(schema: { safeParse(input: unknown): unknown }, input: unknown) {
  const result = schema.safeParse(input) as ReturnType<typeof loginSchema.safeParse>;
  return result.success ? {} : fieldErrors(result.error);
}

describe('registerSchema', () => {
  const valid = { email: ' Jan@Example.NL ', password: 'x'.repeat(10) };

  it('accepts a 10-character password and normalises the e-mail', () => {
    expect(registerSchema.parse(valid)).toMatchObject({ email: 'jan@example.nl' });
  });

  it.each<[string, Record<string, unknown>, Record<string, string>]>([
    ['a 9-character password', { password: 'x'.repeat(9) }, { password: v.passwordTooShort(10) }],
    [
      'a 129-character password',
      { password: 'x'.repeat(129) },
      { password: v.passwordTooLong(128) },
    ],
    ['no password', { password: undefined }, { password: v.passwordRequired }],
    ['no e-mail', { email: undefined }, { email: t.emailRequired }],
    ['a bad e-mail', { email: 'jan' }, { email: t.emailInvalid }],
    ['a 101-character name', { name: 'n'.repeat(101) }, { name: v.tooLong(100) }],
    ['a newsletter choice as text', { newsletterOptIn: 'ja' }, { newsletterOptIn: v.invalidValue }],
  ])('rejects %s', (_case, change, expected) => {
    expect(errorsOf(registerSchema, { ...valid, ...change })).toEqual(expected);
  });

  it('accepts a 128-character password', () => {
    expect(registerSchema.safeParse({ ...valid, password: 'x'.repeat(128) }).success).toBe(true);
  });

  it('takes the password as typed (spaces count)', () => {
    expect(registerSchema.parse({ ...valid, password: ' '.repeat(10) }).password).toBe(
      ' '.repeat(10),
    );
  });
});

describe('loginSchema', () => {
  it('accepts any non-empty password (older passwords may be shorter)', () => {
    expect(loginSchema.parse({ email: 'a@b.nl', password: 'kort', rememberMe: true })).toEqual({
      email: 'a@b.nl',
      password: 'kort',
      rememberMe: true,
    });
  });

  it.each<[string, Record<string, unknown>, Record<string, string>]>([
    ['an empty password', { email: 'a@b.nl', password: '' }, { password: v.passwordRequired }],
    [
      'rememberMe as text',
      { email: 'a@b.nl', password: 'x', rememberMe: 'yes' },
      { rememberMe: v.invalidValue },
    ],
  ])('rejects %s', (_case, input, expected) => {
    expect(errorsOf(loginSchema, input)).toEqual(expected);
  });
});

describe('password reset, change and account deletion', () => {
  it.each<[string, { safeParse(input: unknown): unknown }, unknown, Record<string, string>]>([
    ['reset request without e-mail', resetPasswordRequestSchema, {}, { email: t.emailRequired }],
    [
      'reset with a short password',
      resetPasswordConfirmSchema,
      { password: 'kort' },
      { password: v.passwordTooShort(10) },
    ],
    [
      'change without current password',
      changePasswordSchema,
      { newPassword: 'y'.repeat(10) },
      { currentPassword: v.currentPasswordRequired },
    ],
    [
      'change to a short password',
      changePasswordSchema,
      { currentPassword: 'oud', newPassword: 'kort' },
      { newPassword: v.passwordTooShort(10) },
    ],
    [
      'change to the same password',
      changePasswordSchema,
      { currentPassword: 'z'.repeat(10), newPassword: 'z'.repeat(10) },
      { newPassword: v.newPasswordSameAsCurrent },
    ],
    [
      'delete without password',
      deleteAccountSchema,
      { password: '' },
      { password: v.passwordRequired },
    ],
  ])('rejects %s', (_case, schema, input, expected) => {
    expect(errorsOf(schema, input)).toEqual(expected);
  });

  it('accepts a change to a different valid password', () => {
    expect(
      changePasswordSchema.safeParse({ currentPassword: 'oud', newPassword: 'n'.repeat(10) })
        .success,
    ).toBe(true);
  });
});

describe('updateProfileSchema', () => {
  it.each<[Record<string, unknown>, Record<string, unknown>]>([
    [{}, {}],
    [{ name: '  Jan  ' }, { name: 'Jan' }],
    [{ firstName: '' }, { firstName: null }],
    [{ lastName: null }, { lastName: null }],
    [{ newsletterOptIn: false }, { newsletterOptIn: false }],
  ])('%j → %j', (input, expected) => {
    expect(updateProfileSchema.parse(input)).toEqual(expected);
  });
});
