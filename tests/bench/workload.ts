/**
 * The engine bench's workload, the same in the bench and in its marketplace process: a vocabulary
 * of a few hundred search terms ("<brand> <item>"), ads that carry them, and alerts over them with
 * a realistic overlap — popular terms far more often than rare ones (Zipf), a few popular places,
 * and the price caps and distances people pick — so equal searches coalesce while filters still
 * differ (100 000 alerts make ~20 000 distinct searches, 10 000 ~4 300).
 */
import { DISTANCE_OPTIONS_KM } from '@prijsalarm/core';
import { seededRandom, type Random } from '../doubles/marketplace/generator';

export { seededRandom, type Random };

interface TermGroup {
  brands: string[];
  /** Items that the double's own generated titles do not use, so the share of ads carrying a term is ours to set. */
  items: string[];
  euros: [number, number];
}

const GROUPS: TermGroup[] = [
  {
    brands: [
      'gazelle',
      'batavus',
      'sparta',
      'cortina',
      'koga',
      'canyon',
      'trek',
      'giant',
      'cube',
      'stevens',
    ],
    items: ['herenfiets', 'racefiets', 'mountainbike', 'bakfiets', 'vouwfiets', 'kinderfiets'],
    euros: [40, 2500],
  },
  {
    brands: ['samsung', 'sony', 'philips', 'panasonic', 'tcl', 'hisense', 'sharp', 'denon'],
    items: ['soundbar', 'beamer', 'versterker', 'radio'],
    euros: [20, 1500],
  },
  {
    brands: ['apple', 'google', 'oneplus', 'xiaomi', 'motorola', 'nokia'],
    items: ['telefoon', 'tablet', 'smartwatch', 'oordopjes'],
    euros: [25, 1100],
  },
  {
    brands: ['lego', 'playmobil', 'brio', 'hape', 'vtech'],
    items: ['kasteel', 'trein', 'brandweer', 'boerderij', 'piratenschip', 'dierentuin'],
    euros: [5, 400],
  },
  {
    brands: ['miele', 'bosch', 'siemens', 'aeg', 'dyson', 'zanussi'],
    items: ['wasmachine', 'droger', 'stofzuiger', 'vaatwasser', 'koelkast'],
    euros: [30, 900],
  },
  {
    brands: ['makita', 'dewalt', 'metabo', 'festool', 'ryobi'],
    items: ['boormachine', 'cirkelzaag', 'schuurmachine', 'accuschroevendraaier'],
    euros: [20, 600],
  },
  {
    brands: ['ikea', 'montel', 'gispen', 'pastoe'],
    items: ['bank', 'eettafel', 'bureau', 'boekenkast', 'fauteuil'],
    euros: [15, 1500],
  },
  {
    brands: ['yamaha', 'roland', 'fender', 'gibson', 'ibanez'],
    items: ['gitaar', 'piano', 'keyboard', 'basgitaar', 'drumstel'],
    euros: [50, 3000],
  },
];

export interface Term {
  term: string;
  brand: string;
  item: string;
  euros: [number, number];
}

/** Every search term of the workload, in a fixed order. */
export const TERMS: Term[] = GROUPS.flatMap((group) =>
  group.brands.flatMap((brand) =>
    group.items.map((item) => ({ term: `${brand} ${item}`, brand, item, euros: group.euros })),
  ),
);

const ADJECTIVES = ['z.g.a.n.', 'nette staat', 'gebruikt', 'als nieuw', 'met bon', 'compleet'];

export function pickFrom<T>(random: Random, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)] as T;
}

/** An ad that carries a term of the vocabulary: its title and price. */
export function termAd(random: Random): { title: string; priceCents: number } {
  const term = pickFrom(random, TERMS);
  const title = `${term.brand[0]!.toUpperCase()}${term.brand.slice(1)} ${term.item} ${pickFrom(random, ADJECTIVES)}`;
  const [min, max] = term.euros;
  return { title, priceCents: (min + Math.floor(random() * (max - min))) * 100 };
}

