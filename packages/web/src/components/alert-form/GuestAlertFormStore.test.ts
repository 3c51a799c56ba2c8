import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ACCESS_TEXTS,
  ALERT_FIELD_TEXTS,
  ALERT_TEXTS,
  API_TEXTS,
  CSRF_COOKIE,
  IMPORT_URL_TEXTS,
  POST_CREATION_REDIRECT_MS,
  postalCodeMessage,
} from '@prijsalarm/core';
import { RecordingNavigator, startHttpDouble, testStore } from '../../test/helpers';
import type { HttpDouble } from '../../test/helpers';
import { GuestAlertFormStore } from './GuestAlertFormStore';

const CREATE = '/api/alerts';

let server: HttpDouble;
beforeAll(async () => {
  server = await startHttpDouble();
});
afterAll(() => server.close());
beforeEach(() => server.reset());
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  expect(server.unscripted).toEqual([]);
});

function setup() {
  const navigator = new RecordingNavigator('/');
  const { store } = testStore({ server, navigator, cookies: new Map([[CSRF_COOKIE, 'c']]) });
  return { store, navigator, form: new GuestAlertFormStore(store) };
}

function fill(form: GuestAlertFormStore, values: Partial<Record<string, string>> = {}) {
  form.setSearchTerm(values.searchTerm ?? 'fiets');
  form.setMaxPrice(values.maxPrice ?? '');
  form.setPostalCode(values.postalCode ?? '');
  form.setEmail(values.email ?? 'anna@example.nl');
}

describe('postal code, formatted as typed (Marktplaats)', () => {
  it.each([
    ['3511ab', '3511 AB'],
    [' 35 11-a b ', '3511 AB'],
    ['3511abcd', '3511 AB'],
    ['35', '35'],
    ['', ''],
  ])('%j → %j', (typed, shown) => {
    const { form } = setup();
    form.setPostalCode(typed);
    expect(form.form.postalCode).toBe(shown);
  });
});

describe('distance select', () => {
  it('is disabled until a postal code is filled, and forgets its choice when the code goes', () => {
    const { form } = setup();
    expect(form.distanceEnabled).toBe(false);
    form.setDistance(10);
    expect(form.form.distance).toBeNull();

    form.setPostalCode('3511');
    expect(form.distanceEnabled).toBe(true);
    form.setDistance(10);
    expect(form.form.distance).toBe(10);

    form.setPostalCode('');
    expect(form.distanceEnabled).toBe(false);
    expect(form.form.distance).toBeNull();
  });
});

describe('validation (messages from core); nothing is sent', () => {
  it.each([
    ['no search term', { searchTerm: '  ' }, 'searchTerm', ALERT_FIELD_TEXTS.searchTermRequired],
    [
      'angle brackets',
      { searchTerm: '<b>fiets' },
      'searchTerm',
      ALERT_FIELD_TEXTS.searchTermNoAngleBrackets,
    ],
    ['no e-mail', { email: '' }, 'email', ALERT_FIELD_TEXTS.emailRequired],
    ['a wrong e-mail', { email: 'anna@' }, 'email', ALERT_FIELD_TEXTS.emailInvalid],
    [
      'max price above 9 999 999',
      { maxPrice: '10000000' },
      'maxPrice',
      ALERT_FIELD_TEXTS.priceTooHigh,
    ],
    ['half a postal code', { postalCode: '35' }, 'postalCode', postalCodeMessage(['marktplaats'])],
    ['an unreadable max price', { maxPrice: 'abc' }, 'maxPrice', ALERT_FIELD_TEXTS.priceInvalid],
    ['a max price in words', { maxPrice: 'veel' }, 'maxPrice', ALERT_FIELD_TEXTS.priceInvalid],
    [
      'three digits after the comma',
      { maxPrice: '1,500' },
      'maxPrice',
      ALERT_FIELD_TEXTS.priceSeparators,
    ],
    ['a negative max price', { maxPrice: '-5' }, 'maxPrice', ALERT_FIELD_TEXTS.priceTooLow],
  ])('%s', async (_case, values, field, message) => {
    const { form } = setup();
    fill(form, values);
    await form.submit();
    expect(form.errors[field]).toBe(message);
    expect(form.failedAttempts).toBe(1);
    expect(form.creation.phase).toBe('idle');
    expect(server.requests).toEqual([]);
  });

  it('shows every bad field at once, not one round after another', async () => {
    const { form } = setup();
    fill(form, { searchTerm: '', maxPrice: 'abc', postalCode: '12', email: 'anna@' });
    await form.submit();
    expect(form.errors).toEqual({
      searchTerm: ALERT_FIELD_TEXTS.searchTermRequired,
      maxPrice: ALERT_FIELD_TEXTS.priceInvalid,
      postalCode: 'Ongeldige postcode, bijv. 1234 AB',
      email: ALERT_FIELD_TEXTS.emailInvalid,
    });
    expect(server.requests).toEqual([]);
  });

  it.each([
    ['9 999 999', '9999999', 9999999],
    ['a Dutch decimal comma', '12,50', 12.5],
    ['with a thousands dot', '1.000', 1000],
    ['with a thousands dot and cents', '1.000,50', 1000.5],
    ['in whole euros', '400,-', 400],
    ['with a euro sign', '€ 400', 400],
    ['as digits', '400', 400],
    ['with one decimal', '12,5', 12.5],
    ['left empty (no limit)', '', null],
  ])('max price %s is accepted as %s', async (_case, typed, parsed) => {
    const { form } = setup();
    fill(form, { maxPrice: typed });
    await expect(form.validate()).resolves.toBe(true);
    expect(form.payload.maxPrice).toBe(parsed);
  });

  it("typing in a field clears that field's message", async () => {
    const { form } = setup();
    fill(form, { searchTerm: '' });
    await form.submit();
    form.setSearchTerm('f');
    expect(form.errors.searchTerm).toBeUndefined();
  });
});

