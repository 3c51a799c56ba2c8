/**
 * The company behind Prijsalarm, as the footer, the legal pages, receipts and mails show it. A
 * receipt must name the seller's address, KvK and btw-nummer; one place, so a change reaches every
 * client and every mail at once.
 */
export const COMPANY = {
  legalName: 'Prijsalarm B.V.',
  tradeName: 'Prijsalarm',
  contactEmail: 'info@prijsalarm.nl',
  privacyEmail: 'privacy@prijsalarm.nl',
  streetAddress: 'Oudegracht 231',
  postalCode: '3511 NK',
  city: 'Utrecht',
  country: 'Nederland',
  chamberOfCommerceNumber: '90125148',
  vatNumber: 'NL865093742B01',
} as const;

/** 'Oudegracht 231, 3511 NK Utrecht' */
export const COMPANY_ADDRESS = `${COMPANY.streetAddress}, ${COMPANY.postalCode} ${COMPANY.city}`;
