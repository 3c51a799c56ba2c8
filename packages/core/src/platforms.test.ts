/**
 * The platform table drives what differs between the sites: a site added as a row gets its own
 * postal-code rules, search-link hosts and language filter without a change elsewhere. The table
 * is extended here with a made-up German site on the same marketplace software.
 */
import { afterAll, describe, expect, it, vi } from 'vitest';
import type * as Platforms from './platforms';

const THIRD = {
  id: 'gebrauchtmarkt',
  name: 'Gebrauchtmarkt',
  country: 'DE',
  flag: '🇩🇪',
  colour: '#336633',
  url: 'https://www.gebrauchtmarkt.example',
  hosts: ['gebrauchtmarkt.example', 'occasionsmarkt.example'],
  acceptLanguage: 'de-DE,de;q=0.9',
  adLanguages: ['de-DE', 'tr-DE'],
  postalCode: { digits: 5, letters: 0, example: '10115' },
  feature: 'canUse2dehands',
} as const;

vi.mock('./platforms', async (importOriginal) => {
  const original = await importOriginal<typeof Platforms>();
  return {
    ...original,
    PLATFORM_IDS: [...original.PLATFORM_IDS, THIRD.id],
    PLATFORMS: { ...original.PLATFORMS, [THIRD.id]: THIRD },
  };
});

// Imported after the mock is in place, so every module reads the extended table: the module
// cache is shared with the files before this one (core's tests share one module graph), so it is
// emptied first, and again afterwards for the files after it.
vi.resetModules();
afterAll(() => {
  vi.doUnmock('./platforms');
  vi.resetModules();
});
const { PLATFORMS } = await import('./domain');
const postal = await import('./validation/postalCode');
const { parseMarketplaceSearchUrl } = await import('./importUrl/parse');
const third = THIRD.id as Platforms.PlatformId;

describe('a third platform as a row of the table', () => {
  it('is in the table every package reads', () => {
    expect(PLATFORMS[third].name).toBe('Gebrauchtmarkt');
  });

  it('formats and checks postal codes in its own format', () => {
    expect(postal.normalizePostalCode(third, '10 115x9')).toBe('10115');
    expect(postal.canonicalPostalCode(third, '10115')).toBe('10115');
    expect(postal.canonicalPostalCode(third, '1011')).toBeNull();
    expect(postal.canonicalPostalCode(third, '01011')).toBeNull();
    expect(postal.canonicalPostalCode(third, '1234 AB')).toBeNull();
    expect(postal.postalCodeMaxLength(third)).toBe(5);
    expect(postal.postalCodeInputMode(third)).toBe('numeric');
    expect(postal.postalCodeMessage([third])).toContain('10115');
  });

  it('leaves the other rows their own formats', () => {
    expect(postal.canonicalPostalCode('marktplaats', '1234ab')).toBe('1234 AB');
    expect(postal.canonicalPostalCode('2dehands', '1000')).toBe('1000');
    expect(postal.canonicalPostalCode('2dehands', '10115')).toBeNull();
    // An alert on every platform accepts each one's codes.
    expect(postal.canonicalAlertPostalCode(undefined, '10115')).toBe('10115');
  });

  it('takes search links on each of its hosts as its own', () => {
    for (const host of ['www.gebrauchtmarkt.example', 'm.occasionsmarkt.example']) {
      const result = parseMarketplaceSearchUrl(`https://${host}/q/fahrrad/`);
      expect(result).toMatchObject({ ok: true, platform: third });
    }
  });
});
