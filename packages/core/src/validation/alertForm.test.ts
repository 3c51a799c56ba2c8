import { describe, expect, it } from 'vitest';
import { ALERT_FIELD_TEXTS } from './strings';
import { guestCreateAlertSchema, userCreateAlertSchema } from './alert';
import {
  alertChanges,
  alertFormStateOf,
  applyNotificationToggle,
  buildCreateAlertPayload,
  buildGuestCreateAlertPayload,
  canSubmitAuthenticated,
  canSubmitGuest,
  changeCategory,
  changePlatform,
  initialAlertFormState,
  initialGuestAlertFormState,
  type AlertFormCategory,
  type AlertFormSource,
  type AlertFormState,
} from './alertForm';

const cars: AlertFormCategory = { id: 91, name: "Auto's", marktplaatsId: 91 };
const volkswagen: AlertFormCategory = { id: 157, name: 'Volkswagen', marktplaatsId: 157 };
const bikes: AlertFormCategory = { id: 445, name: 'Fietsen en Brommers', marktplaatsId: 445 };

function form(change: Partial<AlertFormState> = {}): AlertFormState {
  return { ...initialAlertFormState, platform: 'marktplaats', searchTerm: 'gazelle', ...change };
}

describe('buildCreateAlertPayload', () => {
  it('leaves out empty, false and empty-list filters', () => {
    const payload = buildCreateAlertPayload(
      form({
        categoryFilters: {
          mileageMin: null,
          fuel: [],
          hideReserved: false,
          excludeWords: [],
          adverteerder: 'all',
          yearMin: 2015,
        },
        conditions: [],
      }),
    );
    expect(payload.customFilters).toEqual({ yearMin: 2015 });
  });

  it('keeps filters that say something, conditions included', () => {
    const payload = buildCreateAlertPayload(
      form({
        categoryFilters: { hideReserved: true, excludeWords: ['kapot'], adverteerder: 'private' },
        conditions: ['new', 'used'],
      }),
    );
    expect(payload.customFilters).toEqual({
      hideReserved: true,
      excludeWords: ['kapot'],
      adverteerder: 'private',
      conditions: ['new', 'used'],
    });
  });

  it.each<[string, Partial<AlertFormState>, string | undefined]>([
    ["'all' is not sent", { sellerType: 'all' }, undefined],
    ["'private' is sent", { sellerType: 'private' }, 'private'],
    ["'business' is sent", { sellerType: 'business' }, 'business'],
    [
      'the car category sends its advertiser filter instead',
      { sellerType: 'private', category: { l1: cars, l2: null } },
      undefined,
    ],
  ])('seller type: %s', (_case, change, expected) => {
    const payload = buildCreateAlertPayload(form(change));
    expect(payload.sellerType).toBe(expected);
    expect('sellerType' in payload).toBe(expected !== undefined);
  });

  it.each<[string, string, number | string | null]>([
    ['a comma price', '12,50', 12.5],
    ['a price with a thousands dot', '1.000', 1000],
    ['a price with a euro sign', '€ 400', 400],
    // Sent as typed, so the schema refuses it with its message rather than dropping it.
    ['an unreadable price', ' abc ', 'abc'],
    ['no price', '', null],
  ])('parses %s', (_case, typed, expected) => {
    const payload = buildCreateAlertPayload(form({ minPrice: typed, maxPrice: typed }));
    expect(payload.minPrice).toBe(expected);
    expect(payload.maxPrice).toBe(expected);
  });

  it.each<[string, string, number | null]>([
    ['with a postal code', '1234ab', 25],
    ['without a postal code', '', null],
    ['with a blank postal code', '   ', null],
  ])('sends the distance only %s', (_case, postalCode, expected) => {
    expect(buildCreateAlertPayload(form({ postalCode, distance: 25 })).distance).toBe(expected);
  });

  it('formats the postal code for the platform and sends the categories', () => {
    const payload = buildCreateAlertPayload(
      form({ postalCode: '1234ab', category: { l1: cars, l2: volkswagen } }),
    );
    expect(payload).toMatchObject({ postalCode: '1234 AB', l1CategoryId: 91, l2CategoryId: 157 });
  });

  it('sends the e-mail only when one is filled in', () => {
    expect('email' in buildCreateAlertPayload(form({ email: '  ' }))).toBe(false);
    expect(buildCreateAlertPayload(form({ email: ' a@b.nl ' })).email).toBe('a@b.nl');
  });

  it('builds what the server accepts', () => {
    const payload = buildCreateAlertPayload(
      form({
        maxPrice: '100',
        minPrice: '10,5',
        postalCode: '3511ab',
        distance: 10,
        conditions: ['used'],
        sellerType: 'private',
        notifyEmail: false,
        notifyTelegram: true,
      }),
    );
    expect(userCreateAlertSchema.safeParse(payload).success).toBe(true);
  });
});

