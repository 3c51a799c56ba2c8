import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ACCESS_TEXTS,
  ALERT_FIELD_TEXTS,
  ALERT_FORM_TEXTS,
  API_TEXTS,
  CSRF_COOKIE,
  DEFAULT_SETTINGS,
  IMPORT_URL_TEXTS,
  PLAN_ERROR_UPGRADE_REDIRECT_MS,
  POST_CREATION_REDIRECT_MS,
  TOAST_TO_PRICING_REDIRECT_MS,
  buildCapabilities,
  deliveryChannels,
  withQuietHours,
} from '@prijsalarm/core';
import type { CapabilitiesData, CategoryDto, FeatureName, Plan } from '@prijsalarm/core';
import { STORAGE_KEYS, memoryStorage, writeJson } from '../../platform/storage';
import { RecordingNavigator, flush, startHttpDouble, testStore, userDto } from '../../test/helpers';
import { ALERT_ID, alertDto, categoryDto } from '../../test/screens';
import type { HttpDouble } from '../../test/helpers';
import { AlertWizardStore } from './AlertWizardStore';
import type { AlertWizardOptions } from './AlertWizardStore';

const CREATE = '/api/alerts';
const CATEGORIES = '/api/categories';
const CAPABILITIES = '/api/user-capabilities';

const category = categoryDto;
const CARS = category(1, "Auto's", 91);
const BIKES = category(2, 'Fietsen en Brommers', 445);
const AUDI = category(11, 'Audi', 93, 1);
const BMW = category(12, 'BMW', 96, 1);
const LADIES_BIKES = category(21, 'Fietsen | Dames', 447, 2);

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

interface SetupOptions {
  plan?: Plan | null;
  telegram?: { connected: boolean; alerts?: number };
  alerts?: number;
  telegramBot?: boolean;
  features?: Partial<Record<FeatureName, boolean>>;
  context?: AlertWizardOptions['context'];
  loadCarFilters?: AlertWizardOptions['loadCarFilters'];
  editing?: AlertWizardOptions['editing'];
}

function capabilities(options: SetupOptions): CapabilitiesData {
  const plan = options.plan ?? 'FREE';
  const data = buildCapabilities({
    // A server with a Telegram bot, unless the test says otherwise.
    settings: { ...DEFAULT_SETTINGS, channels: deliveryChannels(options.telegramBot ?? true) },
    user:
      options.plan === null
        ? null
        : {
            plan,
            role: 'USER',
            telegramConnected: options.telegram?.connected ?? false,
            telegramUsername: options.telegram?.connected ? 'anna' : null,
          },
    counts: { alerts: options.alerts ?? 0, telegramAlerts: options.telegram?.alerts ?? 0 },
  });
  return { ...data, features: { ...data.features, ...options.features } };
}

/** A wizard for a signed-in user of `plan` (null: a guest) whose capabilities came from the API. */
async function setup(options: SetupOptions = {}) {
  const plan = options.plan === undefined ? 'REGISTERED' : options.plan;
  const storage = memoryStorage();
  if (plan !== null) {
    writeJson(storage, STORAGE_KEYS.auth, {
      user: userDto({ plan }),
      csrfToken: 'c',
      isAuthenticated: true,
      lastAuthCheck: Date.now(),
      rememberMe: false,
    });
  }
  const navigator = new RecordingNavigator('/prijsalarm-maken');
  const { store } = testStore({
    server,
    navigator,
    storage,
    cookies: new Map([[CSRF_COOKIE, 'c']]),
  });
  await store.auth.initialize();
  if (plan !== null) {
    server.script('GET', CAPABILITIES, { body: capabilities({ ...options, plan }) });
    await store.capabilities.load();
  }
  const wizard = new AlertWizardStore(store, {
    context: options.context ?? 'page',
    ...(options.loadCarFilters ? { loadCarFilters: options.loadCarFilters } : {}),
    ...(options.editing ? { editing: options.editing } : {}),
  });
  return { store, navigator, wizard };
}

async function withCategories(wizard: AlertWizardStore) {
  server.script('GET', CATEGORIES, { body: [CARS, BIKES] });
  await wizard.editor.loadCategories();
}

/** Picks a top category and waits for its subcategories. */
async function pickL1(wizard: AlertWizardStore, l1: CategoryDto, children: CategoryDto[]) {
  server.script('GET', CATEGORIES, { body: children });
  wizard.editor.selectL1(l1.id);
  await flush();
}

/** Platform Marktplaats, no category, search term 'fiets': the wizard stands on price and location. */
function toPriceLocation(wizard: AlertWizardStore) {
  wizard.selectPlatform('marktplaats');
  wizard.next();
  wizard.skipCategory();
  wizard.editor.setSearchTerm('fiets');
  wizard.next();
}

