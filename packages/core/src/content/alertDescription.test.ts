import { describe, expect, it } from 'vitest';
import { DEFAULT_DELIVERY_SCHEDULE } from '../schedule/schedule';
import {
  alertFilterPhrases,
  describeAlert,
  formatPriceRange,
  type AlertFilterValues,
  type DescribedAlert,
} from './alertDescription';
import { formatPrice } from './format';

/** Intl writes a no-break space after the euro sign; the tests read it as a space. */
const plain = (text: string) => text.replace(/\u00a0/g, ' ');

describe('formatPrice', () => {
  it.each([
    [1000, '€ 1.000'],
    [150000, '€ 150.000'],
    [12.5, '€ 12,50'],
    [0.99, '€ 0,99'],
    [0, '€ 0'],
  ])('%s → %s', (amount, expected) => {
    expect(plain(formatPrice(amount))).toBe(expected);
  });
});

describe('formatPriceRange', () => {
  it.each<[number | null, number | null, string]>([
    [null, 1000, 'tot € 1.000'],
    [50, null, 'vanaf € 50'],
    [100, 400, '€ 100 – € 400'],
    [12.5, 99.95, '€ 12,50 – € 99,95'],
    [250, 250, '€ 250'],
    [null, null, 'geen prijsgrens'],
  ])('%s – %s → %s', (min, max, expected) => {
    expect(plain(formatPriceRange(min, max))).toBe(expected);
  });
});

describe('alertFilterPhrases', () => {
  it.each<[string, AlertFilterValues, string[]]>([
    ['nothing set', {}, []],
    [
      'filters that let everything through',
      { sellerType: 'all', deliveryMethod: 'both', onlyWithImages: false, customFilters: {} },
      [],
    ],
    ['a maximum mileage', { customFilters: { mileageMax: 150000 } }, ['tot 150.000 km']],
    ['a minimum mileage', { customFilters: { mileageMin: 20000 } }, ['vanaf 20.000 km']],
    [
      'a mileage range',
      { customFilters: { mileageMin: 50000, mileageMax: 150000 } },
      ['50.000 km – 150.000 km'],
    ],
    ['a first year', { customFilters: { yearMin: 2015 } }, ['bouwjaar vanaf 2015']],
    ['a last year', { customFilters: { yearMax: 2020 } }, ['bouwjaar tot 2020']],
    [
      'a span of years',
      { customFilters: { yearMin: 2015, yearMax: 2020 } },
      ['bouwjaar 2015 – 2020'],
    ],
    ['one year', { customFilters: { yearMin: 2018, yearMax: 2018 } }, ['bouwjaar 2018']],
    [
      'fuels, acronyms kept',
      { customFilters: { fuel: ['petrol', 'diesel', 'lpg'] } },
      ['brandstof: benzine, diesel, LPG'],
    ],
    ['only with a photo', { onlyWithImages: true }, ['alleen met foto']],
    ['private sellers', { sellerType: 'private' }, ['alleen particuliere verkopers']],
    ['business sellers', { sellerType: 'business' }, ['alleen zakelijke verkopers']],
    [
      "the car category's advertiser",
      { sellerType: 'all', customFilters: { adverteerder: 'private' } },
      ['alleen particuliere verkopers'],
    ],
    ['pick-up only', { deliveryMethod: 'pickup' }, ['alleen ophalen']],
    ['shipping only', { deliveryMethod: 'shipping' }, ['alleen verzenden']],
    ['paid ads too', { includePaidAds: true }, ['ook betaalde advertenties']],
    [
      'conditions',
      { customFilters: { conditions: ['new', 'as_good_as_new'] } },
      ['staat: nieuw, zo goed als nieuw'],
    ],
    [
      'excluded words',
      { customFilters: { excludeWords: ['kapot', 'defect'] } },
      ['zonder de woorden: kapot, defect'],
    ],
    [
      'no reserved ads',
      { customFilters: { hideReserved: true } },
      ['geen gereserveerde advertenties'],
    ],
    [
      'a PRO car alert, in the order of the wizard',
      {
        sellerType: 'all',
        deliveryMethod: 'pickup',
        onlyWithImages: true,
        includePaidAds: true,
        customFilters: {
          adverteerder: 'private',
          mileageMax: 150000,
          yearMin: 2015,
          fuel: ['petrol', 'diesel'],
        },
      },
      [
        'tot 150.000 km',
        'bouwjaar vanaf 2015',
        'brandstof: benzine, diesel',
        'alleen ophalen',
        'alleen met foto',
        'ook betaalde advertenties',
        'alleen particuliere verkopers',
      ],
    ],
  ])('%s', (_name, values, expected) => {
    expect(alertFilterPhrases(values)).toEqual(expected);
  });
});

describe('describeAlert', () => {
  const guestAlert: DescribedAlert = {
    platforms: ['marktplaats'],
    searchTerm: ' racefiets ',
    categoryNames: { l1: null, l2: null },
    minPrice: null,
    maxPrice: 1000,
    postalCode: '3511 AB',
    distance: 10,
    notifyEmail: true,
    notifyTelegram: false,
    notifyPush: false,
    priceDrop: { enabled: false },
    schedule: DEFAULT_DELIVERY_SCHEDULE,
  };

  const table = (alert: DescribedAlert) =>
    Object.fromEntries(
      describeAlert(alert).map(({ label, value }) => [
        label,
        typeof value === 'string' ? plain(value) : value,
      ]),
    );

  it.each<[string, Partial<DescribedAlert>, Record<string, string | string[]>]>([
    [
      "a guest's alert",
      {},
      {
        Platform: 'Marktplaats',
        Zoekterm: 'racefiets',
        Categorie: 'Alle categorieën',
        Prijs: 'tot € 1.000',
        Locatie: 'binnen 10 km van 3511 AB',
        'Type verkoper': 'alle verkopers',
        Filters: 'geen',
        'Meldingen via': 'e-mail',
        Prijsdalingen: 'niet melden',
        Bezorging: 'Direct',
      },
    ],
    [
      'a PRO car alert',
      {
        platforms: ['2dehands'],
        categoryNames: { l1: "Auto's", l2: 'Audi' },
        minPrice: 2500,
        maxPrice: 12500.5,
        postalCode: null,
        distance: 25,
        onlyWithImages: true,
        customFilters: { adverteerder: 'business', mileageMax: 150000, fuel: ['electric'] },
        notifyTelegram: true,
        priceDrop: { enabled: true, percent: 10 },
      },
      {
        Platform: '2dehands',
        Zoekterm: 'racefiets',
        Categorie: "Auto's › Audi",
        Prijs: '€ 2.500 – € 12.500,50',
        Locatie: 'Heel het land',
        'Type verkoper': 'alleen zakelijke verkopers',
        Filters: ['tot 150.000 km', 'brandstof: elektrisch', 'alleen met foto'],
        'Meldingen via': 'e-mail en Telegram',
        Prijsdalingen: 'Meldt prijsdalingen vanaf 10%',
        Bezorging: 'Direct',
      },
    ],
    [
      'an alert not filled in yet',
      { platforms: [], searchTerm: '  ', notifyEmail: false, notifyTelegram: true },
      { Platform: 'Niet ingevuld', Zoekterm: 'Niet ingevuld', 'Meldingen via': 'Telegram' },
    ],
  ])('%s', (_name, changes, expected) => {
    expect(table({ ...guestAlert, ...changes })).toMatchObject(expected);
  });
});
