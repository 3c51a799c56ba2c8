/**
 * The Dutch messages of the input rules in this folder: the generic field texts and the account
 * forms' (VALIDATION_TEXTS), and the alert form's fields (ALERT_FIELD_TEXTS). The server answers
 * with them and the forms show them before sending. Keep a parameterised text a function.
 */

/** Generic field texts (zod's own issues, messages.ts) and the account and contact forms. */
export const VALIDATION_TEXTS = {
  required: 'Dit veld is verplicht',
  invalidValue: 'Ongeldige waarde',
  invalidChoice: 'Ongeldige keuze',
  unknownField: 'Onbekend veld',
  wholeNumber: 'Vul een geheel getal in',
  tooShort: (min: number) => `Moet minimaal ${min} tekens bevatten`,
  tooLong: (max: number) => `Mag maximaal ${max} tekens bevatten`,
  numberTooSmall: (min: number) => `Moet minimaal ${min} zijn`,
  numberTooBig: (max: number) => `Mag maximaal ${max} zijn`,
  tooFewItems: (min: number) => `Kies er minimaal ${min}`,
  tooManyItems: (max: number) => `Kies er maximaal ${max}`,
  duplicateItems: 'Elke waarde mag maar één keer voorkomen',
  invalidDate: 'Vul een geldige datum in (JJJJ-MM-DD)',
  currencyInvalid: 'Vul een valutacode van drie hoofdletters in, bijvoorbeeld EUR',
  dateRangeInverted: 'De einddatum mag niet voor de begindatum liggen',
  passwordRequired: 'Wachtwoord is verplicht',
  passwordTooShort: (min: number) => `Wachtwoord moet minimaal ${min} tekens bevatten`,
  passwordTooLong: (max: number) => `Wachtwoord mag maximaal ${max} tekens bevatten`,
  currentPasswordRequired: 'Huidig wachtwoord is verplicht',
  newPasswordSameAsCurrent: 'Het nieuwe wachtwoord moet anders zijn dan je huidige wachtwoord',
  nameRequired: 'Naam is verplicht',
  subjectRequired: 'Onderwerp is verplicht',
  messageRequired: 'Bericht is verplicht',
  messageTooLong: (max: number) => `Bericht mag maximaal ${max} tekens bevatten`,
  telegramCodeRequired: 'Vul de koppelcode in',
  planInvalid: 'Kies een geldig plan',
  controlCharacters: 'Mag geen onzichtbare stuurtekens bevatten',
} as const;

/**
 * The alert form's fields: each field's message, the condition and fuel labels, the whole-country
 * choice, the submit button and its failures.
 */
export const ALERT_FIELD_TEXTS = {
  submit: 'Alert aanmaken',
  searchTermRequired: 'Zoekterm is verplicht',
  searchTermNoAngleBrackets: 'Zoekterm mag geen < of > bevatten',
  searchTermTooLong: 'Zoekterm mag maximaal 500 tekens bevatten',
  emailRequired: 'E-mailadres is verplicht',
  emailInvalid: 'Ongeldig e-mailadres',
  priceInvalid: 'Vul een geldig bedrag in, bijv. 400 of 1.000,50',
  priceSeparators: 'Schrijf duizendtallen met een punt en centen met een komma, bijv. 1.000,50',
  priceTooLow: 'Prijs mag niet negatief zijn',
  priceTooHigh: 'Prijs mag maximaal € 9.999.999 zijn',
  minAboveMax: 'Minimumprijs mag niet hoger zijn dan de maximumprijs',
  postalCodeInvalid: 'Ongeldige postcode',
  postalCodeInvalidExample: (examples: string) => `Ongeldige postcode, bijv. ${examples}`,
  distanceInvalid: 'Kies een geldige afstand',
  distanceNeedsPostalCode: 'Vul eerst een postcode in om een afstand te kiezen',
  wholeCountry: 'Heel het land',
  platformRequired: 'Kies een platform',
  notificationMethodRequired: 'Kies minstens één manier om meldingen te ontvangen',
  createError: 'Er ging iets mis bij het aanmaken van de alert.',
  categoryFiltersLoadError: 'Kon categorie filters niet laden',
  maxAlertsReached: 'Je hebt het maximale aantal alerts voor je plan bereikt.',
  platformsTooMany: 'Kies maximaal twee platformen',
  platformsDuplicate: 'Kies elk platform maar één keer',
  guestOnlyMarktplaats: 'Zonder account kun je alleen een alert voor Marktplaats maken',
  categoryParentRequired: 'Kies eerst een hoofdcategorie',
  mileageInvalid: 'Vul een geldige kilometerstand in',
  mileageMinAboveMax: 'Minimale kilometerstand mag niet hoger zijn dan de maximale',
  yearInvalid: 'Vul een geldig bouwjaar in',
  yearMinAboveMax: 'Bouwjaar vanaf mag niet later zijn dan bouwjaar tot',
  excludeWordEmpty: 'Een uitgesloten woord mag niet leeg zijn',
  excludeWordTooLong: (max: number) => `Een uitgesloten woord mag maximaal ${max} tekens bevatten`,
  excludeWordsTooMany: (max: number) => `Je kunt maximaal ${max} woorden uitsluiten`,
  conditionLabels: {
    new: 'Nieuw',
    as_good_as_new: 'Zo goed als nieuw',
    used: 'Gebruikt',
    refurbished: 'Refurbished',
    not_working: 'Niet werkend',
  },
  fuelLabels: {
    petrol: 'Benzine',
    diesel: 'Diesel',
    electric: 'Elektrisch',
    hybrid_petrol: 'Hybride Elektrisch/Benzine',
    hybrid_diesel: 'Hybride Elektrisch/Diesel',
    lpg: 'LPG',
    cng: 'CNG',
    hydrogen: 'Waterstof',
    other: 'Overige brandstoffen',
  },
} as const;