describe('prices typed the Dutch way', () => {
  it.each([
    ['1.000', 1000, 'tot € 1.000'],
    ['1.000,50', 1000.5, 'tot € 1.000,50'],
    ['400,-', 400, 'tot € 400'],
    ['€ 400', 400, 'tot € 400'],
    ['400', 400, 'tot € 400'],
    ['12,5', 12.5, 'tot € 12,50'],
  ])('%j passes the price step, is sent as € %d and reads %j', async (typed, euros, summary) => {
    const { wizard } = await setup();
    toPriceLocation(wizard);
    wizard.editor.setMaxPrice(typed);
    wizard.next();
    expect(wizard.editor.errors).toEqual({});
    expect(wizard.currentStep).toBe('advanced');
    expect(wizard.editor.payload.maxPrice).toBe(euros);
    expect(summaryOf(wizard).Prijs).toBe(summary);
  });

  it('the price step shows every bad field at once and stays', async () => {
    const { wizard } = await setup();
    toPriceLocation(wizard);
    wizard.editor.setMinPrice('abc');
    wizard.editor.setMaxPrice('1,500');
    wizard.editor.setPostalCode('12');
    wizard.next();
    expect(wizard.currentStep).toBe('priceLocation');
    expect(wizard.editor.errors).toEqual({
      minPrice: ALERT_FIELD_TEXTS.priceInvalid,
      maxPrice: ALERT_FIELD_TEXTS.priceSeparators,
      postalCode: 'Ongeldige postcode, bijv. 1234 AB',
    });
  });

  it('sending without a search term keeps the other steps’ messages for when they show', async () => {
    const { wizard } = await setup();
    toPriceLocation(wizard);
    wizard.editor.setMaxPrice('abc');
    wizard.editor.setSearchTerm('');
    wizard.goTo('summary');
    await wizard.submit();
    expect(wizard.currentStep).toBe('search');
    expect(wizard.editor.errors).toEqual({
      searchTerm: ALERT_FIELD_TEXTS.searchTermRequired,
      maxPrice: ALERT_FIELD_TEXTS.priceInvalid,
    });
    expect(server.requests.filter((r) => r.path === CREATE)).toEqual([]);
  });
});

describe('steps', () => {
  it('go forward with a check per step, and backward', async () => {
    const { wizard } = await setup();
    expect(wizard.currentStep).toBe('platform');

    // Marktplaats is the only platform of this plan: chosen already.
    expect(wizard.editor.form.platform).toBe('marktplaats');
    wizard.next();
    expect(wizard.currentStep).toBe('category');
    wizard.next();
    expect(wizard.currentStep).toBe('search');

    wizard.next();
    expect(wizard.currentStep).toBe('search');
    expect(wizard.editor.errors.searchTerm).toBe(ALERT_FIELD_TEXTS.searchTermRequired);
    wizard.editor.setSearchTerm('fiets <b>');
    wizard.next();
    expect(wizard.editor.errors.searchTerm).toBe(ALERT_FIELD_TEXTS.searchTermNoAngleBrackets);
    wizard.editor.setSearchTerm('fiets');
    wizard.next();
    expect(wizard.currentStep).toBe('priceLocation');

    wizard.editor.setMaxPrice('10');
    wizard.editor.setMinPrice('20');
    wizard.next();
    expect(wizard.editor.errors.minPrice).toBe(ALERT_FIELD_TEXTS.minAboveMax);
    wizard.editor.setMinPrice('5');
    wizard.next();
    expect(wizard.currentStep).toBe('advanced');
    wizard.next();
    expect(wizard.currentStep).toBe('summary');
    expect(wizard.isLastStep).toBe(true);

    wizard.back();
    wizard.back();
    expect(wizard.currentStep).toBe('priceLocation');
    wizard.back();
    wizard.back();
    wizard.back();
    expect(wizard.currentStep).toBe('platform');
    expect(wizard.isFirstStep).toBe(true);
    wizard.back();
    expect(wizard.currentStep).toBe('platform');
  });

  it('the category step can be skipped: all categories', async () => {
    const { wizard } = await setup();
    await withCategories(wizard);
    wizard.selectPlatform('marktplaats');
    wizard.next();
    await pickL1(wizard, BIKES, [LADIES_BIKES]);
    wizard.skipCategory();
    expect(wizard.currentStep).toBe('search');
    expect(wizard.editor.form.category).toEqual({ l1: null, l2: null });
  });

  it.each([
    ['FREE', BIKES, ['platform', 'category', 'search', 'priceLocation', 'summary']],
    [
      'REGISTERED',
      BIKES,
      ['platform', 'category', 'search', 'priceLocation', 'advanced', 'summary'],
    ],
    [
      'REGISTERED',
      CARS,
      ['platform', 'category', 'search', 'priceLocation', 'carFilters', 'advanced', 'summary'],
    ],
    ['FREE', CARS, ['platform', 'category', 'search', 'priceLocation', 'carFilters', 'summary']],
  ] as const)('%s with %s: %j', async (plan, l1, steps) => {
    const { wizard } = await setup({ plan });
    await withCategories(wizard);
    await pickL1(wizard, l1, []);
    expect(wizard.steps).toEqual(steps);
    expect(wizard.totalSteps).toBe(steps.length);
  });

  it('a failure to load the car filters is a warning toast', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const loadCarFilters = vi.fn().mockRejectedValueOnce(new Error('chunk')).mockResolvedValue({});
    const { wizard, store } = await setup({ loadCarFilters });
    await withCategories(wizard);
    await pickL1(wizard, CARS, [AUDI]);
    expect(wizard.editor.carFiltersStatus).toBe('failed');
    expect(store.toasts.toasts).toEqual([
      expect.objectContaining({
        type: 'warning',
        message: ALERT_FIELD_TEXTS.categoryFiltersLoadError,
      }),
    ]);
    await wizard.editor.ensureCarFilters();
    expect(wizard.editor.carFiltersStatus).toBe('ready');
  });

  it('a category list failure is only logged', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { wizard, store } = await setup();
    server.script('GET', CATEGORIES, { status: 500, body: { error: 'kapot' } });
    await wizard.editor.loadCategories();
    expect(wizard.editor.l1Categories).toEqual([]);
    expect(store.toasts.toasts).toEqual([]);
    expect(logged).toHaveBeenCalled();
  });

  it('asks for the categories of the chosen platform', async () => {
    const { wizard } = await setup();
    await withCategories(wizard);
    await pickL1(wizard, BIKES, [LADIES_BIKES]);
    expect(server.requests.filter((r) => r.path === CATEGORIES).map((r) => r.search)).toEqual([
      '?type=L1&isActive=true',
      '?type=L2&parentId=2&isActive=true',
    ]);
    expect(wizard.editor.l2Categories).toEqual([LADIES_BIKES]);
  });
});