describe('submit predicate (canSubmitGuest)', () => {
  it.each([
    ['search term and e-mail', 'fiets', 'anna@example.nl', true],
    ['no search term', ' ', 'anna@example.nl', false],
    ['no e-mail', 'fiets', '', false],
  ])('%s → %s', (_case, searchTerm, email, expected) => {
    const { form } = setup();
    fill(form, { searchTerm, email });
    expect(form.canSubmit).toBe(expected);
  });
});

describe('sending', () => {
  it('posts the guest payload; success, then the manage page after 3 s', async () => {
    const { form, navigator } = setup();
    fill(form, { maxPrice: '250', postalCode: '3511ab' });
    form.setDistance(10);
    server.script('POST', CREATE, {
      status: 201,
      body: { alert: { id: 'a1', manageUrl: 'http://localhost:3000/manage/tok123' } },
    });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });

    await form.submit();

    expect(JSON.parse(server.requests[0]!.body)).toEqual({
      searchTerm: 'fiets',
      platforms: ['marktplaats'],
      maxPrice: 250,
      postalCode: '3511 AB',
      distance: 10,
      email: 'anna@example.nl',
    });
    expect(server.requests[0]!.headers['x-csrf-token']).toBe('c');
    expect(form.creation.phase).toBe('success');
    vi.advanceTimersByTime(POST_CREATION_REDIRECT_MS - 1);
    expect(navigator.visited).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(navigator.visited).toEqual(['/manage/tok123']);
  });

  it('without a manage URL the form resets after 3 s', async () => {
    const { form, navigator } = setup();
    fill(form);
    server.script('POST', CREATE, { status: 201, body: { alert: { id: 'a1', manageUrl: '' } } });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    await form.submit();
    vi.advanceTimersByTime(POST_CREATION_REDIRECT_MS);
    expect(navigator.visited).toEqual([]);
    expect(form.creation.phase).toBe('idle');
    expect(form.form.searchTerm).toBe('');
  });

  it.each([
    [
      'a second free alert for the address (409)',
      409,
      { error: ALERT_TEXTS.guestAlertExists },
      ALERT_TEXTS.guestAlertExists,
    ],
    [
      'a server failure with its message',
      500,
      { error: API_TEXTS.internalError },
      API_TEXTS.internalError,
    ],
    ['an answer without a message', 502, 'Bad Gateway', ALERT_FIELD_TEXTS.createError],
  ])(
    '%s: the error card shows %j; retry returns to the filled-in form',
    async (_case, status, body, message) => {
      const { form, navigator } = setup();
      fill(form);
      server.script('POST', CREATE, { status, body });
      await form.submit();
      expect(form.creation.phase).toBe('error');
      expect(form.creation.errorMessage).toBe(message);

      form.retry();
      expect(form.creation.phase).toBe('idle');
      expect(form.form.searchTerm).toBe('fiets');
      expect(navigator.visited).toEqual([]);
    },
  );

  it("the server's field messages go next to the fields", async () => {
    const { form } = setup();
    fill(form);
    server.script('POST', CREATE, {
      status: 400,
      body: {
        error: API_TEXTS.validationFailed,
        fields: { email: ALERT_FIELD_TEXTS.emailInvalid },
      },
    });
    await form.submit();
    expect(form.creation.phase).toBe('idle');
    expect(form.errors.email).toBe(ALERT_FIELD_TEXTS.emailInvalid);
    expect(form.formError).toBe(API_TEXTS.validationFailed);
  });

  it('asks for a CSRF cookie first when the guest has none', async () => {
    const navigator = new RecordingNavigator('/');
    const { store } = testStore({ server, navigator });
    const form = new GuestAlertFormStore(store);
    fill(form);
    server.script('GET', '/api/auth/csrf', { body: { csrfToken: 'x' } });
    server.script('POST', CREATE, { status: 201, body: { alert: { id: 'a', manageUrl: '' } } });
    await form.submit();
    expect(server.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'GET /api/auth/csrf',
      'POST /api/alerts',
    ]);
    form.dispose();
  });
});

describe('starting from a search link', () => {
  it('fills the guest fields, keeps the e-mail address and names what the form lacks', async () => {
    const { form } = setup();
    form.setEmail('anna@example.nl');
    server.script('GET', '/api/categories', { body: [] });
    await form.link.apply(
      'https://www.marktplaats.nl/q/kinderfiets/#postcode:3511AB|distanceMeters:5000|PriceCentsFrom:1000|PriceCentsTo:7500|sortBy:SORT_INDEX',
    );
    expect(form.form).toMatchObject({
      platform: 'marktplaats',
      searchTerm: 'kinderfiets',
      maxPrice: '75',
      minPrice: '',
      postalCode: '3511 AB',
      distance: 5,
      email: 'anna@example.nl',
    });
    expect(form.link.notes.map((note) => note.message)).toEqual([
      IMPORT_URL_TEXTS.notInGuestForm('Minimumprijs'),
      IMPORT_URL_TEXTS.sortIgnored,
    ]);
    expect(form.canSubmit).toBe(true);
  });

  it("answers a 2dehands link with core's plan message instead of switching", async () => {
    const { form } = setup();
    server.script('GET', '/api/categories', { body: [] });
    await form.link.apply('https://www.2dehands.be/q/fiets/');
    expect(form.link.error).toBe(ACCESS_TEXTS.accountRequiredForPlatform('2dehands'));
    expect(form.form.platform).toBe('marktplaats');
    expect(form.form.searchTerm).toBe('');
  });
});
