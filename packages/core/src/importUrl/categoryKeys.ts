/**
 * The marketplaces' category keys, the slugs of their `/l/<l1-key>/<l2-key>/` search pages. The
 * ids are shared by both sites; a few top categories carry another name, and key, on 2dehands.
 */

/** Top-category key → the marketplaces' category id. */
export const L1_CATEGORY_KEYS: Readonly<Record<string, number>> = {
  'antiek-en-kunst': 1,
  'audio-tv-en-foto': 31,
  'auto-diversen': 48,
  'auto-s': 91,
  vacatures: 167,
  boeken: 201,
  'doe-het-zelf-en-verbouw': 239,
  'doe-het-zelf-en-bouw': 239,
  'caravans-en-kamperen': 289,
  'computers-en-software': 322,
  'spelcomputers-en-games': 356,
  'games-en-spelcomputers': 356,
  'contacten-en-berichten': 378,
  'dieren-en-toebehoren': 395,
  diversen: 428,
  'fietsen-en-brommers': 445,
  'huis-en-inrichting': 504,
  'witgoed-en-apparatuur': 537,
  'elektronische-apparatuur': 537,
  'kinderen-en-baby-s': 565,
  'kleding-dames': 621,
  motoren: 678,
  'muziek-en-instrumenten': 728,
  'sport-en-fitness': 784,
  telecommunicatie: 820,
  vakantie: 856,
  verzamelen: 895,
  'watersport-en-boten': 976,
  'huizen-en-kamers': 1032,
  immo: 1032,
  'zakelijke-goederen': 1085,
  'diensten-en-vakmensen': 1098,
  'hobby-en-vrije-tijd': 1099,
  'cd-s-en-dvd-s': 1744,
  'kleding-heren': 1776,
  'postzegels-en-munten': 1784,
  'sieraden-tassen-en-uiterlijk': 1826,
  'handtassen-en-accessoires': 1826,
  'tuin-en-terras': 1847,
  'tickets-en-kaartjes': 1984,
  'auto-onderdelen': 2600,
};

/**
 * A category name as the marketplaces write it in a link: lower case, accents dropped, every run
 * of other characters one hyphen ("Auto's" → 'auto-s', 'Citroën' → 'citroen', 'Lynk & Co' →
 * 'lynk-co'). Subcategory keys are matched this way, as only their names are stored.
 */
export function categoryKey(name: string): string {
  return name
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}