describe('category changes', () => {
  it('keep the filters under the same top category, and clear them under another', async () => {
    const { wizard } = await setup();
    await withCategories(wizard);
    await pickL1(wizard, CARS, [AUDI, BMW]);
    wizard.editor.setCarNumber('mileageMax', '150.000 km');
    wizard.editor.setExcludeWords('schade, export');
    expect(wizard.editor.form.categoryFilters).toMatchObject({
      mileageMax: 150000,
      excludeWords: ['schade', 'export'],
    });

    wizard.editor.selectL2(AUDI.id);
    wizard.editor.selectL2(BMW.id);
    expect(wizard.editor.form.categoryFilters.mileageMax).toBe(150000);

    await pickL1(wizard, BIKES, [LADIES_BIKES]);
    expect(wizard.editor.form.categoryFilters).toEqual({});
    expect(wizard.editor.excludeWordsText).toBe('');
    expect(wizard.editor.form.category).toEqual({ l1: BIKES, l2: null });
  });
});

describe('platforms', () => {
  it.each([
    [
      'a REGISTERED user',
      'REGISTERED',
      ACCESS_TEXTS.noPlatformAccess('2dehands'),
      '/dashboard/subscription',
    ],
    [
      'a guest',
      null,
      ACCESS_TEXTS.accountRequiredForPlatform('2dehands'),
      '/login?redirect=%2Fprijsalarm-maken',
    ],
  ] as const)(
    'for %s 2dehands is unavailable and choosing it changes nothing',
    async (_case, plan, message, unlockPath) => {
      const { wizard } = await setup({ plan });
      const option = wizard.editor.platformOptions.find((o) => o.info.id === '2dehands');
      expect(option).toMatchObject({ available: false, message, unlockPath });

      wizard.selectPlatform('marktplaats');
      wizard.next();
      const before = { form: wizard.editor.form, step: wizard.currentStep };
      wizard.selectPlatform('2dehands');
      expect(wizard.editor.form).toBe(before.form);
      expect(wizard.currentStep).toBe(before.step);
    },
  );

  it('with two platforms open none is chosen for the user; with one it is, after a restart too', async () => {
    const pro = (await setup({ plan: 'PRO' })).wizard;
    expect(pro.editor.form.platform).toBeNull();
    pro.next();
    expect(pro.currentStep).toBe('platform');
    expect(pro.editor.errors.platforms).toBe(ALERT_FIELD_TEXTS.platformRequired);

    const registered = (await setup({ plan: 'REGISTERED' })).wizard;
    expect(registered.editor.form.platform).toBe('marktplaats');
    registered.startOver();
    expect(registered.editor.form.platform).toBe('marktplaats');
  });

  it('changing the platform goes back to the platform choice, keeping what fits', async () => {
    const { wizard } = await setup({ plan: 'PRO' });
    toPriceLocation(wizard);
    wizard.editor.setPostalCode('3511ab');
    wizard.editor.setDistance(10);
    expect(wizard.editor.form.postalCode).toBe('3511 AB');

    wizard.selectPlatform('2dehands');
    expect(wizard.currentStep).toBe('platform');
    expect(wizard.editor.form).toMatchObject({
      platform: '2dehands',
      searchTerm: 'fiets',
      postalCode: '',
      distance: null,
    });
    wizard.editor.setPostalCode('10a00');
    expect(wizard.editor.form.postalCode).toBe('1000');
  });
});

