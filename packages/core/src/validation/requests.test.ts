import { describe, expect, it } from 'vitest';
import { NOTIFICATION_PAGE_SIZE } from '../constants';
import { ALERT_FIELD_TEXTS, VALIDATION_TEXTS } from './strings';
import { fieldErrors } from './fieldErrors';
import {
  adminAlertQuerySchema,
  adminPlanChangeSchema,
  adminUserQuerySchema,
  contactSchema,
  notificationQuerySchema,
  telegramVerifySchema,
} from './requests';

const v = VALIDATION_TEXTS;
const ID_A = '3f1c2b9e-5a4d-4c3b-9e2f-1a2b3c4d5e6f';
const ID_B = '00000000-0000-0000-0000-000000000002';

function errorsOf(schema: { safeParse(input: unknown): unknown }, input: unknown) {
  const result = schema.safeParse(input) as ReturnType<typeof contactSchema.safeParse>;
  return result.success ? {} : fieldErrors(result.error);
}

describe('notificationQuerySchema', () => {
  it('fills in the defaults: page 1, 10 per page, newest first', () => {
    expect(notificationQuerySchema.parse({})).toEqual({
      page: 1,
      limit: NOTIFICATION_PAGE_SIZE,
      sortBy: 'createdAt',
      sortOrder: 'desc',
    });
  });

  it.each<[string, Record<string, unknown>, Record<string, unknown>]>([
    ['numbers from text', { page: '3', limit: '100' }, { page: 3, limit: 100 }],
    [
      'empty values as absent',
      { page: '', searchTerm: ' ', platform: '', startDate: '' },
      { page: 1 },
    ],
    ['comma-separated alert ids', { alertIds: `${ID_A}, ${ID_B}` }, { alertIds: [ID_A, ID_B] }],
    ['repeated alert ids', { alertIds: [ID_A, ID_B] }, { alertIds: [ID_A, ID_B] }],
    ['a single alertId', { alertId: ID_A }, { alertIds: [ID_A] }],
    [
      'alertId together with alertIds',
      { alertId: ID_A, alertIds: `${ID_A},${ID_B}` },
      { alertIds: [ID_A, ID_B] },
    ],
    ['comma prices', { minPrice: '12,50', maxPrice: '100' }, { minPrice: 12.5, maxPrice: 100 }],
    [
      'a date range',
      { startDate: '2024-02-01', endDate: '2024-02-29' },
      { startDate: '2024-02-01', endDate: '2024-02-29' },
    ],
    ['a sort', { sortBy: 'price', sortOrder: 'asc' }, { sortBy: 'price', sortOrder: 'asc' }],
    ['a platform', { platform: '2dehands' }, { platform: '2dehands' }],
    ['a search term', { searchTerm: ' fiets ' }, { searchTerm: 'fiets' }],
    ['Dutch prices', { minPrice: '€ 12,5', maxPrice: '1.000' }, { minPrice: 12.5, maxPrice: 1000 }],
  ])('reads %s', (_case, input, expected) => {
    expect(notificationQuerySchema.parse(input)).toMatchObject(expected);
  });

  it('leaves alertId out of the parsed query', () => {
    expect('alertId' in notificationQuerySchema.parse({ alertId: ID_A })).toBe(false);
  });

  it.each<[string, Record<string, unknown>, Record<string, string>]>([
    ['page 0', { page: '0' }, { page: v.numberTooSmall(1) }],
    ['page 1.5', { page: '1.5' }, { page: v.wholeNumber }],
    ['limit 0', { limit: '0' }, { limit: v.numberTooSmall(1) }],
    ['limit 101', { limit: '101' }, { limit: v.numberTooBig(100) }],
    ['a word as page', { page: 'twee' }, { page: v.invalidValue }],
    ['an unknown sort field', { sortBy: 'seller' }, { sortBy: v.invalidChoice }],
    ['an unknown sort order', { sortOrder: 'up' }, { sortOrder: v.invalidChoice }],
    ['an id that is no id', { alertIds: `${ID_A},abc` }, { 'alertIds.1': v.invalidValue }],
    ['an unknown platform', { platform: 'ebay' }, { platform: v.invalidChoice }],
    ['an impossible date', { startDate: '2024-02-30' }, { startDate: v.invalidDate }],
    ['a date in another format', { endDate: '01-02-2024' }, { endDate: v.invalidDate }],
    [
      'an end before the start',
      { startDate: '2024-03-02', endDate: '2024-03-01' },
      { endDate: v.dateRangeInverted },
    ],
    [
      'min price above max',
      { minPrice: '10', maxPrice: '5' },
      { minPrice: ALERT_FIELD_TEXTS.minAboveMax },
    ],
    ['an unreadable price', { maxPrice: 'veel' }, { maxPrice: ALERT_FIELD_TEXTS.priceInvalid }],
    [
      'min price above a Dutch-written max',
      { minPrice: '1.000', maxPrice: '400,-' },
      { minPrice: ALERT_FIELD_TEXTS.minAboveMax },
    ],
    [
      'an unreadable price and an inverted date range, both at once',
      { minPrice: 'abc', startDate: '2024-03-02', endDate: '2024-03-01' },
      { minPrice: ALERT_FIELD_TEXTS.priceInvalid, endDate: v.dateRangeInverted },
    ],
    ['a 501-character search', { searchTerm: 's'.repeat(501) }, { searchTerm: v.tooLong(500) }],
  ])('rejects %s', (_case, input, expected) => {
    expect(errorsOf(notificationQuerySchema, input)).toEqual(expected);
  });
});

