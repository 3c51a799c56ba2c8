import { describe, expect, it } from 'vitest';
import { ACCESS_TEXTS } from '../plans/strings';
import { initialAlertFormState, initialGuestAlertFormState } from '../validation/alertForm';
import { priceInputText } from '../validation/price';
import { importSearchIntoForm, type ImportTarget } from './applyToForm';
import {
  parseMarketplaceSearchUrl,
  type ImportCategory,
  type MarketplaceSearchImport,
} from './parse';
import { IMPORT_URL_TEXTS as texts } from './strings';

const CARS: ImportCategory = {
  id: 4,
  name: "Auto's",
  marktplaatsId: 91,
  type: 'L1',
  parentId: null,
};
const VW: ImportCategory = {
  id: 40,
  name: 'Volkswagen',
  marktplaatsId: 157,
  type: 'L2',
  parentId: 4,
};
const CATEGORIES = [CARS, VW];

function search(url: string): MarketplaceSearchImport {
  const result = parseMarketplaceSearchUrl(url, CATEGORIES);
  if (!result.ok) throw new Error(result.error);
  return result;
}

const open: Pick<ImportTarget, 'platformMessage' | 'featureLock'> = {
  platformMessage: () => null,
  featureLock: () => null,
};
const guest: ImportTarget = { form: 'guest', categories: CATEGORIES, ...open };
const wizard: ImportTarget = { form: 'wizard', categories: CATEGORIES, ...open };

const FULL =
  'https://www.marktplaats.nl/l/auto-s/volkswagen/#q:golf|postcode:3511AB|distanceMeters:10000|PriceCentsFrom:100000|PriceCentsTo:1250050|f:31|f:34|mileageTo:150000|sortBy:SORT_INDEX';

describe('importSearchIntoForm', () => {
  it('fills the whole wizard, with our categories by name', () => {
    const result = importSearchIntoForm(initialAlertFormState, search(FULL), wizard);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.state).toMatchObject({
      platform: 'marktplaats',
      searchTerm: 'golf',
      minPrice: '1000',
      maxPrice: '12500,50',
      postalCode: '3511 AB',
      distance: 10,
      category: {
        l1: { id: 4, name: "Auto's", marktplaatsId: 91 },
        l2: { id: 40, name: 'Volkswagen', marktplaatsId: 157 },
      },
      conditions: ['as_good_as_new'],
      deliveryMethod: 'shipping',
      categoryFilters: { mileageMax: 150000 },
    });
    expect(result.notes).toEqual([{ part: 'sortBy:SORT_INDEX', message: texts.sortIgnored }]);
  });

  it('keeps only the guest form fields, naming the rest, and keeps the e-mail address', () => {
    const current = { ...initialGuestAlertFormState, email: 'piet@example.nl', maxPrice: '5' };
    const result = importSearchIntoForm(current, search(FULL), guest);
    if (!result.ok) throw new Error(result.error);
    expect(result.state).toEqual({
      ...initialGuestAlertFormState,
      email: 'piet@example.nl',
      searchTerm: 'golf',
      maxPrice: '12500,50',
      postalCode: '3511 AB',
      distance: 10,
    });
    expect(result.notes.map((note) => note.message)).toEqual([
      texts.notInGuestForm('Minimumprijs'),
      texts.notInGuestForm('Categorie'),
      texts.notInGuestForm('Staat'),
      texts.notInGuestForm('Autofilters'),
      texts.notInGuestForm('Levering'),
      texts.sortIgnored,
    ]);
  });

  it("refuses a 2dehands link in the guest form with core's plan message, changing nothing", () => {
    const result = importSearchIntoForm(
      initialGuestAlertFormState,
      search('https://www.2dehands.be/q/fiets/'),
      guest,
    );
    expect(result).toEqual({
      ok: false,
      error: ACCESS_TEXTS.accountRequiredForPlatform('2dehands'),
    });
  });

  it('refuses a platform the plan lacks in the wizard', () => {
    const message = ACCESS_TEXTS.noPlatformAccess('2dehands');
    const result = importSearchIntoForm(
      initialAlertFormState,
      search('https://www.2dehands.be/q/fiets/'),
      { ...wizard, platformMessage: (platform) => (platform === '2dehands' ? message : null) },
    );
    expect(result).toEqual({ ok: false, error: message });
  });

  it('names what the plan locks instead of filling it', () => {
    const result = importSearchIntoForm(initialAlertFormState, search(FULL), {
      ...wizard,
      featureLock: (feature) => (feature === 'minPrice' ? ACCESS_TEXTS.proOnly : null),
    });
    if (!result.ok) throw new Error(result.error);
    expect(result.state.minPrice).toBe('');
    expect(result.notes[0]).toEqual({
      part: 'Minimumprijs',
      message: texts.locked('Minimumprijs', ACCESS_TEXTS.proOnly),
    });
  });

  it('asks for a search term when the link has none', () => {
    const result = importSearchIntoForm(
      initialAlertFormState,
      search('https://www.marktplaats.nl/l/auto-s/'),
      wizard,
    );
    if (!result.ok) throw new Error(result.error);
    expect(result.state.searchTerm).toBe('');
    expect(result.notes).toEqual([{ part: 'Zoekterm', message: texts.searchTermMissing }]);
  });

  it('writes euros as the price fields show them', () => {
    expect([250, 12.5, 0.99].map(priceInputText)).toEqual(['250', '12,50', '0,99']);
  });
});