describe('price and location', () => {
  it('a 2dehands postal code message gives a Belgian example', async () => {
    const { wizard } = await setup({ plan: 'PRO' });
    wizard.selectPlatform('2dehands');
    wizard.next();
    wizard.skipCategory();
    wizard.editor.setSearchTerm('fiets');
    wizard.next();
    wizard.editor.setPostalCode('12');
    wizard.next();
    expect(wizard.currentStep).toBe('priceLocation');
    expect(wizard.editor.errors.postalCode).toBe('Ongeldige postcode, bijv. 1000');
  });

  it('distance waits for a postal code', async () => {
    const { wizard } = await setup();
    toPriceLocation(wizard);
    wizard.editor.setDistance(5);
    expect(wizard.editor.form.distance).toBeNull();
    wizard.editor.setPostalCode('3511');
    wizard.editor.setDistance(5);
    expect(wizard.editor.form.distance).toBe(5);
    wizard.editor.setPostalCode('');
    expect(wizard.editor.form.distance).toBeNull();
  });

  it.each([
    ['FREE', ACCESS_TEXTS.availableFromPlan('Geregistreerd'), ''],
    ['REGISTERED', null, '50'],
  ] as const)('min price for %s: lock %j', async (plan, lock, kept) => {
    const { wizard } = await setup({ plan });
    expect(wizard.editor.featureLock('minPrice')).toBe(lock);
    wizard.editor.setMinPrice('50');
    expect(wizard.editor.form.minPrice).toBe(kept);
  });
});

describe('advanced step visibility', () => {
  it.each([
    ['FREE', {}, false, false],
    ['REGISTERED', {}, true, true],
    ['PRO', {}, true, true],
    [
      'REGISTERED with only seller filters',
      { deliveryMethodFilter: false, imageFilter: false, paidAdsFilter: false },
      true,
      false,
    ],
  ] as const)('%s: other categories %s, car category %s', async (label, features, other, car) => {
    const plan = label.split(' ')[0] as Plan;
    const { wizard } = await setup({ plan, features });
    await withCategories(wizard);
    await pickL1(wizard, BIKES, []);
    expect(wizard.editor.advancedVisible).toBe(other);
    await pickL1(wizard, CARS, []);
    expect(wizard.editor.advancedVisible).toBe(car);
  });

  it.each([
    ['FREE', 'paidAdsFilter', ACCESS_TEXTS.proOnly],
    ['REGISTERED', 'paidAdsFilter', ACCESS_TEXTS.proOnly],
    ['PRO', 'paidAdsFilter', null],
    ['REGISTERED', 'imageFilter', null],
    ['FREE', 'deliveryMethodFilter', ACCESS_TEXTS.availableFromPlan('Geregistreerd')],
  ] as const)('%s: %s locked with %j', async (plan, feature, message) => {
    const { wizard } = await setup({ plan });
    expect(wizard.editor.featureLock(feature)).toBe(message);
  });

  it('a locked filter cannot be switched on', async () => {
    const { wizard } = await setup({ plan: 'REGISTERED' });
    wizard.editor.setIncludePaidAds(true);
    wizard.editor.setOnlyWithImages(true);
    wizard.editor.setDeliveryMethod('pickup');
    expect(wizard.editor.form).toMatchObject({
      includePaidAds: false,
      onlyWithImages: true,
      deliveryMethod: 'pickup',
    });
  });
});

describe('price drops', () => {
  it.each([
    ['FREE', ACCESS_TEXTS.proOnly],
    ['REGISTERED', ACCESS_TEXTS.proOnly],
    ['PRO', null],
  ] as const)('%s: the option is locked with %j', async (plan, message) => {
    const { wizard } = await setup({ plan });
    expect(wizard.editor.priceDrop.locked).toBe(message);
    wizard.editor.priceDrop.setEnabled(true);
    expect(wizard.editor.priceDrop.enabled).toBe(message === null);
  });

  it('sends the option only when chosen, with the percent as typed', async () => {
    const { wizard } = await setup({ plan: 'PRO' });
    expect(wizard.editor.payload.priceDrop).toBeUndefined();
    wizard.editor.priceDrop.setEnabled(true);
    expect(wizard.editor.payload.priceDrop).toEqual({ enabled: true });
    wizard.editor.priceDrop.setPercent('15');
    expect(wizard.editor.payload.priceDrop).toEqual({ enabled: true, percent: 15 });
    // Not a number: core's rule answers with its Dutch message.
    wizard.editor.priceDrop.setPercent('veel');
    expect(wizard.editor.payload.priceDrop).toEqual({ enabled: true, percent: -1 });
  });
});

