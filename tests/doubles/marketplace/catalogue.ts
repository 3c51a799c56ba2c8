/**
 * What the double's marketplace is made of: categories (ids as on the real sites), places with
 * coordinates and postcodes, and Dutch ad texts for the generator.
 */

export type DoublePlatform = 'marktplaats' | '2dehands';

export interface L1Category {
  id: number;
  key: string;
  name: string;
  /** 2dehands labels differ for a few ids. */
  nameBe?: string;
  keyBe?: string;
}

/** The 36 L1 categories, shared ids, site labels. */
export const L1_CATEGORIES: L1Category[] = [
  { id: 1, key: 'antiek-en-kunst', name: 'Antiek en Kunst' },
  { id: 31, key: 'audio-tv-en-foto', name: 'Audio, Tv en Foto' },
  { id: 48, key: 'auto-diversen', name: 'Auto diversen' },
  { id: 91, key: 'auto-s', name: "Auto's" },
  { id: 167, key: 'vacatures', name: 'Vacatures' },
  { id: 201, key: 'boeken', name: 'Boeken' },
  {
    id: 239,
    key: 'doe-het-zelf-en-verbouw',
    name: 'Doe-het-zelf en Verbouw',
    nameBe: 'Doe-het-zelf en Bouw',
    keyBe: 'doe-het-zelf-en-bouw',
  },
  { id: 289, key: 'caravans-en-kamperen', name: 'Caravans en Kamperen' },
  { id: 322, key: 'computers-en-software', name: 'Computers en Software' },
  {
    id: 356,
    key: 'spelcomputers-en-games',
    name: 'Spelcomputers en Games',
    nameBe: 'Games en Spelcomputers',
    keyBe: 'games-en-spelcomputers',
  },
  { id: 378, key: 'contacten-en-berichten', name: 'Contacten en Berichten' },
  { id: 395, key: 'dieren-en-toebehoren', name: 'Dieren en Toebehoren' },
  { id: 428, key: 'diversen', name: 'Diversen' },
  { id: 445, key: 'fietsen-en-brommers', name: 'Fietsen en Brommers' },
  { id: 504, key: 'huis-en-inrichting', name: 'Huis en Inrichting' },
  {
    id: 537,
    key: 'witgoed-en-apparatuur',
    name: 'Witgoed en Apparatuur',
    nameBe: 'Elektronische apparatuur',
    keyBe: 'elektronische-apparatuur',
  },
  { id: 565, key: 'kinderen-en-baby-s', name: "Kinderen en Baby's" },
  { id: 621, key: 'kleding-dames', name: 'Kleding | Dames' },
  { id: 678, key: 'motoren', name: 'Motoren' },
  { id: 728, key: 'muziek-en-instrumenten', name: 'Muziek en Instrumenten' },
  { id: 784, key: 'sport-en-fitness', name: 'Sport en Fitness' },
  { id: 820, key: 'telecommunicatie', name: 'Telecommunicatie' },
  { id: 856, key: 'vakantie', name: 'Vakantie' },
  { id: 895, key: 'verzamelen', name: 'Verzamelen' },
  { id: 976, key: 'watersport-en-boten', name: 'Watersport en Boten' },
  { id: 1032, key: 'huizen-en-kamers', name: 'Huizen en Kamers', nameBe: 'Immo', keyBe: 'immo' },
  { id: 1085, key: 'zakelijke-goederen', name: 'Zakelijke goederen' },
  { id: 1098, key: 'diensten-en-vakmensen', name: 'Diensten en Vakmensen' },
  { id: 1099, key: 'hobby-en-vrije-tijd', name: 'Hobby en Vrije tijd' },
  { id: 1744, key: 'cd-s-en-dvd-s', name: "Cd's en Dvd's" },
  { id: 1776, key: 'kleding-heren', name: 'Kleding | Heren' },
  { id: 1784, key: 'postzegels-en-munten', name: 'Postzegels en Munten' },
  {
    id: 1826,
    key: 'sieraden-tassen-en-uiterlijk',
    name: 'Sieraden, Tassen en Uiterlijk',
    nameBe: 'Handtassen en Accessoires',
    keyBe: 'handtassen-en-accessoires',
  },
  { id: 1847, key: 'tuin-en-terras', name: 'Tuin en Terras' },
  { id: 1984, key: 'tickets-en-kaartjes', name: 'Tickets en Kaartjes' },
  { id: 2600, key: 'auto-onderdelen', name: 'Auto-onderdelen' },
];

