import { SCHEDULE_TEXTS } from '@prijsalarm/core';
import { describe, expect, it } from 'vitest';
import { formatDigestMessage } from './digest-format';
import { TELEGRAM_MESSAGE_LIMIT, type ListingForMessage } from './format';

const listing = (title: string, index = 0): ListingForMessage => ({
  platform: 'marktplaats',
  title,
  priceCents: 1_000 + index,
  priceType: 'FIXED',
  imageUrls: [],
  url: `https://www.marktplaats.nl/v/fietsen/m${2_100_000_000 + index}-fiets`,
  location: { cityName: null, distanceMeters: null },
});

/** What the user sees once Telegram parsed the HTML. */
const visible = (html: string) =>
  html
    .replace(/<[^>]+>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');

describe('formatDigestMessage', () => {
  it('heads with the count, names each group of alerts, escapes marketplace text', () => {
    const message = formatDigestMessage([
      { alertNames: ['fiets'], listings: [listing('Gazelle <b>rood</b> & mooi', 1)] },
      { alertNames: ['fiets', 'gazelle'], listings: [listing('Batavus', 2)] },
    ]);
    expect(message.photoUrl).toBeNull();
    expect(message.text).toContain('Gazelle &lt;b&gt;rood&lt;/b&gt; &amp; mooi');
    expect(message.text).not.toContain('<b>rood</b>');
    const text = visible(message.text);
    expect(text.split('\n')[0]).toBe(SCHEDULE_TEXTS.telegram.heading(2));
    expect(text).toContain('Gazelle <b>rood</b> & mooi');
    expect(text).toContain('Batavus');
  });

  it('stays within 4096 visible characters and counts what did not fit', () => {
    const listings = Array.from({ length: 300 }, (_, index) =>
      listing(`${'Heel lange titel '.repeat(10)}${index}`, index),
    );
    const message = formatDigestMessage([{ alertNames: ['fiets'], listings }]);
    const text = visible(message.text);
    expect(text.length).toBeLessThanOrEqual(TELEGRAM_MESSAGE_LIMIT);
    const shown = (text.match(/^• /gm) ?? []).length;
    expect(shown).toBeGreaterThan(10);
    expect(text).toContain(SCHEDULE_TEXTS.telegram.more(300 - shown));
  });
});