describe('notifications', () => {
  it.each([
    [
      'telegram off forces e-mail on',
      { email: false, telegram: true },
      'telegram',
      false,
      { email: true, telegram: false },
    ],
    [
      'e-mail stays on while telegram is off',
      { email: true, telegram: false },
      'email',
      false,
      { email: true, telegram: false },
    ],
    [
      'e-mail may go off while telegram is on',
      { email: true, telegram: true },
      'email',
      false,
      { email: false, telegram: true },
    ],
    [
      'telegram on keeps e-mail',
      { email: true, telegram: false },
      'telegram',
      true,
      { email: true, telegram: true },
    ],
  ] as const)('%s', async (_case, start, channel, on, expected) => {
    const { wizard } = await setup({ telegram: { connected: true } });
    if (start.telegram) wizard.editor.toggleNotification('telegram', true);
    if (!start.email) wizard.editor.toggleNotification('email', false);
    wizard.editor.toggleNotification(channel, on);
    expect({
      email: wizard.editor.form.notifyEmail,
      telegram: wizard.editor.form.notifyTelegram,
    }).toEqual(expected);
  });

  it.each([
    ['FREE', undefined, ACCESS_TEXTS.availableFromPlan('Geregistreerd')],
    ['REGISTERED', { connected: false }, ACCESS_TEXTS.telegramNotConnected],
    ['REGISTERED', { connected: true, alerts: 3 }, ACCESS_TEXTS.telegramLimitReached(3)],
    ['REGISTERED', { connected: true, alerts: 2 }, null],
    ['PRO', { connected: true, alerts: 40 }, null],
  ] as const)('Telegram for %s %j: %j', async (plan, telegram, message) => {
    const { wizard } = await setup({ plan, ...(telegram ? { telegram } : {}) });
    const availability = wizard.editor.telegram;
    wizard.editor.toggleNotification('telegram', true);
    if (message === null) {
      expect(availability.ok).toBe(true);
      expect(wizard.editor.form.notifyTelegram).toBe(true);
    } else {
      expect(availability).toEqual({
        ok: false,
        reason: expect.any(String),
        message,
        link: '/my-account?tab=integrations',
      });
      expect(wizard.editor.form.notifyTelegram).toBe(false);
    }
  });
});

describe('on a server without a Telegram bot', () => {
  it('offers no Telegram at all, whatever the plan, and keeps e-mail on', async () => {
    const { wizard } = await setup({
      plan: 'PRO',
      telegram: { connected: true },
      telegramBot: false,
    });
    const { editor } = wizard;
    expect(editor.offersTelegram).toBe(false);
    expect(editor.telegram).toMatchObject({ ok: false, reason: 'unavailable' });
    editor.toggleNotification('telegram', true);
    expect(editor.form.notifyTelegram).toBe(false);
    expect(editor.form.notifyEmail).toBe(true);
  });
});

/** The summary as label → value, with Intl's no-break spaces read as spaces. */
function summaryOf(wizard: AlertWizardStore): Record<string, string | readonly string[]> {
  return Object.fromEntries(
    wizard.summary.map(({ label, value }) => [
      label,
      typeof value === 'string' ? value.replace(/\u00a0/g, ' ') : value,
    ]),
  );
}

