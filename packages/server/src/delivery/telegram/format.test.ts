import { describe, expect, it } from 'vitest';
import { parseTelegramHtml } from '../../../../../tests/doubles/telegram';
import {
  TELEGRAM_CAPTION_LIMIT,
  TELEGRAM_MESSAGE_LIMIT,
  formatListingMessage,
  truncateText,
  type ListingForMessage,
} from './format';

function listing(overrides: Partial<ListingForMessage> = {}): ListingForMessage {
  return {
    platform: 'marktplaats',
    title: 'iPhone 13 128GB',
    priceCents: 45_000,
    priceType: 'FIXED',
    imageUrls: ['https://images.marktplaats.com/api/v1/listing-mp-p/images/22/221432d0.jpg'],
    url: 'https://www.marktplaats.nl/v/telecommunicatie/m2123456789-iphone-13',
    location: { cityName: 'Amsterdam', distanceMeters: 12_400 },
    ...overrides,
  };
}

/** What the user reads, as Telegram parses the HTML (the double's parser). */
const seen = (html: string) => parseTelegramHtml(html);

describe('truncateText', () => {
  it.each([
    ['short', 10, 'short'],
    ['exactly10!', 10, 'exactly10!'],
    ['eleven char', 10, 'eleven ch…'],
    // An emoji is two UTF-16 units: never cut in half.
    ['ab😀😀😀', 4, 'ab…'],
  ])('%j to %i units gives %j', (text, max, expected) => {
    const cut = truncateText(text, max);
    expect(cut).toBe(expected);
    expect(cut.length).toBeLessThanOrEqual(max);
  });
});

