import { describe, expect, it } from 'vitest';
import { ALERT_FIELD_TEXTS, VALIDATION_TEXTS } from './strings';
import { ACCESS_TEXTS, PLAN_LABELS } from '../plans/strings';
import { guestCreateAlertSchema, updateAlertSchema, userCreateAlertSchema } from './alert';
import { fieldErrors } from './fieldErrors';
import { postalCodeMessage } from './postalCode';

const t = ALERT_FIELD_TEXTS;
const dutchCode = postalCodeMessage(['marktplaats']);

function errorsOf(schema: { safeParse(input: unknown): unknown }, input: unknown) {
  const result = schema.safeParse(input) as ReturnType<typeof guestCreateAlertSchema.safeParse>;
  return result.success ? {} : fieldErrors(result.error);
}

const guest = { searchTerm: 'gazelle', email: 'Jan@Example.nl' };
const user = { searchTerm: 'gazelle', platforms: ['marktplaats'] };

describe('guestCreateAlertSchema', () => {
  it('fills in Marktplaats, formats the postal code and lower-cases the e-mail', () => {
    expect(
      guestCreateAlertSchema.parse({
        ...guest,
        maxPrice: '12,50',
        postalCode: '1234ab',
        distance: 10,
      }),
    ).toEqual({
      searchTerm: 'gazelle',
      platforms: ['marktplaats'],
      email: 'jan@example.nl',
      maxPrice: 12.5,
      postalCode: '1234 AB',
      distance: 10,
    });
  });

  it("accepts a complete create-alert payload with a guest's values", () => {
    const fullPayload = {
      searchTerm: 'gazelle',
      platforms: ['marktplaats'],
      maxPrice: '150',
      minPrice: null,
      postalCode: '1234ab',
      distance: 10,
      l1CategoryId: null,
      l2CategoryId: null,
      customFilters: {},
      email: 'Jan@Example.nl',
      deliveryMethod: 'both',
      onlyWithImages: false,
      includePaidAds: false,
      sellerType: 'all',
      notifyEmail: true,
      notifyTelegram: false,
    };
    expect(guestCreateAlertSchema.parse(fullPayload)).toEqual({
      searchTerm: 'gazelle',
      platforms: ['marktplaats'],
      email: 'jan@example.nl',
      maxPrice: 150,
      postalCode: '1234 AB',
      distance: 10,
    });
  });

  it('accepts platforms exactly ["marktplaats"]', () => {
    expect(
      guestCreateAlertSchema.parse({ ...guest, platforms: ['marktplaats'] }).platforms,
    ).toEqual(['marktplaats']);
  });

  const accountRequired = ACCESS_TEXTS.accountRequiredForPlatform('2dehands');
  const fromRegistered = ACCESS_TEXTS.availableFromPlan(PLAN_LABELS.REGISTERED);
  it.each<[string, Record<string, unknown>, Record<string, string>]>([
    ['2dehands', { platforms: ['2dehands'] }, { platforms: accountRequired }],
    ['both platforms', { platforms: ['marktplaats', '2dehands'] }, { platforms: accountRequired }],
    ['no platform', { platforms: [] }, { platforms: t.guestOnlyMarktplaats }],
    ['no e-mail', { email: undefined }, { email: t.emailRequired }],
    ['a blank e-mail', { email: '  ' }, { email: t.emailRequired }],
    ['a bad e-mail', { email: 'jan@' }, { email: t.emailInvalid }],
    // The payload's other fields, with values only an account may use: the plan message.
    ['a min price (advanced)', { minPrice: 5 }, { minPrice: fromRegistered }],
    ['Telegram (advanced)', { notifyTelegram: true }, { notifyTelegram: fromRegistered }],
    ['a category (advanced)', { l1CategoryId: 91 }, { l1CategoryId: fromRegistered }],
    ['a car filter', { customFilters: { yearMin: 2010 } }, { customFilters: fromRegistered }],
    ['pickup only', { deliveryMethod: 'pickup' }, { deliveryMethod: fromRegistered }],
    ['only ads with photos', { onlyWithImages: true }, { onlyWithImages: fromRegistered }],
    ['paid ads', { includePaidAds: true }, { includePaidAds: ACCESS_TEXTS.proOnly }],
    ['price drops', { priceDrop: { enabled: true } }, { priceDrop: ACCESS_TEXTS.proOnly }],
    ['private sellers only', { sellerType: 'private' }, { sellerType: fromRegistered }],
    [
      'no e-mail notification',
      { notifyEmail: false },
      { notifyEmail: t.notificationMethodRequired },
    ],
    ['a field outside the payload', { colour: 'red' }, { colour: VALIDATION_TEXTS.unknownField }],
    ['a Belgian postal code', { postalCode: '2000' }, { postalCode: dutchCode }],
    ['a distance without postal code', { distance: 10 }, { distance: t.distanceNeedsPostalCode }],
    ['a max price of 10 000 000', { maxPrice: 10_000_000 }, { maxPrice: t.priceTooHigh }],
    ['a missing search term', { searchTerm: undefined }, { searchTerm: t.searchTermRequired }],
  ])('rejects %s', (_case, change, expected) => {
    expect(errorsOf(guestCreateAlertSchema, { ...guest, ...change })).toEqual(expected);
  });
});