describe('summary', () => {
  it('shows platform, search term, category, price, seller type and check frequency', async () => {
    const { wizard } = await setup({ plan: 'REGISTERED' });
    await withCategories(wizard);
    wizard.selectPlatform('marktplaats');
    await pickL1(wizard, BIKES, [LADIES_BIKES]);
    wizard.editor.selectL2(LADIES_BIKES.id);
    wizard.editor.setSearchTerm(' gazelle ');
    wizard.editor.setMinPrice('100');
    wizard.editor.setMaxPrice('400');
    wizard.editor.setPostalCode('3511ab');
    wizard.editor.setDistance(15);
    wizard.editor.setSellerType('private');
    expect(summaryOf(wizard)).toEqual({
      Platform: 'Marktplaats',
      Zoekterm: 'gazelle',
      Categorie: 'Fietsen en Brommers › Fietsen | Dames',
      Prijs: '€ 100 – € 400',
      Locatie: 'binnen 15 km van 3511 AB',
      'Type verkoper': 'alleen particuliere verkopers',
      Filters: 'geen',
      'Meldingen via': 'e-mail',
      Prijsdalingen: 'niet melden',
      Bezorging: 'Direct',
      Controle: 'elke 10 minuten',
    });
    wizard.editor.setSchedule(
      withQuietHours({ mode: 'daily', dailyHour: 7, quietHours: null }, true),
    );
    expect(summaryOf(wizard).Bezorging).toBe(
      'Dagelijks overzicht om 07:00 uur, stil van 23:00 tot 07:00',
    );
    expect(wizard.editor.payload.schedule).toEqual({
      mode: 'daily',
      dailyHour: 7,
      quietHours: { start: '23:00', end: '07:00' },
    });
  });

  it('lists the car filters and the advanced filters in words with their units', async () => {
    const { wizard } = await setup({ plan: 'PRO' });
    await withCategories(wizard);
    await pickL1(wizard, CARS, []);
    wizard.editor.setAdvertiser('business');
    wizard.editor.setCarNumber('mileageMax', '150000');
    wizard.editor.setCarNumber('yearMin', '2015');
    wizard.editor.toggleFuel('petrol', true);
    wizard.editor.toggleFuel('diesel', true);
    wizard.editor.setOnlyWithImages(true);
    wizard.editor.setDeliveryMethod('pickup');
    expect(summaryOf(wizard)).toMatchObject({
      Categorie: "Auto's",
      'Type verkoper': 'alleen zakelijke verkopers',
      Filters: [
        'tot 150.000 km',
        'bouwjaar vanaf 2015',
        'brandstof: benzine, diesel',
        'alleen ophalen',
        'alleen met foto',
      ],
      Prijs: 'geen prijsgrens',
      Locatie: ALERT_FIELD_TEXTS.wholeCountry,
      Controle: 'elke 3 minuten',
    });
    expect(wizard.editor.payload.customFilters).toEqual({
      adverteerder: 'business',
      mileageMax: 150000,
      yearMin: 2015,
      fuel: ['petrol', 'diesel'],
    });
    expect(wizard.editor.payload.sellerType).toBeUndefined();
  });
});

describe('sending', () => {
  function readyToSend(wizard: AlertWizardStore) {
    toPriceLocation(wizard);
    wizard.goTo('summary');
  }

  it("without a search term: toast 'Zoekterm is verplicht' and back to the search step", async () => {
    const { wizard, store } = await setup();
    wizard.selectPlatform('marktplaats');
    wizard.goTo('summary');
    await wizard.submit();
    expect(wizard.currentStep).toBe('search');
    expect(store.toasts.toasts).toEqual([
      expect.objectContaining({ type: 'error', message: ALERT_FIELD_TEXTS.searchTermRequired }),
    ]);
    expect(server.requests.filter((r) => r.path === CREATE)).toEqual([]);
  });

  it('cannot send when the alert limit is reached', async () => {
    const { wizard } = await setup({ plan: 'FREE', alerts: 1 });
    readyToSend(wizard);
    expect(wizard.canSubmit).toBe(false);
    expect(wizard.maxAlertsWarning?.upgradePath).toBe('/dashboard/subscription');
    await wizard.submit();
    expect(server.requests.filter((r) => r.path === CREATE)).toEqual([]);
  });

  it.each([
    ['page', '/manage/tok9'],
    ['dashboard', '/dashboard'],
  ] as const)('from the %s: success, then %s after 3 s', async (context, target) => {
    const { wizard, navigator } = await setup({ context });
    readyToSend(wizard);
    server.script('POST', CREATE, {
      status: 201,
      body: { alert: { id: 'a', manageUrl: 'https://prijsalarm.nl/manage/tok9' } },
    });
    server.script('GET', CAPABILITIES, { body: capabilities({ plan: 'REGISTERED', alerts: 1 }) });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    await wizard.submit();
    expect(JSON.parse(server.requestsTo('POST', CREATE)[0]!.body)).toMatchObject({
      searchTerm: 'fiets',
      platforms: ['marktplaats'],
      notifyEmail: true,
      notifyTelegram: false,
    });
    expect(wizard.creation.phase).toBe('success');
    vi.advanceTimersByTime(POST_CREATION_REDIRECT_MS - 1);
    expect(navigator.visited).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(navigator.visited).toEqual([target]);
    vi.useRealTimers();
    await server.waitForRequests('GET', CAPABILITIES, 2);
  });

  it.each([
    [
      'required plans',
      { error: ACCESS_TEXTS.proOnly, requiredPlans: ['PRO'] },
      '/dashboard/subscription',
    ],
    ["a message with 'plan'", { error: 'Beschikbaar vanaf Pro plan' }, '/dashboard/subscription'],
  ])('a 403 with %s: the upgrade page after 3 s, and only that', async (_case, body, target) => {
    const { wizard, navigator, store } = await setup();
    readyToSend(wizard);
    server.script('POST', CREATE, { status: 403, body });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    await wizard.submit();
    expect(wizard.creation.phase).toBe('error');
    expect(wizard.creation.errorMessage).toBe(body.error);
    expect(wizard.creation.redirectTarget).toBe(target);
    vi.advanceTimersByTime(TOAST_TO_PRICING_REDIRECT_MS);
    expect(navigator.visited).toEqual([]);
    vi.advanceTimersByTime(PLAN_ERROR_UPGRADE_REDIRECT_MS - TOAST_TO_PRICING_REDIRECT_MS);
    expect(navigator.visited).toEqual([target]);
    vi.advanceTimersByTime(10_000);
    expect(navigator.visited).toEqual([target]);
    // The client's own plan hook (warning toast, /pricing after 2 s) stayed silent.
    expect(store.toasts.toasts.filter((t) => t.type === 'warning')).toEqual([]);
  });

  it('an error card with the server message; retry goes back to the platform choice', async () => {
    const { wizard, navigator } = await setup();
    readyToSend(wizard);
    server.script('POST', CREATE, { status: 500, body: { error: API_TEXTS.internalError } });
    await wizard.submit();
    expect(wizard.creation.phase).toBe('error');
    expect(wizard.creation.errorMessage).toBe(API_TEXTS.internalError);
    expect(wizard.creation.redirectTarget).toBeNull();

    wizard.retry();
    expect(wizard.creation.phase).toBe('idle');
    expect(wizard.currentStep).toBe('platform');
    expect(wizard.editor.form.searchTerm).toBe('fiets');
    expect(navigator.visited).toEqual([]);
  });

  it("the server's field messages return to their step", async () => {
    const { wizard } = await setup();
    readyToSend(wizard);
    server.script('POST', CREATE, {
      status: 400,
      body: {
        error: API_TEXTS.validationFailed,
        fields: { postalCode: ALERT_FIELD_TEXTS.postalCodeInvalid },
      },
    });
    await wizard.submit();
    expect(wizard.creation.phase).toBe('idle');
    expect(wizard.currentStep).toBe('priceLocation');
    expect(wizard.editor.errors.postalCode).toBe(ALERT_FIELD_TEXTS.postalCodeInvalid);
  });
});

