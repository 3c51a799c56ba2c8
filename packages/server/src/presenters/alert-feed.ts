/**
 * An alert's private feed as RSS 2.0: its latest matches, newest first, for
 * feed readers and automations. Everything from the marketplace is untrusted text and is escaped
 * (lib/xml.ts); a description is HTML to most readers, so its text is escaped for HTML first and
 * then for XML, and a reader shows `<b>` as those three characters instead of rendering it.
 */
import {
  ALERT_FEED_DESCRIPTION_LENGTH,
  ALERT_FEED_ITEM_LIMIT,
  ALERT_FEED_TEXTS,
  RETENTION_TEXTS,
} from '@prijsalarm/core';
import { formatPlace, formatPrice, isWebUrl, oneLine, truncateText } from '../lib/listing-text';
import { escapeXml, xmlElement } from '../lib/xml';
import type { Notification } from '../models';

export type FeedNotification = Pick<
  Notification,
  | 'id'
  | 'title'
  | 'url'
  | 'priceCents'
  | 'priceType'
  | 'location'
  | 'distanceMeters'
  | 'description'
  | 'createdAt'
>;

export interface AlertFeed {
  searchTerm: string;
  /** The feed's own URL (atom:link rel=self). */
  feedUrl: string;
  /**
   * The channel's link: the public site. Never the manage link, which would let whoever reads
   * the feed change or delete the alert.
   */
  siteUrl: string;
  /** Newest first; more than the limit are left out. */
  notifications: readonly FeedNotification[];
  /**
   * lastBuildDate while there is no item yet: the alert's creation, so an unchanged feed reads
   * the same and a polling reader gets its 304.
   */
  createdAt: Date;
  /** Days its notifications are kept (the owner's plan), said in the description. */
  keptDays: number;
}

const RSS_NAMESPACES = 'version="2.0" xmlns:atom="http://www.w3.org/2005/Atom"';

/** RFC 822 as RSS 2.0 wants it: 'Tue, 24 Nov 2026 13:29:53 GMT'. */
const rfc822 = (date: Date) => date.toUTCString();

/** Plain text as HTML (the description's content), to be escaped for XML once more. */
const asHtml = (text: string) => escapeXml(text);

function itemDescription(notification: FeedNotification): string {
  const text = notification.description ? oneLine(notification.description) : '';
  return [
    formatPrice(notification.priceCents, notification.priceType),
    formatPlace(notification.location, notification.distanceMeters),
    text ? truncateText(text, ALERT_FEED_DESCRIPTION_LENGTH) : null,
  ]
    .filter((part): part is string => Boolean(part))
    .join(ALERT_FEED_TEXTS.itemSeparator);
}

function renderItem(notification: FeedNotification): string {
  // Only http(s) links: a reader would follow a `javascript:` link as readily as any other.
  const link = isWebUrl(notification.url) ? xmlElement('link', notification.url) : '';
  return [
    '<item>',
    xmlElement('title', oneLine(notification.title)),
    link,
    xmlElement('description', asHtml(itemDescription(notification))),
    `<guid isPermaLink="false">${escapeXml(notification.id)}</guid>`,
    xmlElement('pubDate', rfc822(notification.createdAt)),
    '</item>',
  ]
    .filter(Boolean)
    .join('');
}

export function renderAlertFeed(feed: AlertFeed): string {
  const { channel } = ALERT_FEED_TEXTS;
  const notifications = feed.notifications.slice(0, ALERT_FEED_ITEM_LIMIT);
  const lastBuild = notifications[0]?.createdAt ?? feed.createdAt;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<rss ${RSS_NAMESPACES}>`,
    '<channel>',
    xmlElement('title', channel.title(feed.searchTerm)),
    xmlElement('link', feed.siteUrl),
    xmlElement(
      'description',
      asHtml(
        `${channel.description(feed.searchTerm, ALERT_FEED_ITEM_LIMIT)} ${RETENTION_TEXTS.screens.feed(feed.keptDays)}`,
      ),
    ),
    xmlElement('language', 'nl-NL'),
    xmlElement('lastBuildDate', rfc822(lastBuild)),
    `<atom:link href="${escapeXml(feed.feedUrl)}" rel="self" type="application/rss+xml"/>`,
    ...notifications.map(renderItem),
    '</channel>',
    '</rss>',
    '',
  ].join('\n');
}