describe('every field error at once', () => {
  it('names every bad field of the guest form in one answer', () => {
    const input = { searchTerm: '', maxPrice: 'abc', postalCode: '12', email: 'nope' };
    expect(errorsOf(guestCreateAlertSchema, input)).toEqual({
      searchTerm: t.searchTermRequired,
      maxPrice: t.priceInvalid,
      postalCode: dutchCode,
      email: t.emailInvalid,
    });
  });

  it("names a guest's locked value beside a bad field", () => {
    const input = { ...guest, email: 'nope', notifyTelegram: true, distance: 10 };
    expect(errorsOf(guestCreateAlertSchema, input)).toEqual({
      email: t.emailInvalid,
      notifyTelegram: ACCESS_TEXTS.availableFromPlan(PLAN_LABELS.REGISTERED),
      distance: t.distanceNeedsPostalCode,
    });
  });

  it('names the wizard’s bad prices, postal code and search term together', () => {
    const input = { ...user, searchTerm: ' ', minPrice: '1,500', maxPrice: '€ 5', postalCode: 'x' };
    expect(errorsOf(userCreateAlertSchema, input)).toEqual({
      searchTerm: t.searchTermRequired,
      minPrice: t.priceSeparators,
      postalCode: dutchCode,
    });
  });

  it('judges min above max beside another field’s message', () => {
    const input = { ...user, searchTerm: '', minPrice: '1.000', maxPrice: '400,-' };
    expect(errorsOf(userCreateAlertSchema, input)).toEqual({
      searchTerm: t.searchTermRequired,
      minPrice: t.minAboveMax,
    });
  });

  it('names a postal code no platform accepts while the platforms are refused', () => {
    const input = { ...user, platforms: ['ebay'], postalCode: '12' };
    expect(errorsOf(userCreateAlertSchema, input)).toEqual({
      'platforms.0': VALIDATION_TEXTS.invalidChoice,
      postalCode: postalCodeMessage(),
    });
  });

  it('names every bad field of a manage-page update in one answer', () => {
    const input = { searchTerm: '', maxPrice: 'veel', postalCode: '35', distance: 10 };
    expect(errorsOf(updateAlertSchema, input)).toEqual({
      searchTerm: t.searchTermRequired,
      maxPrice: t.priceInvalid,
      postalCode: postalCodeMessage(),
    });
  });
});

