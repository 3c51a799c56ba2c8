/**
 * The marketplaces Prijsalarm watches, one row each. They run the same marketplace software: the
 * same search API and answers, ad pages and search links. What differs between them is a column
 * of this table, and every package reads it here, so another site on that software is one more
 * row. Beside the row it needs: a flag image for a new country (web `PlatformFlag`, which the
 * compiler asks for), a base-URL setting where tests point it at the marketplace double (server
 * config) and the double's own row, and the Dutch texts that name the sites one by one.
 */
import type { FeatureName } from './plans/features';

/** A site's postal codes: `digits` (the first never 0), then, after a space, `letters`. */
export interface PostalCodeFormat {
  digits: number;
  letters: number;
  /** A complete code, as the fields show it and messages cite it. */
  example: string;
}

/** The value of a site's language filter that narrows nothing: the site's own default. */
export const ALL_AD_LANGUAGES = 'all-languages';

export interface PlatformRow {
  id: string;
  /** The site's own name, in texts and lists. */
  name: string;
  country: string;
  flag: string;
  /** The brand colour of its card in the alert form. */
  colour: string;
  /** The site's origin: what the engine asks and ad links point to. */
  url: string;
  /**
   * The host names of its pages, without `www.` or `m.`: a pasted search link on any of them is
   * the site's. The first is the one in `url`.
   */
  hosts: readonly string[];
  /** The Accept-Language the engine sends the site. */
  acceptLanguage: string;
  /**
   * The ad languages its search can filter by (the `Language` attribute); empty when it has no
   * such filter. Alerts search in all of them (ALL_AD_LANGUAGES).
   */
  adLanguages: readonly string[];
  postalCode: PostalCodeFormat;
  /** The plan feature an account needs to watch it; null: anyone, guests included. */
  feature: FeatureName | null;
}

const PLATFORM_ROWS = [
  {
    id: 'marktplaats',
    name: 'Marktplaats',
    country: 'NL',
    flag: '🇳🇱',
    colour: '#eda566',
    url: 'https://www.marktplaats.nl',
    hosts: ['marktplaats.nl'],
    acceptLanguage: 'nl-NL,nl;q=0.9',
    adLanguages: [],
    postalCode: { digits: 4, letters: 2, example: '1234 AB' },
    feature: null,
  },
  {
    id: '2dehands',
    name: '2dehands',
    country: 'BE',
    flag: '🇧🇪',
    colour: '#2d73c4',
    url: 'https://www.2dehands.be',
    // 2ememain.be is 2dehands in French: the same site and search.
    hosts: ['2dehands.be', '2ememain.be'],
    acceptLanguage: 'nl-BE,nl;q=0.9,fr-BE;q=0.5',
    adLanguages: ['nl-BE', 'fr-BE'],
    postalCode: { digits: 4, letters: 0, example: '1000' },
    feature: 'canUse2dehands',
  },
] as const satisfies readonly PlatformRow[];

type Row = (typeof PLATFORM_ROWS)[number];
export type PlatformId = Row['id'];
/** A language a site's ads can be filtered by, or all of them. */
export type AdLanguage = Row['adLanguages'][number] | typeof ALL_AD_LANGUAGES;

export interface PlatformInfo extends Omit<PlatformRow, 'id' | 'country'> {
  id: PlatformId;
  country: Row['country'];
}

/** Every platform's id, in the table's order (the order lists and forms show them in). */
export const PLATFORM_IDS: readonly [PlatformId, ...PlatformId[]] = [
  PLATFORM_ROWS[0].id,
  ...PLATFORM_ROWS.slice(1).map((row) => row.id),
];

export const PLATFORMS = Object.fromEntries(
  PLATFORM_ROWS.map((row): [PlatformId, PlatformInfo] => [row.id, row]),
) as Readonly<Record<PlatformId, PlatformInfo>>;

/** Whether the site's search filters ads by language (its `Language` attribute). */
export function hasLanguageFilter(platform: PlatformId): boolean {
  return PLATFORMS[platform].adLanguages.length > 0;
}

/** Whether a guest, without an account, may watch the platform: when no plan feature gates it. */
export function isOpenToGuests(platform: PlatformId): boolean {
  return PLATFORMS[platform].feature === null;
}

/** The platforms' names, as a list shows them: 'Marktplaats, 2dehands'. */
export function platformNames(platforms: readonly PlatformId[]): string {
  return platforms.map((id) => PLATFORMS[id].name).join(', ');
}

/** Every platform as a select's option, by name. */
export const PLATFORM_OPTIONS: readonly { value: PlatformId; label: string }[] = PLATFORM_IDS.map(
  (id) => ({ value: id, label: PLATFORMS[id].name }),
);
