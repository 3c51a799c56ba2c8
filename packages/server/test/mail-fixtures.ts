/**
 * Invented, realistic data for every mail (no real person's ad): ads of both platforms with and
 * without photo, a price drop, bids, long titles and a hostile one, and one example per template.
 */
import type { PlatformId } from '@prijsalarm/core';
import type { MailListing, MailTemplateData, MailTemplateName } from '../src/mail/templates';

export const MAIL_PUBLIC_URL = 'https://prijsalarm.example';
/** The moment the example mails are written: Sunday 29 November 2026, 14:30 Dutch time. */
export const MAIL_NOW = new Date('2026-11-29T13:30:00Z');

const MINUTE = 60_000;

interface AdSeed {
  title: string;
  slug: string;
  category: string;
  priceCents: number | null;
  priceType?: string;
  city: string;
  distanceKm: number | null;
  /** Minutes before MAIL_NOW the ad was placed; null: the marketplace did not say. */
  postedMinutesAgo: number | null;
  photo: boolean;
  platform?: PlatformId;
  previousPriceCents?: number;
}

const SEEDS: readonly AdSeed[] = [
  {
    title: 'Gazelle Chamonix C7 damesfiets 57 cm, nieuwe banden',
    slug: 'gazelle-chamonix-c7-damesfiets-57-cm',
    category: 'fietsen-en-brommers/fietsen-dames-damesfietsen',
    priceCents: 32_500,
    city: 'Utrecht',
    distanceKm: 4,
    postedMinutesAgo: 25,
    photo: true,
  },
  {
    title: 'Sony WH-1000XM4 koptelefoon zwart met hoes',
    slug: 'sony-wh-1000xm4-koptelefoon-zwart',
    category: 'audio-tv-en-foto/koptelefoons',
    priceCents: 14_000,
    city: 'Amersfoort',
    distanceKm: 21,
    postedMinutesAgo: 70,
    photo: true,
    previousPriceCents: 17_500,
  },
  {
    title: 'IKEA Pello fauteuil',
    slug: 'ikea-pello-fauteuil',
    category: 'huis-en-inrichting/stoelen',
    priceCents: null,
    priceType: 'FREE',
    city: 'Zeist',
    distanceKm: 9,
    postedMinutesAgo: null,
    photo: false,
  },
  {
    title: 'Lego Technic 42115 Lamborghini Sián compleet met doos en boekjes',
    slug: 'lego-technic-42115-lamborghini-sian',
    category: 'speelgoed/bouwstenen-lego',
    priceCents: 22_000,
    priceType: 'MIN_BID',
    city: 'Houten',
    distanceKm: 11,
    postedMinutesAgo: 18 * 60,
    photo: true,
  },
  {
    title: 'Philips Hue White and Color starterset E27 (3 lampen + bridge)',
    slug: 'philips-hue-starterset-e27',
    category: 'huis-en-inrichting/lampen',
    priceCents: 9_500,
    city: 'Antwerpen',
    distanceKm: null,
    postedMinutesAgo: 3 * 24 * 60,
    photo: true,
    platform: '2dehands',
  },
  {
    title: 'Nintendo Switch OLED wit + 2 spellen',
    slug: 'nintendo-switch-oled-wit',
    category: 'spelcomputers-en-games/nintendo-switch',
    priceCents: 21_000,
    city: 'Nieuwegein',
    distanceKm: 7,
    postedMinutesAgo: 5,
    photo: true,
  },
  {
    title: 'Vintage teakhouten dressoir jaren 60, 180 cm breed, kleine krasjes op het blad',
    slug: 'vintage-teakhouten-dressoir-jaren-60',
    category: 'antiek-en-kunst/antiek-meubels-kasten',
    priceCents: 45_000,
    city: "'s-Hertogenbosch",
    distanceKm: 48,
    postedMinutesAgo: 30 * 60,
    photo: true,
  },
  {
    title: 'Kinderzitje Thule Yepp Maxi',
    slug: 'kinderzitje-thule-yepp-maxi',
    category: 'fietsen-en-brommers/fietsaccessoires-fietsstoeltjes',
    priceCents: 4_000,
    city: 'Bunnik',
    distanceKm: 0.6,
    postedMinutesAgo: 140,
    photo: false,
  },
  {
    title: 'Canon EOS 250D met 18-55 mm lens',
    slug: 'canon-eos-250d-met-18-55-mm',
    category: 'audio-tv-en-foto/fotocameras-digitaal',
    priceCents: 38_500,
    city: 'Woerden',
    distanceKm: 26,
    postedMinutesAgo: 8 * 24 * 60,
    photo: true,
  },
  {
    title: 'Bosch accuboormachine 18V met twee accu’s',
    slug: 'bosch-accuboormachine-18v',
    category: 'doe-het-zelf-en-verbouw/gereedschap-boormachines',
    priceCents: 7_500,
    city: 'Culemborg',
    distanceKm: 19,
    postedMinutesAgo: 45,
    photo: true,
  },
];