describe('buildGuestCreateAlertPayload', () => {
  it('sends only the guest form’s fields, and the server accepts it', () => {
    const payload = buildGuestCreateAlertPayload({
      ...initialGuestAlertFormState,
      searchTerm: ' gazelle ',
      email: 'jan@example.nl',
      maxPrice: '50',
      postalCode: '1234ab',
      distance: 5,
      minPrice: '10',
      notifyTelegram: true,
    });
    expect(payload).toEqual({
      searchTerm: 'gazelle',
      platforms: ['marktplaats'],
      maxPrice: 50,
      postalCode: '1234 AB',
      distance: 5,
      email: 'jan@example.nl',
    });
    expect(guestCreateAlertSchema.safeParse(payload).success).toBe(true);
  });

  it.each<[string, number]>([
    ['1.000', 1000],
    ['1.000,50', 1000.5],
    ['400,-', 400],
    ['€ 400', 400],
  ])('sends a max price typed as %j as € %d', (maxPrice, euros) => {
    const guest = { ...initialGuestAlertFormState, searchTerm: 'fiets', email: 'jan@example.nl' };
    const payload = buildGuestCreateAlertPayload({ ...guest, maxPrice });
    expect(payload.maxPrice).toBe(euros);
    expect(guestCreateAlertSchema.parse(payload).maxPrice).toBe(euros);
  });

  it('has an unreadable max price refused with its message, never sent as no price', () => {
    const guest = { ...initialGuestAlertFormState, searchTerm: 'fiets', email: 'jan@example.nl' };
    const payload = buildGuestCreateAlertPayload({ ...guest, maxPrice: 'abc' });
    const result = guestCreateAlertSchema.safeParse(payload);
    expect(result.error?.issues.map(({ path, message }) => [path, message])).toEqual([
      [['maxPrice'], ALERT_FIELD_TEXTS.priceInvalid],
    ]);
  });
});

describe('applyNotificationToggle', () => {
  it.each<[string, boolean, boolean, 'email' | 'telegram', boolean, boolean, boolean]>([
    // [case, email before, telegram before, channel, on, email after, telegram after]
    ['telegram on', true, false, 'telegram', true, true, true],
    ['telegram off forces e-mail on', false, true, 'telegram', false, true, false],
    ['e-mail on', false, true, 'email', true, true, true],
    ['e-mail off while telegram is on', true, true, 'email', false, false, true],
    ['e-mail off while telegram is off is refused', true, false, 'email', false, true, false],
  ])('%s', (_case, emailBefore, telegramBefore, channel, on, emailAfter, telegramAfter) => {
    const next = applyNotificationToggle(
      form({ notifyEmail: emailBefore, notifyTelegram: telegramBefore }),
      channel,
      on,
    );
    expect([next.notifyEmail, next.notifyTelegram]).toEqual([emailAfter, telegramAfter]);
  });
});

describe('canSubmitGuest', () => {
  const ready = { ...initialGuestAlertFormState, searchTerm: 'fiets', email: 'a@b.nl' };
  it.each<[string, Partial<AlertFormState>, boolean]>([
    ['complete', {}, true],
    ['no platform', { platform: null }, false],
    ['a blank search term', { searchTerm: '  ' }, false],
    ['no e-mail', { email: '' }, false],
  ])('%s → %j', (_case, change, expected) => {
    expect(canSubmitGuest({ ...ready, ...change })).toBe(expected);
  });
});

describe('canSubmitAuthenticated', () => {
  it.each<[string, Partial<AlertFormState>, boolean, boolean]>([
    ['complete', {}, true, true],
    ['complete without an e-mail address', { email: '' }, true, true],
    ['Telegram only', { notifyEmail: false, notifyTelegram: true }, true, true],
    ['no platform', { platform: null }, true, false],
    ['a blank search term', { searchTerm: ' ' }, true, false],
    ['at the alert limit', {}, false, false],
    ['no notification channel', { notifyEmail: false, notifyTelegram: false }, true, false],
  ])('%s → %j', (_case, change, canCreateAlerts, expected) => {
    expect(canSubmitAuthenticated(form(change), canCreateAlerts)).toBe(expected);
  });
});

describe('changeCategory', () => {
  const withFilters = form({
    category: { l1: cars, l2: null },
    categoryFilters: { yearMin: 2010 },
  });

  it('keeps the filters when the top category stays the same', () => {
    const next = changeCategory(withFilters, { l1: cars, l2: volkswagen });
    expect(next.category).toEqual({ l1: cars, l2: volkswagen });
    expect(next.categoryFilters).toEqual({ yearMin: 2010 });
  });

  it.each<[string, AlertFormCategory | null]>([
    ['another top category', bikes],
    ['no category', null],
  ])('clears the filters for %s', (_case, l1) => {
    const next = changeCategory(withFilters, { l1, l2: null });
    expect(next.category.l1).toBe(l1);
    expect(next.categoryFilters).toEqual({});
  });
});

