/**
 * New ads for one recipient from one check: every ad once, grouped by the alert(s) it matched
 * (an ad two alerts of the recipient matched sits in a group naming both). Every marketplace value
 * is escaped (html.ts) and shortened to one line; only http(s) links and https photos are used.
 */
import {
  ALERT_MAIL_TEXTS,
  formatCalendarMoment,
  formatEuroCents,
  MAIL_TEXTS,
  PLATFORMS,
  PRICE_DROP_TEXTS,
  type PlatformId,
} from '@prijsalarm/core';
import { formatPlace, formatPrice, isWebUrl, oneLine, truncateText } from '../../lib/listing-text';
import { block, snippet } from '../design/markup';
import { html, safeUrl, type SafeHtml } from '../html';
import {
  greeting,
  heading,
  layout,
  link,
  paragraph,
  smallPrint,
  type TemplateContext,
} from './layout';

/** Titles longer than this are cut in the mail (the ad itself has the full text). */
const TITLE_MAX_LENGTH = 200;

export interface MailListing {
  platform: PlatformId;
  title: string;
  priceCents: number | null;
  priceType: string;
  url: string;
  imageUrls: readonly string[];
  cityName: string | null;
  distanceMeters: number | null;
  /** When the seller placed the ad; null when the marketplace did not say. */
  postedAt: Date | null;
  /** When Prijsalarm found it: said instead when the posting time is unknown. */
  foundAt: Date;
  /** A price drop: the price before it, shown struck through. */
  previousPriceCents?: number | null;
}

export interface NewListingsGroup {
  /** The alerts (their search terms) every ad of this group matched. */
  searchTerms: string[];
  listings: MailListing[];
}

export interface NewListingsData {
  name?: string | null;
  /** When the mail is written: 'vandaag' and 'gisteren' count from here. */
  now: Date;
  groups: NewListingsGroup[];
  /** Each alert in the mail with its manage link (change, pause, delete). */
  alerts: { searchTerm: string; manageUrl: string }[];
  /**
   * A digest (an alert's schedule held these ads back): its own subject and intro,
   * and how many more ads than the mail lists wait in the notification centre.
   */
  digest?: { total: number; more: number; moreText: string; moreUrl: string } | null;
}

function platformName(platform: PlatformId): string {
  return PLATFORMS[platform]?.name ?? platform;
}

function facts(listing: MailListing, now: Date) {
  return {
    title: truncateText(oneLine(listing.title), TITLE_MAX_LENGTH),
    price: formatPrice(listing.priceCents, listing.priceType),
    place: formatPlace(listing.cityName, listing.distanceMeters),
    url: isWebUrl(listing.url) ? listing.url : null,
    photo: listing.imageUrls.find((url) => url.startsWith('https://') && isWebUrl(url)) ?? null,
    /** 'Marktplaats · geplaatst vandaag 14:05' */
    source: `${platformName(listing.platform)} · ${
      listing.postedAt
        ? ALERT_MAIL_TEXTS.postedAt(formatCalendarMoment(listing.postedAt, now))
        : ALERT_MAIL_TEXTS.foundAt(formatCalendarMoment(listing.foundAt, now))
    }`,
    previousPrice:
      listing.previousPriceCents == null ? null : formatEuroCents(listing.previousPriceCents),
  };
}

type AdFacts = ReturnType<typeof facts>;

/** The price line: a drop shows the previous price struck through before the new one. */
function priceHtml(ad: AdFacts): SafeHtml {
  if (ad.previousPrice === null) return snippet('price', { price: ad.price });
  return snippet('priceDrop', {
    was: PRICE_DROP_TEXTS.previousPrice,
    previous: ad.previousPrice,
    price: ad.price,
  });
}

/** A mail of drops only: its subject names the drop ('Prijsdaling: <titel> van €X naar €Y'). */
function dropSubject(listings: readonly MailListing[]): string | null {
  if (listings.length === 0 || listings.some((l) => l.previousPriceCents == null)) return null;
  const [first] = listings;
  if (listings.length > 1 || first!.priceCents === null)
    return PRICE_DROP_TEXTS.mailSubjectMany(listings.length);
  return PRICE_DROP_TEXTS.title(
    truncateText(oneLine(first!.title), TITLE_MAX_LENGTH),
    first!.previousPriceCents!,
    first!.priceCents,
  );
}