describe('starting from a search link', () => {
  const LINK =
    'https://www.marktplaats.nl/l/auto-s/audi/#q:a4+avant|postcode:3511AB|distanceMeters:25000|PriceCentsFrom:500000|constructionYearFrom:2018|f:14055';

  it('fills every step with our categories, loads what they need and shows the summary', async () => {
    const loadCarFilters = vi.fn(() => Promise.resolve());
    const { wizard } = await setup({ plan: 'REGISTERED', loadCarFilters });
    server.script('GET', CATEGORIES, { body: [CARS, BIKES, AUDI, BMW, LADIES_BIKES] });
    server.script('GET', CATEGORIES, { body: [AUDI, BMW] });
    await wizard.link.apply(LINK);
    await flush();

    expect(wizard.editor.form).toMatchObject({
      platform: 'marktplaats',
      searchTerm: 'a4 avant',
      minPrice: '5000',
      postalCode: '3511 AB',
      distance: 25,
      category: { l1: { id: CARS.id }, l2: { id: AUDI.id } },
      categoryFilters: { yearMin: 2018 },
    });
    expect(wizard.editor.l2Categories).toEqual([AUDI, BMW]);
    expect(loadCarFilters).toHaveBeenCalled();
    expect(wizard.currentStep).toBe('summary');
    expect(wizard.link.notes.map((note) => note.part)).toEqual(['f:14055']);
    expect(summaryOf(wizard).Categorie).toBe("Auto's › Audi");
  });

  it("refuses a 2dehands link with core's plan message when the plan lacks it", async () => {
    const { wizard } = await setup({ plan: 'REGISTERED' });
    server.script('GET', CATEGORIES, { body: [CARS] });
    await wizard.link.apply('https://www.2dehands.be/q/fiets/');
    expect(wizard.link.error).toBe(wizard.editor.caps.getPlatformMessage('2dehands'));
    expect(wizard.link.error).toBeTruthy();
    // Still the plan's only platform, preselected; the link changed nothing.
    expect(wizard.editor.form.platform).toBe('marktplaats');
    expect(wizard.editor.form.searchTerm).toBe('');
  });

  it('names another site in Dutch without touching the form', async () => {
    const { wizard } = await setup({ plan: 'REGISTERED' });
    server.script('GET', CATEGORIES, { body: [CARS] });
    wizard.editor.setSearchTerm('fiets');
    await wizard.link.apply('https://www.example.com/q/fiets/');
    expect(wizard.link.error).toBe(IMPORT_URL_TEXTS.notMarketplace);
    expect(wizard.editor.form.searchTerm).toBe('fiets');
  });
});

