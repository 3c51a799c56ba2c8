/**
 * Seedable generator of Dutch ads in the real wire shape: the same seed gives the same ads, so a
 * failing test or demo run can be replayed.
 */
import {
  BUSINESS_NAMES,
  CONDITIONS,
  DELIVERY_LABELS,
  DESCRIPTION_CLOSERS,
  DESCRIPTION_OPENERS,
  PLACES,
  PRODUCTS,
  SELLER_NAMES,
  l2Category,
  type DeliveryLabel,
  type Product,
  type DoublePlatform,
} from './catalogue';

export type Random = () => number;

/** mulberry32: tiny, fast and good enough for test data. */
export function seededRandom(seed: number): Random {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function pick<T>(random: Random, items: readonly T[]): T {
  const item = items[Math.floor(random() * items.length)];
  if (item === undefined) throw new Error('pick from an empty list');
  return item;
}

export function hexString(random: Random, length: number): string {
  let out = '';
  while (out.length < length) out += Math.floor(random() * 16).toString(16);
  return out;
}

/** What a published ad is made of; every field optional for `publish()`. */
export interface ListingSpec {
  platform: DoublePlatform;
  itemId: string;
  /** 'a…' Admarkt business ad: sponsored top block and injected inline. */
  admarkt: boolean;
  title: string;
  description: string;
  priceCents: number;
  priceType: string;
  categoryId: number;
  cityName: string;
  postedAt: number;
  delivery: DeliveryLabel;
  condition: string;
  /** 'NONE' or 'DAGTOPPER' (pinned on top whatever the day). */
  priorityProduct: string;
  sellerType: string;
  sellerName: string;
  sellerId: number;
  imageCount: number;
  reserved: boolean;
  /** 2dehands ads are Dutch or French. */
  language: 'nl-BE' | 'fr-BE' | null;
  traits: string[];
}

/** L1 category id → relative weight: which categories the generated ads fall in. */
export type CategoryMix = Record<number, number>;

/** A product of the mix's categories (weighted); any product without a mix. */
export function pickProduct(random: Random, mix?: CategoryMix): Product {
  const weighted = mix
    ? PRODUCTS.map((product) => ({
        product,
        weight: mix[l2Category(product.categoryId)?.parentId ?? 0] ?? 0,
      })).filter((entry) => entry.weight > 0)
    : [];
  if (weighted.length === 0) return pick(random, PRODUCTS);
  // A category's weight is shared by its products.
  const perCategory = new Map<number, number>();
  for (const { product } of weighted) {
    const l1 = l2Category(product.categoryId)?.parentId ?? 0;
    perCategory.set(l1, (perCategory.get(l1) ?? 0) + 1);
  }
  const shares = weighted.map(({ product, weight }) => ({
    product,
    share: weight / perCategory.get(l2Category(product.categoryId)?.parentId ?? 0)!,
  }));
  let roll = random() * shares.reduce((sum, entry) => sum + entry.share, 0);
  for (const entry of shares) {
    roll -= entry.share;
    if (roll < 0) return entry.product;
  }
  return shares[shares.length - 1]!.product;
}

export function generateSpec(
  random: Random,
  platform: DoublePlatform,
  postedAt: number,
  mix?: CategoryMix,
): Omit<ListingSpec, 'itemId'> {
  const product = pickProduct(random, mix);
  const title = pick(random, product.titles);
  const place = pick(random, PLACES[platform]);
  const admarkt = random() < 0.04;
  const dagtopper = !admarkt && random() < 0.03;
  const roll = random();
  const priceType =
    roll < 0.7
      ? 'FIXED'
      : roll < 0.85
        ? 'MIN_BID'
        : roll < 0.93
          ? 'FAST_BID'
          : roll < 0.95
            ? 'FREE'
            : 'SEE_DESCRIPTION';
  const euros = product.minEuros + Math.floor(random() * (product.maxEuros - product.minEuros));
  const priceCents = priceType === 'FIXED' || priceType === 'MIN_BID' ? euros * 100 : 0;
  return {
    platform,
    admarkt,
    title,
    description: `${pick(random, DESCRIPTION_OPENERS)} ${title.toLowerCase()}. ${pick(random, DESCRIPTION_CLOSERS)} ${place.cityName}.`,
    priceCents,
    priceType,
    categoryId: product.categoryId,
    cityName: place.cityName,
    postedAt,
    delivery: pick(random, DELIVERY_LABELS),
    condition: pick(random, CONDITIONS.slice(0, 3)).label,
    priorityProduct: dagtopper ? 'DAGTOPPER' : 'NONE',
    sellerType: admarkt ? 'TRADER' : 'CONSUMER',
    sellerName: admarkt ? pick(random, BUSINESS_NAMES) : pick(random, SELLER_NAMES),
    sellerId: 1_000_000 + Math.floor(random() * 60_000_000),
    imageCount: Math.floor(random() * 4),
    reserved: random() < 0.03,
    language: platform === '2dehands' ? (random() < 0.2 ? 'fr-BE' : 'nl-BE') : null,
    traits: admarkt
      ? ['PROFILE', 'ADMARKT_CONSOLE']
      : dagtopper
        ? ['DAG_TOPPER', 'PACKAGE_FREE']
        : ['PACKAGE_FREE'],
  };
}