describe('userCreateAlertSchema', () => {
  it('fills in the defaults of a fresh form', () => {
    expect(userCreateAlertSchema.parse(user)).toEqual({
      searchTerm: 'gazelle',
      platforms: ['marktplaats'],
      customFilters: {},
      deliveryMethod: 'both',
      onlyWithImages: false,
      includePaidAds: false,
      sellerType: 'all',
      notifyEmail: true,
      notifyTelegram: false,
      notifyPush: false,
      priceDrop: { enabled: false },
    });
  });

  it.each<[string, Record<string, unknown>, Record<string, string>]>([
    ['no platform', { platforms: [] }, { platforms: t.platformRequired }],
    ['a missing platform list', { platforms: undefined }, { platforms: t.platformRequired }],
    [
      'a platform twice',
      { platforms: ['marktplaats', 'marktplaats'] },
      { platforms: t.platformsDuplicate },
    ],
    [
      'an unknown platform',
      { platforms: ['ebay'] },
      { 'platforms.0': VALIDATION_TEXTS.invalidChoice },
    ],
    [
      'no notification channel',
      { notifyEmail: false, notifyTelegram: false },
      { notifyEmail: t.notificationMethodRequired },
    ],
    ['min price above max price', { minPrice: 10, maxPrice: 5 }, { minPrice: t.minAboveMax }],
    ['a min price of -0.01', { minPrice: -0.01 }, { minPrice: t.priceTooLow }],
    [
      'a Dutch postal code on 2dehands',
      { platforms: ['2dehands'], postalCode: '1234 AB' },
      { postalCode: postalCodeMessage(['2dehands']) },
    ],
    ['an incomplete postal code', { postalCode: '12' }, { postalCode: dutchCode }],
    [
      'a sub category without top category',
      { l2CategoryId: 157 },
      { l1CategoryId: t.categoryParentRequired },
    ],
    ['distance 20', { postalCode: '1234 AB', distance: 20 }, { distance: t.distanceInvalid }],
    ['an unknown field', { maxprice: 5 }, { maxprice: VALIDATION_TEXTS.unknownField }],
    [
      'an unknown custom filter',
      { customFilters: { colour: 'red' } },
      { 'customFilters.colour': VALIDATION_TEXTS.unknownField },
    ],
    [
      'an unknown seller type',
      { sellerType: 'dealer' },
      { sellerType: VALIDATION_TEXTS.invalidChoice },
    ],
  ])('rejects %s', (_case, change, expected) => {
    expect(errorsOf(userCreateAlertSchema, { ...user, ...change })).toEqual(expected);
  });

  it.each<[string, Record<string, unknown>, Record<string, unknown>]>([
    [
      'Telegram only',
      { notifyEmail: false, notifyTelegram: true },
      { notifyEmail: false, notifyTelegram: true },
    ],
    [
      'both platforms',
      { platforms: ['marktplaats', '2dehands'] },
      { platforms: ['marktplaats', '2dehands'] },
    ],
    [
      'a Belgian code on both platforms',
      { platforms: ['marktplaats', '2dehands'], postalCode: '2000' },
      { postalCode: '2000' },
    ],
    [
      'a Dutch code on both platforms',
      { platforms: ['2dehands', 'marktplaats'], postalCode: '1234ab' },
      { postalCode: '1234 AB' },
    ],
    [
      'a Belgian code on 2dehands',
      { platforms: ['2dehands'], postalCode: ' 2000 ' },
      { postalCode: '2000' },
    ],
    ['an empty postal code', { postalCode: '' }, { postalCode: null }],
    ['a comma price', { maxPrice: '12,50' }, { maxPrice: 12.5 }],
    ['equal prices', { minPrice: 5, maxPrice: 5 }, { minPrice: 5, maxPrice: 5 }],
    ['an empty e-mail', { email: '' }, { email: null }],
    [
      'a top and sub category',
      { l1CategoryId: 91, l2CategoryId: 157 },
      { l1CategoryId: 91, l2CategoryId: 157 },
    ],
  ])('accepts %s', (_case, change, expected) => {
    expect(userCreateAlertSchema.parse({ ...user, ...change })).toMatchObject(expected);
  });
});

describe('updateAlertSchema', () => {
  it('changes nothing that was not sent (no defaults)', () => {
    expect(Object.keys(updateAlertSchema.parse({}))).toEqual([]);
    expect(Object.keys(updateAlertSchema.parse({ notifyEmail: false }))).toEqual(['notifyEmail']);
  });

  it.each<[string, Record<string, unknown>, Record<string, string>]>([
    [
      'every channel off',
      { notifyEmail: false, notifyTelegram: false, notifyPush: false },
      { notifyEmail: t.notificationMethodRequired },
    ],
    [
      'a distance while clearing the postal code',
      { distance: 10, postalCode: null },
      { distance: t.distanceNeedsPostalCode },
    ],
    ['min above max', { minPrice: 10, maxPrice: 5 }, { minPrice: t.minAboveMax }],
    ['a blank search term', { searchTerm: ' ' }, { searchTerm: t.searchTermRequired }],
    ['an unknown field', { status: 'active' }, { status: VALIDATION_TEXTS.unknownField }],
  ])('rejects %s', (_case, input, expected) => {
    expect(errorsOf(updateAlertSchema, input)).toEqual(expected);
  });

  it.each<[string, Record<string, unknown>, Record<string, unknown>]>([
    ['a distance alone (the stored postal code counts)', { distance: 10 }, { distance: 10 }],
    [
      'a postal code without platforms, in either format',
      { postalCode: '2000' },
      { postalCode: '2000' },
    ],
    [
      'a postal code for the platforms sent',
      { platforms: ['marktplaats'], postalCode: '1234ab' },
      { platforms: ['marktplaats'], postalCode: '1234 AB' },
    ],
  ])('accepts %s', (_case, input, expected) => {
    expect(updateAlertSchema.parse(input)).toEqual(expected);
  });
});
