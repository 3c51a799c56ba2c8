/**
 * The webhook documentation in the FAQ (web /faq#webhooks) and the README: the body, the
 * signature and how a receiver checks it. Written once here so the page and the rules agree.
 */
import { WEBHOOK_RULES, WEBHOOK_SIGNATURE_HEADER, type WebhookPayload } from './rules';

export const WEBHOOK_EXAMPLE_PAYLOAD: WebhookPayload = {
  id: '3f1c8a52-7d0e-4b7e-9a61-2f5d9c1e8b40',
  kind: 'new',
  createdAt: '2026-11-24T15:04:05.000Z',
  alert: { id: '9b2e4c1a-0f3d-4e5a-8c7b-6d1f2a3b4c5d', searchTerm: 'gazelle fiets' },
  listing: {
    id: 'm2212345678',
    platform: 'marktplaats',
    title: 'Gazelle Orange C7, 53 cm',
    location: 'Utrecht',
    imageUrls: ['https://images.marktplaats.com/api/v1/listing-mp-p/images/ab/abc.jpg'],
    postedAt: '2026-11-24T15:01:00.000Z',
  },
  price: { cents: 45000, currency: 'EUR', type: 'FIXED', previousCents: null },
  url: 'https://www.marktplaats.nl/v/fietsen-en-brommers/fietsen-dames-damesfietsen/m2212345678-gazelle-orange-c7',
};

const NODE_EXAMPLE = `import { createHmac, timingSafeEqual } from 'crypto';

// rawBody: de body precies zoals hij binnenkwam (niet opnieuw als JSON geschreven)
function isFromPrijsalarm(rawBody, header, secret) {
  const match = /^t=(\\d+),v1=([0-9a-f]{64})$/.exec(header ?? '');
  if (!match) return false;
  const [, t, v1] = match;
  if (Math.abs(Date.now() / 1000 - Number(t)) > ${WEBHOOK_RULES.signatureToleranceSeconds}) return false;
  const expected = createHmac('sha256', secret).update(\`\${t}.\${rawBody}\`).digest();
  return timingSafeEqual(expected, Buffer.from(v1, 'hex'));
}`;

export const WEBHOOK_DOCS = {
  anchor: 'webhooks',
  heading: 'Webhooks: de melding en de handtekening',
  intro: `Met een webhook stuurt Prijsalarm elke nieuwe advertentie van je alerts als JSON naar je eigen https-adres (voor geregistreerde en Pro-gebruikers, hoogstens ${WEBHOOK_RULES.maxPerUser} adressen). Je stelt ze in bij Mijn account → Integraties.`,
  bodyHeading: 'De melding',
  bodyText:
    'Elke melding is een POST met Content-Type application/json. "kind" is "new" voor een nieuwe advertentie, "price_drop" voor een prijsdaling (dan staat de vorige prijs in price.previousCents) en "test" voor de testknop. Prijzen staan in eurocenten; price.cents is null als de advertentie geen vaste prijs heeft. Gebruik "id" om een herhaalde melding te herkennen.',
  exampleBody: JSON.stringify(WEBHOOK_EXAMPLE_PAYLOAD, null, 2),
  signatureHeading: 'De handtekening controleren',
  signatureText: `Elke melding heeft de header ${WEBHOOK_SIGNATURE_HEADER}: t=<unix-tijd>,v1=<handtekening>. De handtekening is de HMAC-SHA256 (hex) van de tekst "<t>.<body>" met je geheime sleutel. Reken hem zelf na met de body precies zoals je hem ontving, vergelijk in constante tijd, en weiger een melding waarvan t meer dan ${WEBHOOK_RULES.signatureToleranceSeconds / 60} minuten van je klok afwijkt: zo kan niemand een oude melding opnieuw afspelen.`,
  exampleCode: NODE_EXAMPLE,
  retriesHeading: 'Antwoorden en nieuwe pogingen',
  retriesText: `Antwoord binnen ${WEBHOOK_RULES.timeoutMs / 1000} seconden met een 2xx-status. Bij een andere status, een doorverwijzing (die volgen we niet) of geen antwoord proberen we het opnieuw, steeds later (tot een uur ertussen), ${WEBHOOK_RULES.retryWindowHours} uur lang. Blijft je webhook al die tijd fouten geven, dan zetten we hem uit en krijg je een e-mail. Van je antwoord bewaren we alleen de status en de eerste ${WEBHOOK_RULES.excerptLength} tekens.`,
} as const;