function adOf(seed: AdSeed, index: number): MailListing {
  const id = 2_198_765_400 + index;
  const hex = (id * 2_654_435_761).toString(16).padStart(12, '0').slice(-12);
  const twoDehands = seed.platform === '2dehands';
  const url = twoDehands
    ? `https://www.2dehands.be/v/${seed.category}/m${id}-${seed.slug}`
    : `https://www.marktplaats.nl/v/${seed.category}/m${id}-${seed.slug}`;
  return {
    platform: seed.platform ?? 'marktplaats',
    title: seed.title,
    priceCents: seed.priceCents,
    priceType: seed.priceType ?? 'FIXED',
    url,
    imageUrls: seed.photo
      ? [
          `https://images.${twoDehands ? '2dehands' : 'marktplaats'}.com/api/v1/listing-mp-p/images/${hex.slice(0, 2)}/${hex}-${index}.jpg?rule=ecg_mp_eps$_82`,
        ]
      : [],
    cityName: seed.city,
    distanceMeters: seed.distanceKm === null ? null : Math.round(seed.distanceKm * 1000),
    postedAt:
      seed.postedMinutesAgo === null
        ? null
        : new Date(MAIL_NOW.getTime() - seed.postedMinutesAgo * MINUTE),
    foundAt: new Date(MAIL_NOW.getTime() - 3 * MINUTE),
    previousPriceCents: seed.previousPriceCents ?? null,
  };
}

/** `count` ads, the ten seeds over again with other ids (a 50-ad digest). */
export function exampleAds(count: number): MailListing[] {
  return Array.from({ length: count }, (_, index) => adOf(SEEDS[index % SEEDS.length]!, index));
}

/** What a hostile seller may type; it must arrive as text. */
export const HOSTILE_TITLE = '<script>alert("x")</script> PS5 "><img src=x onerror=alert(1)>';
export const HOSTILE_PLACE = '<b>Zwolle</b>"><img src=y onerror=alert(2)>';

const manage = (id: string) => `${MAIL_PUBLIC_URL}/alerts/manage/${id}`;

export const NEW_ADS_MAIL: MailTemplateData<'newListings'> = {
  name: 'Sanne',
  now: MAIL_NOW,
  groups: [
    { searchTerms: ['gazelle fiets'], listings: exampleAds(1) },
    { searchTerms: ['koptelefoon', 'sony'], listings: exampleAds(3).slice(1) },
  ],
  alerts: [
    { searchTerm: 'gazelle fiets', manageUrl: manage('b6Qm2xT9') },
    { searchTerm: 'koptelefoon', manageUrl: manage('Kp3Lw8Rz') },
    { searchTerm: 'sony', manageUrl: manage('Sn7Vd4Hc') },
  ],
  digest: null,
};