export interface L2Category {
  id: number;
  parentId: number;
  key: string;
  name: string;
}

/** The leaf categories the generator uses (real ids). */
export const L2_CATEGORIES: L2Category[] = [
  {
    id: 447,
    parentId: 445,
    key: 'fietsen-dames-damesfietsen',
    name: 'Fietsen | Dames | Damesfietsen',
  },
  { id: 42, parentId: 31, key: 'platenspelers', name: 'Platenspelers' },
  { id: 1120, parentId: 31, key: 'televisies', name: 'Televisies' },
  { id: 37, parentId: 31, key: 'koptelefoons', name: 'Koptelefoons' },
  {
    id: 603,
    parentId: 565,
    key: 'kinderwagens-en-combinaties',
    name: 'Kinderwagens en Combinaties',
  },
  { id: 611, parentId: 565, key: 'speelgoed-duplo-en-lego', name: 'Speelgoed | Duplo en Lego' },
  { id: 157, parentId: 91, key: 'volkswagen', name: 'Volkswagen' },
  { id: 93, parentId: 91, key: 'audi', name: 'Audi' },
  { id: 710, parentId: 678, key: 'yamaha', name: 'Yamaha' },
  { id: 529, parentId: 504, key: 'woonaccessoires-spiegels', name: 'Woonaccessoires | Spiegels' },
  {
    id: 514,
    parentId: 504,
    key: 'woonaccessoires-kapstokken',
    name: 'Woonaccessoires | Kapstokken',
  },
];

export function l1Category(id: number): L1Category | undefined {
  return L1_CATEGORIES.find((category) => category.id === id);
}

export function l2Category(id: number): L2Category | undefined {
  return L2_CATEGORIES.find((category) => category.id === id);
}

export interface Place {
  cityName: string;
  /** 4-digit postcode area, the part distance lookups use. */
  postcode: number;
  latitude: number;
  longitude: number;
}