/** One ad: its photo or the no-photo square, title, price, where, when, and its one button. */
function listingHtml(ad: AdFacts): SafeHtml {
  const url = ad.url ? safeUrl(ad.url) : null;
  return snippet('ad', {
    photo: ad.photo
      ? snippet('photo', { src: ad.photo })
      : snippet('noPhoto', { label: ALERT_MAIL_TEXTS.noPhoto }),
    title: url ? snippet('adTitle', { url, title: ad.title }) : ad.title,
    price: priceHtml(ad),
    facts: ad.place ? html`${ad.place}<br />${ad.source}` : ad.source,
    button: url ? snippet('adButton', { url, label: ALERT_MAIL_TEXTS.viewListing }) : '',
  });
}

function listingText(ad: AdFacts): string {
  return [
    `- ${ad.title}`,
    `  ${[ad.previousPrice ? `${PRICE_DROP_TEXTS.previousPrice} ${ad.previousPrice}, ${PRICE_DROP_TEXTS.nowPrice.toLowerCase()} ${ad.price}` : ad.price, ad.place].filter(Boolean).join(' · ')}`,
    `  ${ad.source}`,
    ad.url ? `  ${ad.url}` : '',
  ]
    .filter(Boolean)
    .join('\n');
}

export function newListings(data: NewListingsData, context: TemplateContext) {
  const count = data.groups.reduce((sum, group) => sum + group.listings.length, 0);
  const searchTerms = [...new Set(data.groups.flatMap((group) => group.searchTerms))];
  const listings = data.groups.flatMap((group) => group.listings);
  // A digest names itself; otherwise a mail of drops only says so in its subject.
  const digest = data.digest ?? null;
  const drops = digest ? null : dropSubject(listings);
  const intro = digest
    ? MAIL_TEXTS.digest.intro(digest.total)
    : drops === null
      ? ALERT_MAIL_TEXTS.intro(count)
      : PRICE_DROP_TEXTS.mailIntro(count);
  const subject = digest
    ? MAIL_TEXTS.digest.subject(digest.total)
    : (drops ?? ALERT_MAIL_TEXTS.subject(count, searchTerms));
  const moreLine = digest && digest.more > 0 ? digest : null;

  // Each ad's facts once, for the HTML and the text.
  const groups = data.groups.map((group) => ({
    title: ALERT_MAIL_TEXTS.forAlerts(group.searchTerms),
    ads: group.listings.map((listing) => facts(listing, data.now)),
  }));
  const groupsHtml = groups.map((group) => [
    heading(group.title),
    block('ads', { ads: group.ads.map(listingHtml) }),
  ]);
  const manageHtml = smallPrint(
    data.alerts.map((alert, index) => [
      index > 0 ? html`<br />` : '',
      link(alert.manageUrl, ALERT_MAIL_TEXTS.manageAlert(alert.searchTerm)),
    ]),
  );

  return layout(
    {
      subject,
      preheader: intro,
      body: html`${paragraph(greeting(data.name))}${paragraph(intro)}${groupsHtml}${
        moreLine
          ? paragraph(
              html`${moreLine.moreText}<br />${link(moreLine.moreUrl, MAIL_TEXTS.digest.moreLink)}`,
            )
          : ''
      }${block('divider', {})}${manageHtml}${smallPrint(ALERT_MAIL_TEXTS.footer)}`,
      textParagraphs: [
        greeting(data.name),
        intro,
        ...groups.map((group) => [group.title, ...group.ads.map(listingText)].join('\n\n')),
        ...(moreLine ? [`${moreLine.moreText}\n${moreLine.moreUrl}`] : []),
        ...data.alerts.map(
          (alert) => `${ALERT_MAIL_TEXTS.manageAlert(alert.searchTerm)}:\n${alert.manageUrl}`,
        ),
        ALERT_MAIL_TEXTS.footer,
      ],
      links: [
        ...data.groups.flatMap((group) =>
          group.listings.map((listing) => listing.url).filter(isWebUrl),
        ),
        ...(moreLine ? [moreLine.moreUrl] : []),
        ...data.alerts.map((alert) => alert.manageUrl),
      ],
    },
    context,
  );
}