describe('contactSchema', () => {
  const valid = {
    name: 'Jan',
    email: 'jan@example.nl',
    subject: 'Vraag',
    message: 'm'.repeat(5000),
  };

  it('accepts a 5000-character message', () => {
    expect(contactSchema.safeParse(valid).success).toBe(true);
  });

  it.each<[string, Record<string, unknown>, Record<string, string>]>([
    [
      'a 5001-character message',
      { message: 'm'.repeat(5001) },
      { message: v.messageTooLong(5000) },
    ],
    ['a blank message', { message: '   ' }, { message: v.messageRequired }],
    ['no name', { name: undefined }, { name: v.nameRequired }],
    ['no subject', { subject: '' }, { subject: v.subjectRequired }],
    ['a bad e-mail', { email: 'jan' }, { email: ALERT_FIELD_TEXTS.emailInvalid }],
  ])('rejects %s', (_case, change, expected) => {
    expect(errorsOf(contactSchema, { ...valid, ...change })).toEqual(expected);
  });
});

describe('admin requests', () => {
  it.each(['FREE', 'REGISTERED', 'PRO'])('accepts plan %s', (plan) => {
    expect(adminPlanChangeSchema.parse({ plan })).toEqual({ plan });
  });

  it.each<[unknown]>([['GOLD'], ['pro'], [undefined]])('rejects plan %j', (plan) => {
    expect(errorsOf(adminPlanChangeSchema, { plan })).toEqual({ plan: v.planInvalid });
  });

  it('reads the user list query with defaults', () => {
    expect(adminUserQuerySchema.parse({ search: ' jan ', plan: 'PRO' })).toEqual({
      search: 'jan',
      plan: 'PRO',
      page: 1,
      limit: 20,
    });
  });

  it.each<[string, Record<string, unknown>, Record<string, string>]>([
    ['an unknown plan', { plan: 'GOLD' }, { plan: v.invalidChoice }],
    ['limit 101', { limit: '101' }, { limit: v.numberTooBig(100) }],
  ])('user list: rejects %s', (_case, input, expected) => {
    expect(errorsOf(adminUserQuerySchema, input)).toEqual(expected);
  });

  it('reads the alert list query', () => {
    expect(
      adminAlertQuerySchema.parse({
        status: 'paused',
        platform: 'marktplaats',
        userId: ID_A,
        page: '2',
      }),
    ).toEqual({ status: 'paused', platform: 'marktplaats', userId: ID_A, page: 2, limit: 20 });
  });

  it.each<[string, Record<string, unknown>, Record<string, string>]>([
    ['an unknown status', { status: 'deleted' }, { status: v.invalidChoice }],
    ['a user id that is no id', { userId: '42' }, { userId: v.invalidValue }],
  ])('alert list: rejects %s', (_case, input, expected) => {
    expect(errorsOf(adminAlertQuerySchema, input)).toEqual(expected);
  });
});

describe('telegramVerifySchema', () => {
  it.each<[unknown, Record<string, string>]>([
    [' ', { code: v.telegramCodeRequired }],
    [undefined, { code: v.telegramCodeRequired }],
    ['c'.repeat(65), { code: v.tooLong(64) }],
  ])('rejects %j', (code, expected) => {
    expect(errorsOf(telegramVerifySchema, { code })).toEqual(expected);
  });

  it('trims the code', () => {
    expect(telegramVerifySchema.parse({ code: ' AB12 ' })).toEqual({ code: 'AB12' });
  });
});