describe('changePlatform', () => {
  it('changes nothing for an unavailable platform', () => {
    const state = form();
    expect(changePlatform(state, '2dehands', false)).toBe(state);
  });

  it.each<[string, Partial<AlertFormState>, 'marktplaats' | '2dehands', Partial<AlertFormState>]>([
    [
      'a Dutch code does not carry over to 2dehands',
      { postalCode: '1234 AB', distance: 10 },
      '2dehands',
      { postalCode: '', distance: null },
    ],
    [
      'a Belgian code does not carry over to Marktplaats',
      { platform: '2dehands', postalCode: '2000', distance: 10 },
      'marktplaats',
      { postalCode: '', distance: null },
    ],
    ['no postal code', { postalCode: '' }, '2dehands', { postalCode: '' }],
    [
      'a 4-digit code is a Belgian one',
      { postalCode: '2000', distance: 5 },
      '2dehands',
      { postalCode: '2000', distance: 5 },
    ],
  ])('%s', (_case, before, platform, after) => {
    const next = changePlatform(form(before), platform);
    expect(next.platform).toBe(platform);
    expect(next).toMatchObject(after);
  });
});

describe('alertFormStateOf', () => {
  const stored: AlertFormSource = {
    platforms: ['marktplaats'],
    searchTerm: 'golf',
    minPrice: 2500,
    maxPrice: 12500.5,
    postalCode: '3511 AB',
    distance: 25,
    customFilters: {
      mileageMax: 150000,
      fuel: ['petrol'],
      conditions: ['used'],
      hideReserved: true,
    },
    deliveryMethod: 'pickup',
    onlyWithImages: true,
    includePaidAds: false,
    sellerType: 'all',
    notifyEmail: false,
    notifyTelegram: true,
    notifyPush: false,
  };

  it('puts every stored value back in its field', () => {
    const state = alertFormStateOf(stored, { l1: cars, l2: volkswagen });
    expect(state).toEqual({
      ...initialAlertFormState,
      platform: 'marktplaats',
      category: { l1: cars, l2: volkswagen },
      searchTerm: 'golf',
      minPrice: '2500',
      maxPrice: '12500,50',
      postalCode: '3511 AB',
      distance: 25,
      deliveryMethod: 'pickup',
      onlyWithImages: true,
      notifyEmail: false,
      notifyTelegram: true,
      categoryFilters: { mileageMax: 150000, fuel: ['petrol'], hideReserved: true },
      conditions: ['used'],
    });
  });

  it('builds the payload it was saved with, so an untouched form changes nothing', () => {
    const state = alertFormStateOf(stored, { l1: cars, l2: volkswagen });
    const payload = buildCreateAlertPayload(state);
    expect(payload).toMatchObject({
      platforms: ['marktplaats'],
      minPrice: 2500,
      maxPrice: 12500.5,
      l1CategoryId: cars.id,
      l2CategoryId: volkswagen.id,
      customFilters: stored.customFilters,
    });
    expect(alertChanges(payload, buildCreateAlertPayload(state))).toEqual({});
  });

  it('drops a distance that is no option and a subcategory without its top category', () => {
    const state = alertFormStateOf({ ...stored, distance: 7 }, { l1: null, l2: volkswagen });
    expect(state.distance).toBeNull();
    expect(state.category).toEqual({ l1: null, l2: null });
  });
});

describe('alertChanges', () => {
  const before = buildCreateAlertPayload(
    form({
      sellerType: 'private',
      maxPrice: '300',
      categoryFilters: { excludeWords: ['kapot'], hideReserved: true },
    }),
  );

  it.each<[string, Partial<AlertFormState>, Record<string, unknown>]>([
    ['nothing changed', {}, {}],
    ['a cleared price is sent as null', { maxPrice: '' }, { maxPrice: null }],
    [
      'the same filters typed in another order are no change',
      { categoryFilters: { hideReserved: true, excludeWords: ['kapot'] } },
      {},
    ],
    [
      'a changed filter sends the whole filter set',
      { categoryFilters: { excludeWords: ['kapot'] } },
      { customFilters: { excludeWords: ['kapot'] } },
    ],
    [
      "a seller type back to 'all' is said, though a new alert leaves it out",
      { sellerType: 'all' },
      { sellerType: 'all' },
    ],
    ['the platform', { platform: '2dehands' }, { platforms: ['2dehands'] }],
    [
      'the channels',
      { notifyEmail: false, notifyTelegram: true },
      { notifyEmail: false, notifyTelegram: true },
    ],
  ])('%s', (_name, change, expected) => {
    const after = buildCreateAlertPayload(
      form({
        sellerType: 'private',
        maxPrice: '300',
        categoryFilters: { excludeWords: ['kapot'], hideReserved: true },
        ...change,
      }),
    );
    expect(alertChanges(before, after)).toEqual(expected);
  });

  it('says a price drop that was switched off', () => {
    expect(
      alertChanges(
        { ...before, priceDrop: { enabled: true, percent: 10 } },
        { ...before, priceDrop: { enabled: false } },
      ),
    ).toEqual({ priceDrop: { enabled: false } });
  });
});