describe('formatListingMessage', () => {
  it('shows title, price, place, distance, the alert and a link to the ad', () => {
    const message = formatListingMessage(listing(), ['iPhone 13']);
    const text = seen(message.text);
    expect(text.text).toBe(
      [
        'iPhone 13 128GB',
        '€ 450,00',
        'Amsterdam · 12 km',
        'Voor je alert: "iPhone 13"',
        'Bekijk op Marktplaats',
      ].join('\n'),
    );
    expect(text.entities).toContainEqual({
      type: 'text_link',
      offset: text.text.indexOf('Bekijk'),
      length: 'Bekijk op Marktplaats'.length,
      url: listing().url,
    });
    expect(text.entities).toContainEqual({ type: 'bold', offset: 0, length: 15 });
    expect(seen(message.caption).text).toBe(text.text);
    expect(message.photoUrl).toBe(listing().imageUrls[0]);
  });

  it.each([
    [['iPhone 13'], 'Voor je alert: "iPhone 13"'],
    [['iPhone 13', 'iPhone'], 'Voor je alerts: "iPhone 13", "iPhone"'],
    [['iPhone', 'iPhone'], 'Voor je alert: "iPhone"'],
  ])('names the alerts %j', (names, line) => {
    expect(seen(formatListingMessage(listing(), names).text).text.split('\n')).toContain(line);
  });

  it('escapes every marketplace value, so markup in an ad arrives as text', () => {
    const message = formatListingMessage(
      listing({
        title: '<b>iPhone</b> & "co"',
        location: { cityName: "Den <Haag> & 's-Hertogenbosch", distanceMeters: null },
        url: 'https://www.marktplaats.nl/v/a?x=1&y="2"',
      }),
      ['<i>alert</i> &amp;'],
    );
    const text = seen(message.text);
    const lines = text.text.split('\n');
    expect(lines[0]).toBe('<b>iPhone</b> & "co"');
    expect(lines[2]).toBe("Den <Haag> & 's-Hertogenbosch");
    expect(lines[3]).toBe('Voor je alert: "<i>alert</i> &amp;"');
    // Only the formatting the message itself adds: bold title, italic alerts line, the link.
    expect(text.entities.map((entity) => entity.type)).toEqual(['bold', 'italic', 'text_link']);
    expect(text.entities[2]?.url).toBe('https://www.marktplaats.nl/v/a?x=1&y="2"');
    expect(message.text).toContain('&lt;b&gt;iPhone&lt;/b&gt; &amp; &quot;co&quot;');
  });

  it('puts title and place on one line each, whatever whitespace the ad has', () => {
    const text = seen(
      formatListingMessage(
        listing({
          title: 'Fiets\n\n<script>\talert(1)',
          location: { cityName: ' Utrecht\n', distanceMeters: 500 },
        }),
        [],
      ).text,
    ).text;
    expect(text.split('\n').slice(0, 3)).toEqual([
      'Fiets <script> alert(1)',
      '€ 450,00',
      'Utrecht · Minder dan 1 km',
    ]);
  });

  it.each([
    [
      'no place and no distance',
      { cityName: null, distanceMeters: -1000 },
      'Voor je alert: "fiets"',
    ],
    ['a distance only', { cityName: null, distanceMeters: 3000 }, '3 km'],
  ])('leaves out what is unknown: %s', (_case, location, thirdLine) => {
    const lines = seen(formatListingMessage(listing({ location }), ['fiets']).text).text.split(
      '\n',
    );
    expect(lines[2]).toBe(thirdLine);
  });

  it.each([
    ['no images', [], null],
    ['only http images', ['http://images.example/a.jpg'], null],
    ['an https image after an http one', ['http://a/1.jpg', 'https://b/2.jpg'], 'https://b/2.jpg'],
  ])('photo with %s', (_case, imageUrls, photoUrl) => {
    expect(formatListingMessage(listing({ imageUrls }), ['x']).photoUrl).toBe(photoUrl);
  });

  it.each([['javascript:alert(1)'], ['not a url']])(
    'links no ad url that is not http(s): %s',
    (url) => {
      const text = seen(formatListingMessage(listing({ url }), ['x']).text);
      expect(text.text).not.toContain('Bekijk');
      expect(text.entities.some((entity) => entity.type === 'text_link')).toBe(false);
    },
  );

  it.each([
    ['caption', TELEGRAM_CAPTION_LIMIT, true],
    ['text', TELEGRAM_MESSAGE_LIMIT, false],
  ] as const)(
    'keeps the %s within %i characters by cutting long values, never the markup (title cut: %s)',
    (field, limit, titleCut) => {
      const title = `${'Groot & <klein> '.repeat(100)}einde`;
      const message = formatListingMessage(listing({ title }), [
        'iPhone & <b>'.repeat(400),
        'tweede alert',
      ]);
      const text = seen(message[field]);
      expect(text.text.length).toBeLessThanOrEqual(limit);
      expect(text.text.length).toBeGreaterThan(limit - 5);
      const lines = text.text.split('\n');
      expect(lines[0]).toMatch(titleCut ? /^Groot & <klein> .*…$/ : /^Groot & <klein> .* einde$/);
      expect(lines.slice(1, 3)).toEqual(['€ 450,00', 'Amsterdam · 12 km']);
      expect(lines[3]).toMatch(/^Voor je alerts: "iPhone & <b>iPhone & <b>.*…$/);
      expect(lines[4]).toBe('Bekijk op Marktplaats');
      expect(text.entities.map((entity) => entity.type)).toEqual(['bold', 'italic', 'text_link']);
    },
  );

  it('leaves a message that fits untouched', () => {
    const message = formatListingMessage(listing({ title: 'x'.repeat(1000) }), ['fiets']);
    expect(seen(message.text).text).toContain('x'.repeat(1000));
    expect(seen(message.caption).text).toContain('…');
  });
});

describe('a price drop', () => {
  it('reads "Prijsdaling: <titel> van €X naar €Y" with the old price struck through, escaped', () => {
    const message = formatListingMessage(
      listing({ title: '<b>Fiets</b>', priceCents: 9_950, previousPriceCents: 12_000 }),
      ['fiets'],
    );
    const text = seen(message.text);
    const lines = text.text.split('\n');
    expect(lines[0]).toBe('Prijsdaling: <b>Fiets</b> van € 120,00 naar € 99,50');
    expect(lines[1]).toBe('Was € 120,00 nu € 99,50');
    expect(text.entities.map((entity) => entity.type).slice(0, 3)).toEqual([
      'bold',
      'strikethrough',
      'bold',
    ]);
  });
});