/** One example per template: the mails a user and support get, with realistic values. */
export const MAIL_EXAMPLES: {
  [N in MailTemplateName]: { name: string; template: N; data: MailTemplateData<N> };
}[MailTemplateName][] = [
  { name: 'new-listings', template: 'newListings', data: NEW_ADS_MAIL },
  {
    name: 'new-listing-single',
    template: 'newListings',
    data: {
      name: null,
      now: MAIL_NOW,
      groups: [{ searchTerms: ['nintendo switch'], listings: exampleAds(6).slice(5) }],
      alerts: [{ searchTerm: 'nintendo switch', manageUrl: manage('Nw5Sx1Qa') }],
      digest: null,
    },
  },
  {
    name: 'price-drop',
    template: 'newListings',
    data: {
      name: 'Sanne',
      now: MAIL_NOW,
      groups: [{ searchTerms: ['koptelefoon'], listings: exampleAds(2).slice(1) }],
      alerts: [{ searchTerm: 'koptelefoon', manageUrl: manage('Kp3Lw8Rz') }],
      digest: null,
    },
  },
  {
    name: 'digest',
    template: 'newListings',
    data: {
      name: 'Sanne',
      now: MAIL_NOW,
      groups: [{ searchTerms: ['fiets', 'lego'], listings: exampleAds(50) }],
      alerts: [
        { searchTerm: 'fiets', manageUrl: manage('Ft2Kq9Lm') },
        { searchTerm: 'lego', manageUrl: manage('Lg8Pw3Zs') },
      ],
      digest: {
        total: 63,
        more: 13,
        moreText: 'Er staan nog 13 advertenties klaar in je meldingencentrum.',
        moreUrl: `${MAIL_PUBLIC_URL}/notifications`,
      },
    },
  },
  {
    name: 'verification',
    template: 'verification',
    data: {
      name: 'Sanne',
      url: `${MAIL_PUBLIC_URL}/verify/Zk3r9Qx_Vt7bL2mN8pW4sY6uA0cE1gH5`,
      validHours: 24,
    },
  },
  {
    name: 'password-reset',
    template: 'passwordReset',
    data: {
      name: 'Sanne',
      url: `${MAIL_PUBLIC_URL}/reset/Pq8vL2_Xw4nR7tY1zK5mB9cD3fG6hJ0`,
      validMinutes: 30,
    },
  },
  {
    name: 'login-link',
    template: 'loginLink',
    data: {
      name: null,
      url: `${MAIL_PUBLIC_URL}/login/link/Lm4kT8_Wq2sV6xZ0aC3eG7iK1nP5rU9`,
      validMinutes: 15,
    },
  },
  {
    name: 'alert-confirmation',
    template: 'alertConfirmation',
    data: {
      searchTerm: 'gazelle fiets',
      confirmUrl: `${MAIL_PUBLIC_URL}/alerts/confirm/Cf6nR1_Ty8uI3oP5aS7dF9gH2jK4lZ0`,
      manageUrl: manage('b6Qm2xT9'),
      validHours: 48,
    },
  },
  {
    name: 'expiry-reminder',
    template: 'expiryReminder',
    data: {
      name: 'Sanne',
      searchTerm: 'gazelle fiets',
      expiresAt: new Date('2026-12-06T09:00:00Z'),
      refreshUrl: `${manage('b6Qm2xT9')}/refresh/Rf3sD7gH1jK5`,
      manageUrl: manage('b6Qm2xT9'),
    },
  },
  {
    name: 'account-exists',
    template: 'accountExists',
    data: {
      name: 'Sanne',
      loginUrl: `${MAIL_PUBLIC_URL}/inloggen`,
      resetUrl: `${MAIL_PUBLIC_URL}/wachtwoord-vergeten`,
    },
  },
  {
    name: 'receipt',
    template: 'receipt',
    data: {
      name: 'Sanne',
      number: 'PA-000042',
      issuedAt: new Date('2026-11-24T10:12:00Z'),
      period: { start: new Date('2026-11-24T10:12:00Z'), end: new Date('2026-12-24T10:12:00Z') },
      description: 'Prijsalarm Pro, 1 maand',
      amountCents: 795,
      currency: 'EUR',
      url: `${MAIL_PUBLIC_URL}/account/abonnement`,
    },
  },
  {
    name: 'renewal-failed',
    template: 'renewalFailed',
    data: {
      name: 'Sanne',
      graceUntil: new Date('2026-12-08T12:00:00Z'),
      url: `${MAIL_PUBLIC_URL}/account/abonnement`,
    },
  },
  {
    name: 'chat-support-notice',
    template: 'chatSupportNotice',
    data: {
      name: 'Joris de Vries',
      email: 'joris@example.nl',
      message:
        'Hoi! Mijn alert voor "racefiets" geeft geen meldingen meer sinds gisteren.\nKunnen jullie even kijken?',
      inboxUrl: `${MAIL_PUBLIC_URL}/admin/chat`,
    },
  },
  {
    name: 'chat-reply',
    template: 'chatReply',
    data: {
      name: 'Joris',
      message:
        'Hoi Joris, we hebben je alert nagekeken: hij stond op gepauzeerd. Hij staat weer aan.',
      chatUrl: `${MAIL_PUBLIC_URL}/?chat=Ch9xQ2wE4rT6`,
    },
  },
  {
    name: 'contact-message',
    template: 'contactMessage',
    data: {
      name: 'Fatima El Amrani',
      email: 'fatima@example.nl',
      subject: 'Factuur op bedrijfsnaam',
      message: 'Goedemiddag,\n\nKan ik mijn bon op mijn bedrijfsnaam krijgen?\n\nGroet, Fatima',
    },
  },
  {
    name: 'webhook-disabled',
    template: 'webhookDisabled',
    data: {
      name: 'Sanne',
      url: 'https://hooks.example.nl/prijsalarm/incoming',
      lastError: 'HTTP 502 Bad Gateway',
      manageUrl: `${MAIL_PUBLIC_URL}/account/integraties`,
    },
  },
];
