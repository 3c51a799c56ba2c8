/**
 * The company details the footer, legal pages and mails show (spec §2 Footer: a contact e-mail and
 * a chamber-of-commerce number). One place, so a change reaches every client at once.
 */
export const COMPANY = {
  legalName: 'Prijsalarm',
  contactEmail: 'info@prijsalarm.nl',
  privacyEmail: 'privacy@prijsalarm.nl',
  chamberOfCommerceNumber: '90125148',
  country: 'Nederland',
} as const;
