import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ALERT_FIELD_TEXTS, VALIDATION_TEXTS } from './strings';
import { guestCreateAlertSchema, updateAlertSchema, userCreateAlertSchema } from './alert';
import {
  changePasswordSchema,
  deleteAccountSchema,
  loginSchema,
  registerSchema,
  resetPasswordConfirmSchema,
  resetPasswordRequestSchema,
  updateProfileSchema,
} from './auth';
import { chatGuestInfoSchema } from './chat';
import { FORM_ERROR_KEY, fieldErrors, validateInput } from './fieldErrors';
import {
  adminAlertQuerySchema,
  adminPlanChangeSchema,
  adminUserQuerySchema,
  contactSchema,
  notificationQuerySchema,
  telegramVerifySchema,
} from './requests';

describe('fieldErrors', () => {
  it('gives the first message per dotted path', () => {
    const result = userCreateAlertSchema.safeParse({
      searchTerm: '',
      platforms: ['marktplaats'],
      customFilters: { mileageMin: -1, excludeWords: ['x'.repeat(51)] },
    });
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(fieldErrors(result.error)).toEqual({
      searchTerm: ALERT_FIELD_TEXTS.searchTermRequired,
      'customFilters.mileageMin': ALERT_FIELD_TEXTS.mileageInvalid,
      'customFilters.excludeWords.0': ALERT_FIELD_TEXTS.excludeWordTooLong(50),
    });
  });

  it('names each unknown key', () => {
    const result = guestCreateAlertSchema.safeParse({
      searchTerm: 'a',
      email: 'a@b.nl',
      // Keys outside the create-alert payload (the guest schema accepts all of its own keys).
      colour: 'red',
      size: 'L',
    });
    expect(result.success ? {} : fieldErrors(result.error)).toEqual({
      colour: VALIDATION_TEXTS.unknownField,
      size: VALIDATION_TEXTS.unknownField,
    });
  });

  it(`puts a problem with the whole input under ${FORM_ERROR_KEY}`, () => {
    const result = loginSchema.safeParse('not an object');
    expect(result.success ? {} : fieldErrors(result.error)).toEqual({
      [FORM_ERROR_KEY]: VALIDATION_TEXTS.invalidValue,
    });
  });
});

describe('validateInput', () => {
  it('returns the parsed data', () => {
    expect(validateInput(telegramVerifySchema, { code: ' x ' })).toEqual({
      success: true,
      data: { code: 'x' },
    });
  });

  it('answers { error, fields } with the first message as error', () => {
    expect(validateInput(loginSchema, { email: '', password: '' })).toEqual({
      success: false,
      error: ALERT_FIELD_TEXTS.emailRequired,
      fields: {
        email: ALERT_FIELD_TEXTS.emailRequired,
        password: VALIDATION_TEXTS.passwordRequired,
      },
    });
  });

  it('gives Dutch texts even for a schema written without them', () => {
    expect(validateInput(z.object({ count: z.number().max(3) }), {})).toMatchObject({
      fields: { count: VALIDATION_TEXTS.required },
    });
    expect(validateInput(z.object({ count: z.number().max(3) }), { count: 4 })).toMatchObject({
      fields: { count: VALIDATION_TEXTS.numberTooBig(3) },
    });
  });
});

describe('every schema answers in Dutch on its own', () => {
  const schemas: Record<string, z.ZodType> = {
    guestCreateAlertSchema,
    userCreateAlertSchema,
    updateAlertSchema,
    registerSchema,
    loginSchema,
    resetPasswordRequestSchema,
    resetPasswordConfirmSchema,
    changePasswordSchema,
    deleteAccountSchema,
    updateProfileSchema,
    contactSchema,
    notificationQuerySchema,
    adminPlanChangeSchema,
    adminUserQuerySchema,
    adminAlertQuerySchema,
    telegramVerifySchema,
    chatGuestInfoSchema,
  };
  const garbage = [
    null,
    'text',
    42,
    [],
    {},
    { unexpected: 1 },
    Object.fromEntries(
      [
        'searchTerm',
        'platforms',
        'maxPrice',
        'minPrice',
        'postalCode',
        'distance',
        'l1CategoryId',
        'l2CategoryId',
        'customFilters',
        'email',
        'deliveryMethod',
        'onlyWithImages',
        'includePaidAds',
        'sellerType',
        'notifyEmail',
        'notifyTelegram',
        'password',
        'name',
        'firstName',
        'newsletterOptIn',
        'rememberMe',
        'currentPassword',
        'newPassword',
        'subject',
        'message',
        'page',
        'limit',
        'sortBy',
        'sortOrder',
        'alertIds',
        'platform',
        'startDate',
        'plan',
        'status',
        'userId',
        'code',
        'search',
      ].map((key) => [key, { nested: true }]),
    ),
  ];
  // zod's English defaults all contain one of these words.
  const english = /\b(Invalid|expected|Unrecognized|Too (big|small)|received)\b/;

  it.each(Object.entries(schemas))('%s', (_name, schema) => {
    for (const input of garbage) {
      const result = schema.safeParse(input);
      if (result.success) continue;
      for (const issue of result.error.issues) expect(issue.message).not.toMatch(english);
    }
  });
});
