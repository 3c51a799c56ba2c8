/**
 * New ads for one recipient from one check: every ad once, grouped by the alert(s) it matched
 * (an ad two alerts of the recipient matched sits in a group naming both). Every marketplace value
 * is escaped by the `html` tag and shortened to one line; only http(s) links and https photos are
 * used.
 */
import {
  formatEuroCents,
  MAIL_TEXTS,
  PLATFORMS,
  PRICE_DROP_TEXTS,
  STRINGS,
  type PlatformId,
} from '@prijsalarm/core';
import { formatPlace, formatPrice, isWebUrl, oneLine, truncateText } from '../../lib/listing-text';
import { html, type SafeHtml } from '../html';
import { greeting, layout, link, paragraph, type TemplateContext } from './layout';

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
  /** A price drop (issue 13 §1): the price before it, shown struck through. */
  previousPriceCents?: number | null;
}

export interface NewListingsGroup {
  /** The alerts (their search terms) every ad of this group matched. */
  searchTerms: string[];
  listings: MailListing[];
}

export interface NewListingsData {
  name?: string | null;
  groups: NewListingsGroup[];
  /** Each alert in the mail with its manage link (change, pause, delete). */
  alerts: { searchTerm: string; manageUrl: string }[];
  /**
   * A digest (an alert's schedule held these ads back, issue 13 §2): its own subject and intro,
   * and how many more ads than the mail lists wait in the notification centre.
   */
  digest?: { total: number; more: number; moreText: string; moreUrl: string } | null;
}

function platformName(platform: PlatformId): string {
  return PLATFORMS[platform]?.name ?? platform;
}

function facts(listing: MailListing) {
  return {
    title: truncateText(oneLine(listing.title), TITLE_MAX_LENGTH),
    price: formatPrice(listing.priceCents, listing.priceType),
    place: formatPlace(listing.cityName, listing.distanceMeters),
    url: isWebUrl(listing.url) ? listing.url : null,
    photo: listing.imageUrls.find((url) => url.startsWith('https://') && isWebUrl(url)) ?? null,
    viewLabel: STRINGS.telegram.viewListing(platformName(listing.platform)),
    previousPrice:
      listing.previousPriceCents == null ? null : formatEuroCents(listing.previousPriceCents),
  };
}

/** The price line: a drop shows the previous price struck through before the new one. */
function priceHtml(ad: ReturnType<typeof facts>): SafeHtml {
  const now = html`<span style="color:#2d7a2d;font-weight:bold">${ad.price}</span>`;
  if (ad.previousPrice === null) return now;
  return html`<span style="color:#777777">${PRICE_DROP_TEXTS.previousPrice}</span>
    <s style="color:#777777">${ad.previousPrice}</s> ${now}`;
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

function listingHtml(listing: MailListing): SafeHtml {
  const ad = facts(listing);
  const title = ad.url
    ? html`<a href="${ad.url}" style="color:#222222;font-weight:bold;text-decoration:none"
        >${ad.title}</a
      >`
    : html`<strong>${ad.title}</strong>`;
  const photo = ad.photo
    ? html`<img
        src="${ad.photo}"
        alt=""
        width="96"
        style="display:block;width:96px;max-height:96px;object-fit:cover;border-radius:4px"
      />`
    : '';
  return html`<tr>
    <td width="104" valign="top" style="padding:8px 8px 8px 0">${photo}</td>
    <td valign="top" style="padding:8px 0">
      ${title}<br />
      ${priceHtml(ad)}
      ${ad.place ? html`<br /><span style="color:#777777;font-size:13px">${ad.place}</span>` : ''}
      ${ad.url ? html`<br />${link(ad.url, ad.viewLabel)}` : ''}
    </td>
  </tr>`;
}

function listingText(listing: MailListing): string {
  const ad = facts(listing);
  return [
    `- ${ad.title}`,
    `  ${[ad.previousPrice ? `${PRICE_DROP_TEXTS.previousPrice} ${ad.previousPrice}, ${PRICE_DROP_TEXTS.nowPrice.toLowerCase()} ${ad.price}` : ad.price, ad.place].filter(Boolean).join(' · ')}`,
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
      ? STRINGS.alertMail.intro(count)
      : PRICE_DROP_TEXTS.mailIntro(count);
  const subject = digest
    ? MAIL_TEXTS.digest.subject(digest.total)
    : (drops ?? STRINGS.alertMail.subject(count, searchTerms));
  const moreLine = digest && digest.more > 0 ? digest : null;

  const groupsHtml = data.groups.map(
    (group) =>
      html`<h2 style="font-size:16px;margin:24px 0 4px">
          ${STRINGS.alertMail.forAlerts(group.searchTerms)}
        </h2>
        <table role="presentation" width="100%" cellpadding="0" cellspacing="0">
          ${group.listings.map(listingHtml)}
        </table>`,
  );
  const manageHtml = data.alerts.map((alert) =>
    paragraph(link(alert.manageUrl, STRINGS.alertMail.manageAlert(alert.searchTerm))),
  );

  return layout(
    {
      subject,
      preheader: intro,
      body: html`${paragraph(greeting(data.name))}${paragraph(intro)}${groupsHtml}
        ${
          moreLine
            ? paragraph(
                html`${moreLine.moreText}<br />${link(moreLine.moreUrl, MAIL_TEXTS.digest.moreLink)}`,
              )
            : ''
        }
        <div style="margin-top:24px;font-size:13px">${manageHtml}</div>
        ${paragraph(html`<span style="font-size:12px;color:#777777">${STRINGS.alertMail.footer}</span>`)}`,
      textParagraphs: [
        greeting(data.name),
        intro,
        ...data.groups.map((group) =>
          [STRINGS.alertMail.forAlerts(group.searchTerms), ...group.listings.map(listingText)].join(
            '\n\n',
          ),
        ),
        ...(moreLine ? [`${moreLine.moreText}\n${moreLine.moreUrl}`] : []),
        ...data.alerts.map(
          (alert) => `${STRINGS.alertMail.manageAlert(alert.searchTerm)}:\n${alert.manageUrl}`,
        ),
        STRINGS.alertMail.footer,
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