export const PLACES: Record<DoublePlatform, Place[]> = {
  marktplaats: [
    { cityName: 'Amsterdam', postcode: 1011, latitude: 52.3676, longitude: 4.9041 },
    { cityName: 'Almere', postcode: 1315, latitude: 52.3508, longitude: 5.2647 },
    { cityName: 'Haarlem', postcode: 2011, latitude: 52.3874, longitude: 4.6462 },
    { cityName: 'Leiden', postcode: 2311, latitude: 52.1601, longitude: 4.497 },
    { cityName: 'Den Haag', postcode: 2511, latitude: 52.0705, longitude: 4.3007 },
    { cityName: 'Nieuwerkerk aan den IJssel', postcode: 2911, latitude: 51.9654, longitude: 4.612 },
    { cityName: 'Rotterdam', postcode: 3011, latitude: 51.9244, longitude: 4.4777 },
    { cityName: 'Utrecht', postcode: 3511, latitude: 52.0907, longitude: 5.1214 },
    { cityName: 'Breda', postcode: 4811, latitude: 51.5719, longitude: 4.7683 },
    { cityName: 'Tilburg', postcode: 5011, latitude: 51.5555, longitude: 5.0913 },
    { cityName: 'Eindhoven', postcode: 5611, latitude: 51.4416, longitude: 5.4697 },
    { cityName: 'Maastricht', postcode: 6211, latitude: 50.8514, longitude: 5.691 },
    { cityName: 'Nijmegen', postcode: 6511, latitude: 51.8126, longitude: 5.8372 },
    { cityName: 'Arnhem', postcode: 6811, latitude: 51.9851, longitude: 5.8987 },
    { cityName: 'Zwolle', postcode: 8011, latitude: 52.5168, longitude: 6.083 },
    { cityName: 'Hoogezand', postcode: 9601, latitude: 53.1555, longitude: 6.7774 },
    { cityName: 'Groningen', postcode: 9711, latitude: 53.2194, longitude: 6.5665 },
  ],
  '2dehands': [
    { cityName: 'Brussel', postcode: 1000, latitude: 50.8503, longitude: 4.3517 },
    { cityName: 'Antwerpen', postcode: 2000, latitude: 51.2194, longitude: 4.4025 },
    { cityName: 'Mechelen', postcode: 2800, latitude: 51.0259, longitude: 4.4776 },
    { cityName: 'Leuven', postcode: 3000, latitude: 50.8798, longitude: 4.7005 },
    { cityName: 'Hasselt', postcode: 3500, latitude: 50.9307, longitude: 5.3325 },
    { cityName: 'Luik', postcode: 4000, latitude: 50.6326, longitude: 5.5797 },
    { cityName: 'Namen', postcode: 5000, latitude: 50.4674, longitude: 4.872 },
    { cityName: 'Brugge', postcode: 8000, latitude: 51.2093, longitude: 3.2247 },
    { cityName: 'Kortrijk', postcode: 8500, latitude: 50.828, longitude: 3.2649 },
    { cityName: 'Gent', postcode: 9000, latitude: 51.0543, longitude: 3.7174 },
    { cityName: 'Temse', postcode: 9140, latitude: 51.1331, longitude: 4.2058 },
  ],
};

export const COUNTRY: Record<DoublePlatform, { name: string; code: string }> = {
  marktplaats: { name: 'Nederland', code: 'NL' },
  '2dehands': { name: 'België', code: 'BE' },
};

export const IMAGE_HOSTS: Record<DoublePlatform, { organic: string; admarkt: string }> = {
  marktplaats: { organic: 'images.marktplaats.com', admarkt: 'admarkt-cdn.marktplaats.com' },
  '2dehands': { organic: 'images.2dehands.com', admarkt: 'admarkt-cdn.2dehands.com' },
};

/** The place nearest to a postcode's 4-digit area; null when it is not a postcode of the site. */
export function placeForPostcode(platform: DoublePlatform, postcode: string): Place | null {
  const compact = postcode.replace(/\s+/g, '').toUpperCase();
  const pattern = platform === 'marktplaats' ? /^(\d{4})([A-Z]{2})?$/ : /^(\d{4})$/;
  const match = pattern.exec(compact);
  if (!match?.[1]) return null;
  const area = Number(match[1]);
  let best: Place | null = null;
  for (const place of PLACES[platform]) {
    if (best === null || Math.abs(place.postcode - area) < Math.abs(best.postcode - area))
      best = place;
  }
  return best;
}

export function distanceMeters(
  a: { latitude: number; longitude: number },
  b: { latitude: number; longitude: number },
): number {
  const rad = Math.PI / 180;
  const dLat = (b.latitude - a.latitude) * rad;
  const dLon = (b.longitude - a.longitude) * rad;
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(a.latitude * rad) * Math.cos(b.latitude * rad) * Math.sin(dLon / 2) ** 2;
  return Math.round(2 * 6_371_000 * Math.asin(Math.sqrt(h)));
}

export interface Product {
  categoryId: number;
  titles: string[];
  minEuros: number;
  maxEuros: number;
}