/** Popular places alerts search around, each alert with a distance of its own (the form's
 * options); most alerts use none. */
const PLACES = [
  { postalCode: '1011AB' },
  { postalCode: '3511AB' },
  { postalCode: '3011AB' },
  { postalCode: '5611AB' },
];
/** The caps people type: round amounts, up to the dearest ad of the term's group. */
const MAX_PRICES_EUROS = [
  25, 50, 75, 100, 125, 150, 175, 200, 250, 300, 350, 400, 450, 500, 600, 700, 750, 800, 900, 1000,
  1200, 1250, 1500, 1750, 2000, 2500, 3000,
];

/** A Zipf(1) pick over `count` ranks: rank r with weight 1/(r+1). */
function zipf(random: Random, count: number): number {
  const harmonic = Array.from({ length: count }, (_, r) => 1 / (r + 1));
  const total = harmonic.reduce((sum, weight) => sum + weight, 0);
  let roll = random() * total;
  for (let rank = 0; rank < count; rank++) {
    roll -= harmonic[rank]!;
    if (roll <= 0) return rank;
  }
  return count - 1;
}

export interface BenchAlert {
  /** null: a guest alert. */
  userIndex: number | null;
  searchTerm: string;
  platforms: Array<'marktplaats' | '2dehands'>;
  maxPriceCents: number | null;
  postalCode: string | null;
  distanceKm: number | null;
  includePaidAds: boolean;
  sellerType: 'all' | 'private' | 'business';
}

export interface BenchUser {
  plan: 'REGISTERED' | 'PRO';
}

/**
 * `count` alerts: 60 % guest alerts (Marktplaats), 40 % of registered or Pro users with two alerts
 * each on average (10 % on both platforms, 10 % on 2dehands only).
 */
export function benchAlerts(
  count: number,
  seed = 4242,
): { alerts: BenchAlert[]; users: BenchUser[] } {
  const random = seededRandom(seed);
  // The popularity order of the terms is a shuffle, so popular terms are spread over the groups.
  const ranked = [...TERMS].sort(() => random() - 0.5);
  const users: BenchUser[] = [];
  const alerts: BenchAlert[] = [];
  for (let i = 0; i < count; i++) {
    const term = ranked[zipf(random, ranked.length)]!;
    const guest = random() < 0.6;
    let userIndex: number | null = null;
    if (!guest) {
      if (users.length === 0 || random() < 0.5)
        users.push({ plan: random() < 0.3 ? 'PRO' : 'REGISTERED' });
      userIndex = Math.floor(random() * users.length);
    }
    const roll = random();
    const platforms: BenchAlert['platforms'] = guest
      ? ['marktplaats']
      : roll < 0.1
        ? ['marktplaats', '2dehands']
        : roll < 0.2
          ? ['2dehands']
          : ['marktplaats'];
    const place = random() < 0.4 ? pickFrom(random, PLACES) : null;
    const pro = userIndex !== null && users[userIndex]!.plan === 'PRO';
    alerts.push({
      userIndex,
      searchTerm: term.term,
      platforms,
      maxPriceCents:
        random() < 0.4
          ? pickFrom(
              random,
              MAX_PRICES_EUROS.filter((euros) => euros > term.euros[0] && euros <= term.euros[1]),
            ) * 100
          : null,
      // 2dehands takes Belgian postcodes only; these alerts search the whole country.
      postalCode: place && !platforms.includes('2dehands') ? place.postalCode : null,
      distanceKm:
        place && !platforms.includes('2dehands') ? pickFrom(random, DISTANCE_OPTIONS_KM) : null,
      includePaidAds: pro && random() < 0.5,
      sellerType: userIndex !== null && random() < 0.05 ? 'private' : 'all',
    });
  }
  return { alerts, users };
}