describe('editing a saved alert', () => {
  const MINE = `/api/alerts/my-alerts/${ALERT_ID}`;
  const saved = alertDto({
    searchTerm: 'golf',
    maxPrice: 15000,
    l1CategoryId: CARS.id,
    l2CategoryId: AUDI.id,
    customFilters: { adverteerder: 'private', mileageMax: 150000, fuel: ['petrol'] },
    onlyWithImages: true,
    includePaidAds: true,
    schedule: { mode: 'hourly', quietHours: null },
  });

  /** A wizard on the saved alert, every step filled in. */
  async function editing(options: SetupOptions = {}) {
    const context = await setup({ plan: 'PRO', editing: saved, ...options });
    server.script('GET', CATEGORIES, { body: [CARS, BIKES] });
    server.script('GET', CATEGORIES, { body: [AUDI, BMW] });
    await context.wizard.start();
    return context;
  }

  it('fills in every step from the alert and changes nothing until told', async () => {
    const { wizard } = await editing();
    expect(wizard.ready).toBe(true);
    expect(wizard.currentStep).toBe('platform');
    expect(wizard.steps).toEqual([
      'platform',
      'category',
      'search',
      'priceLocation',
      'carFilters',
      'advanced',
      'summary',
    ]);
    expect(wizard.editor.form).toMatchObject({
      platform: 'marktplaats',
      category: { l1: CARS, l2: AUDI },
      searchTerm: 'golf',
      maxPrice: '15000',
      categoryFilters: { adverteerder: 'private', mileageMax: 150000, fuel: ['petrol'] },
      onlyWithImages: true,
      includePaidAds: true,
    });
    expect(wizard.editor.schedule).toEqual({ mode: 'hourly', quietHours: null });
    expect(wizard.editor.changes).toEqual({});
    // No limit notice and no search link while changing an alert.
    expect(wizard.maxAlertsWarning).toBeNull();
  });

  it('saves only what changed with PUT, then goes back to the dashboard', async () => {
    const { wizard, navigator, store } = await editing({ alerts: 99 });
    wizard.selectPlatform('2dehands');
    wizard.editor.setCarNumber('mileageMax', '90000');
    wizard.editor.toggleNotification('telegram', false);
    wizard.goTo('summary');
    server.script('PUT', MINE, { body: { alert: saved } });
    server.script('GET', CAPABILITIES, { body: capabilities({ plan: 'PRO' }) });
    await wizard.submit();
    expect(JSON.parse(server.requestsTo('PUT', MINE)[0]!.body)).toEqual({
      platforms: ['2dehands'],
      // The Dutch postal code is no Belgian one: it goes, and its distance with it.
      postalCode: null,
      distance: null,
      customFilters: { adverteerder: 'private', mileageMax: 90000, fuel: ['petrol'] },
    });
    expect(navigator.visited).toEqual(['/dashboard']);
    expect(store.toasts.toasts).toEqual([
      expect.objectContaining({ type: 'success', message: ALERT_FORM_TEXTS.edit.saved }),
    ]);
    await server.waitForRequests('GET', CAPABILITIES, 2);
  });

  it("shows the server's field messages at their step", async () => {
    const { wizard, navigator } = await editing();
    wizard.goTo('summary');
    server.script('PUT', MINE, {
      status: 400,
      body: {
        error: API_TEXTS.validationFailed,
        fields: { 'customFilters.mileageMax': ALERT_FIELD_TEXTS.mileageInvalid },
      },
    });
    await wizard.submit();
    expect(wizard.currentStep).toBe('carFilters');
    expect(wizard.editor.error('customFilters.mileageMax')).toBe(ALERT_FIELD_TEXTS.mileageInvalid);
    expect(navigator.visited).toEqual([]);
  });

  it('keeps a PRO filter the alert has under REGISTERED, and locks the PRO ones it has not', async () => {
    const { wizard } = await editing({ plan: 'REGISTERED' });
    expect(wizard.editor.featureLock('paidAdsFilter')).toBeNull();
    expect(wizard.editor.keptNote('paidAdsFilter')).toBe(
      ALERT_FORM_TEXTS.edit.keptFromPlan(ACCESS_TEXTS.proOnly),
    );
    expect(wizard.editor.priceDrop.locked).toBe(ACCESS_TEXTS.proOnly);
    wizard.editor.priceDrop.setEnabled(true);
    expect(wizard.editor.priceDrop.enabled).toBe(false);
    expect(wizard.editor.platformOptions.find((o) => o.info.id === '2dehands')?.available).toBe(
      false,
    );
  });
});
