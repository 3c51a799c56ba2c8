/**
 * The Dutch texts of importing a marketplace search link: the server answers with the refusals
 * and notes, the forms show them and label their link field.
 */
export const IMPORT_URL_TEXTS = {
  /* ---------- Refusals: nothing can be taken over ---------- */
  empty: 'Plak een zoeklink van Marktplaats of 2dehands.',
  notAUrl: 'Dit is geen geldige link. Kopieer het adres uit de adresbalk van je browser.',
  notMarketplace:
    'Dit is geen link van Marktplaats of 2dehands. Plak het adres van een zoekpagina op marktplaats.nl of 2dehands.be.',
  notASearch:
    'Deze link is geen zoekpagina. Plak een link met …/q/… (zoekopdracht) of …/l/… (categorie).',
  tooLong: 'Deze link is te lang.',

  /* ---------- Parts that are not taken over ---------- */
  filterUnsupported: (name: string) => `Filter ${name} wordt niet ondersteund`,
  valueUnreadable: (name: string, value: string) =>
    `Filter ${name} met waarde '${value}' is onleesbaar en wordt niet overgenomen`,
  categoryUnknown: (key: string) =>
    `Categorie '${key}' is onbekend; er wordt in alle categorieën gezocht`,
  subcategoryUnsupported: (key: string, parent: string) =>
    `Subcategorie '${key}' wordt niet ondersteund; er wordt gezocht in ${parent}`,
  distanceRounded: (km: number, chosen: number) =>
    `Afstand ${km} km bestaat hier niet; ${chosen} km gekozen`,
  distanceTooLarge: (km: number) =>
    `Afstand ${km} km wordt niet ondersteund; er wordt in het hele land gezocht`,
  distanceWithoutPostalCode: 'Een afstand zonder postcode wordt niet overgenomen',
  postalCodeInvalid: (code: string, platform: string) =>
    `Postcode '${code}' is geen geldige postcode voor ${platform}`,
  priceOutOfRange: (name: string, message: string) => `${name}: ${message}`,
  carFilterOutsideCars: (name: string) => `Filter ${name} geldt alleen voor Auto's`,
  languageUnsupported: (value: string) => `Filter Taal (${value}) wordt niet ondersteund`,
  titleOnlyUnsupported: 'Alleen in titels zoeken wordt niet ondersteund',

  /* ---------- Parts an alert does not need ---------- */
  sortIgnored: 'Sortering is niet nodig: een alarm meldt nieuwe advertenties zodra ze verschijnen',
  offeredSinceIgnored:
    'Aangeboden sinds is niet nodig: een alarm meldt alleen advertenties die na het aanmaken verschijnen',
  pageIgnored: 'Het paginanummer wordt genegeerd',
  queryParameterIgnored: (name: string) => `Parameter '${name}' wordt genegeerd`,

  /* ---------- Per form ---------- */
  notInGuestForm: (name: string) =>
    `${name} kan alleen in het formulier voor accounts; niet overgenomen`,
  locked: (name: string, message: string) => `${name}: ${message}`,
  searchTermMissing: 'De link heeft geen zoekterm: vul er zelf een in.',
  fieldNames: {
    searchTerm: 'Zoekterm',
    minPrice: 'Minimumprijs',
    maxPrice: 'Maximumprijs',
    category: 'Categorie',
    conditions: 'Staat',
    deliveryMethod: 'Levering',
    carFilters: 'Autofilters',
    mileageFrom: 'Kilometerstand vanaf',
    mileageTo: 'Kilometerstand tot',
    constructionYearFrom: 'Bouwjaar vanaf',
    constructionYearTo: 'Bouwjaar tot',
  },

  /* ---------- The link field ---------- */
  label: 'Plak een zoeklink van Marktplaats of 2dehands',
  hint: 'Zoek op marktplaats.nl of 2dehands.be, kopieer het adres van de zoekresultaten en plak het hier: het formulier vult zich.',
  submit: 'Overnemen',
  filled: 'Het formulier is ingevuld met de zoeklink. Controleer de velden.',
  notTakenOver: 'Niet overgenomen:',
} as const;