export const PRODUCTS: Product[] = [
  {
    categoryId: 447,
    titles: [
      'Batavus damesfiets 28 inch',
      'Gazelle Orange C7 damesfiets',
      'Cortina U4 transportfiets',
      'Sparta e-bike dames',
      'Omafiets zwart met krat',
    ],
    minEuros: 40,
    maxEuros: 900,
  },
  {
    categoryId: 42,
    titles: [
      'Technics SL-1210 platenspeler',
      'Vintage Philips platenspeler',
      'Pro-Ject Debut Carbon platenspeler',
    ],
    minEuros: 40,
    maxEuros: 600,
  },
  {
    categoryId: 1120,
    titles: [
      'Samsung 55 inch QLED tv',
      'LG OLED 48 inch televisie',
      'Philips Ambilight 50 inch tv',
    ],
    minEuros: 90,
    maxEuros: 900,
  },
  {
    categoryId: 37,
    titles: ['Sony WH-1000XM4 koptelefoon', 'Bose QuietComfort koptelefoon', 'Sennheiser HD 600'],
    minEuros: 30,
    maxEuros: 300,
  },
  {
    categoryId: 603,
    titles: [
      'Bugaboo Fox 3 kinderwagen',
      'Joolz Day+ kinderwagen compleet',
      'Mutsy Evo combi kinderwagen',
    ],
    minEuros: 120,
    maxEuros: 700,
  },
  {
    categoryId: 611,
    titles: [
      'Lego Technic Porsche 911',
      'Lego Star Wars Millennium Falcon',
      'Doos Duplo blokken',
      'Lego City politiebureau',
    ],
    minEuros: 10,
    maxEuros: 400,
  },
  {
    categoryId: 157,
    titles: [
      'Volkswagen Golf 1.0 TSI',
      'Volkswagen Polo 2015 met APK',
      'Volkswagen Tiguan automaat',
    ],
    minEuros: 3000,
    maxEuros: 28000,
  },
  {
    categoryId: 93,
    titles: ['Audi A3 Sportback', 'Audi A4 Avant 2.0 TDI'],
    minEuros: 4000,
    maxEuros: 30000,
  },
  {
    categoryId: 710,
    titles: ['Yamaha MT-07 ABS', 'Yamaha XJ6 Diversion', 'Yamaha Tracer 700'],
    minEuros: 3000,
    maxEuros: 8000,
  },
  {
    categoryId: 529,
    titles: [
      'Grote spiegel met gouden lijst',
      'Ronde wandspiegel 80 cm',
      'Staande spiegel eikenhout',
    ],
    minEuros: 15,
    maxEuros: 150,
  },
  {
    categoryId: 514,
    titles: ['Industriële kapstok', 'Staande kapstok hout'],
    minEuros: 10,
    maxEuros: 90,
  },
];

export const SELLER_NAMES = [
  'Vogel',
  'Femke',
  'Jan',
  'Sanne',
  'Pieter',
  'Lotte',
  'Bram',
  'Annelies',
  'Koen',
  'Mohamed',
  'Ilse',
  'Daan',
  'Wout',
  'Eline',
];
export const BUSINESS_NAMES = [
  'www.2dehandsfietsenwinkel.nl',
  'Fietsenhandel De Spaak',
  'Autobedrijf Van Dijk',
  'HifiCentrum Utrecht',
  'Kinderwagenshop.nl',
];
export const DESCRIPTION_OPENERS = [
  'Nette',
  'Mooie',
  'Zo goed als nieuwe',
  'Weinig gebruikte',
  'Degelijke',
];
export const DESCRIPTION_CLOSERS = [
  'Ophalen in',
  'Op te halen in',
  'Af te halen in',
  'Te bezichtigen in',
];

export const CONDITIONS: { label: string; id: number }[] = [
  { label: 'Nieuw', id: 30 },
  { label: 'Zo goed als nieuw', id: 31 },
  { label: 'Gebruikt', id: 32 },
  { label: 'Refurbished', id: 14050 },
  { label: 'Niet werkend', id: 13940 },
];

export const DELIVERY_LABELS = ['Ophalen', 'Verzenden', 'Ophalen of Verzenden'] as const;
export type DeliveryLabel = (typeof DELIVERY_LABELS)[number];

/** Which attributesById value each delivery label satisfies. */
export const DELIVERY_IDS: Record<string, number[]> = {
  Ophalen: [33],
  Verzenden: [34],
  'Ophalen of Verzenden': [33, 34],
};

export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
}
