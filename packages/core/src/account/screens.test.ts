import { describe, expect, it } from 'vitest';
import type { DeliveryDto } from '../api/types';
import { describeUserAgent } from './devices';
import { deliveryLines } from './delivery';
import {
  formatListingDistance,
  formatListingPrice,
  isHttpsUrl,
  isWebUrl,
  listingImageUrl,
} from './listing';
import { liveEventsReconnectDelayMs, liveEventsUrl, parseLiveEventMessage } from './liveEvents';
import {
  formatCalendarMoment,
  formatDate,
  formatDayShort,
  formatLongDate,
  formatPeriod,
  formatRelativeTime,
} from './relativeTime';

const NOW = Date.parse('2026-03-02T10:00:00Z');
const MINUTE = 60_000;

describe('relative time in Dutch', () => {
  it.each([
    [0, 'nu'],
    [30_000, 'nu'],
    [5 * MINUTE, 'over 5 minuten'],
    [-2 * 60 * MINUTE, '2 uur geleden'],
    [-24 * 60 * MINUTE, 'gisteren'],
    [3 * 24 * 60 * MINUTE, 'over 3 dagen'],
  ])('%i ms from now reads %s', (offset, text) => {
    expect(formatRelativeTime(NOW + offset, NOW)).toBe(text);
  });

  it('reads a calendar day as that day in Dutch', () => {
    expect(formatDate('2026-03-02')).toBe('2 mrt 2026');
    expect(formatDayShort('2026-03-02')).toBe('2 mrt');
  });

  // What an alert mail says of when an ad was placed: the Dutch calendar day, not UTC's.
  it.each([
    ['2026-11-29T13:05:00Z', 'vandaag 14:05'],
    ['2026-11-28T23:30:00Z', 'vandaag 00:30'],
    ['2026-11-28T22:59:00Z', 'gisteren 23:59'],
    ['2026-11-27T10:00:00Z', '27 november'],
    ['2025-12-03T10:00:00Z', '3 december 2025'],
  ])('%s seen at 14:30 Dutch time on 29 November reads %s', (iso, text) => {
    expect(formatCalendarMoment(new Date(iso), new Date('2026-11-29T13:30:00Z'))).toBe(text);
  });

  // A receipt's date and paid month, on the Dutch calendar (23:30 UTC is the next day there).
  it.each([
    ['2026-11-29T10:00:00Z', '2026-12-29T10:00:00Z', '29 november – 29 december 2026'],
    ['2026-12-29T10:00:00Z', '2027-01-29T10:00:00Z', '29 december 2026 – 29 januari 2027'],
    ['2026-11-28T23:30:00Z', '2026-12-28T23:30:00Z', '29 november – 29 december 2026'],
  ])('the period %s – %s reads %s', (start, end, text) => {
    expect(formatPeriod(start, end)).toBe(text);
  });

  it('reads a long date in Dutch time', () => {
    expect(formatLongDate(new Date('2026-11-24T23:30:00Z'))).toBe('25 november 2026');
  });
});

describe('listing facts', () => {
  it.each([
    [125000, 'FIXED', '€ 1.250,00'],
    [5000, 'MIN_BID', 'Bieden vanaf € 50,00'],
    [null, 'MIN_BID', 'Bieden'],
    [null, 'FREE', 'Gratis'],
    [null, 'FIXED', 'Prijs onbekend'],
    [999, 'SOMETHING_NEW', '€ 9,99'],
  ])('%s cents as %s reads %s', (cents, type, text) => {
    expect(formatListingPrice(cents, type)).toBe(text);
  });

  it.each([
    [null, null],
    [-1000, null],
    [400, 'Minder dan 1 km'],
    [12_400, '12 km'],
  ])('distance %s m reads %s', (meters, text) => {
    expect(formatListingDistance(meters)).toBe(text);
  });

  it.each([
    ['https://images.example/a.jpg', true, true],
    ['http://images.example/a.jpg', true, false],
    ['javascript:alert(1)', false, false],
    ['data:image/png;base64,AAAA', false, false],
    ['https://exa mple/a.jpg', false, false],
    ['//images.example/a.jpg', false, false],
  ])('%s: link %s, image %s', (url, link, image) => {
    expect(isWebUrl(url)).toBe(link);
    expect(isHttpsUrl(url)).toBe(image);
  });

  it.each([
    ['http://127.0.0.1:4100/api/v1/listing-mp-p/images/ab/x.jpg', true],
    ['http://localhost:4100/x.jpg', true],
    ['http://[::1]:4100/x.jpg', true],
    ['http://127.0.0.1.evil.example/x.jpg', false],
    ['http://localhost.evil.example/x.jpg', false],
    ['http://192.168.1.2/x.jpg', false],
  ])('loopback picture %s: shown %s (the demo double serves its own)', (url, shown) => {
    expect(listingImageUrl([url])).toBe(shown ? url : null);
  });

  it('shows the first https image only', () => {
    expect(listingImageUrl(['http://a/x.jpg', 'https://b/y.jpg'])).toBe('https://b/y.jpg');
    expect(listingImageUrl(['javascript:x'])).toBeNull();
  });
});

describe('deliveries', () => {
  const delivery = (overrides: Partial<DeliveryDto>): DeliveryDto => ({
    channel: 'email',
    status: 'sent',
    attempts: 1,
    lastError: null,
    sentAt: null,
    ...overrides,
  });

  it('reads per channel, e-mail first, with a reason only when something went wrong', () => {
    expect(
      deliveryLines([
        delivery({ channel: 'live', status: 'sent' }),
        delivery({ channel: 'telegram', status: 'failed', lastError: 'Geblokkeerd' }),
        delivery({ channel: 'email', status: 'retrying', lastError: 'Tijdelijke fout' }),
      ]).map((line) => [line.channelLabel, line.statusLabel, line.reason]),
    ).toEqual([
      ['E-mail', 'Opnieuw proberen', 'Tijdelijke fout'],
      ['Telegram', 'Mislukt', 'Geblokkeerd'],
      ['Live op je scherm', 'Getoond', null],
    ]);
    expect(deliveryLines([delivery({ status: 'sent' })])[0]?.statusLabel).toBe('Verzonden');
    const [email] = deliveryLines([delivery({ status: 'failed', lastError: 'Geweigerd' })]);
    expect(email).toMatchObject({ statusLabel: 'Mislukt', reason: 'Geweigerd', look: 'failed' });
  });

  it.each(['pending', 'retrying', 'failed'] as const)(
    'leaves out a live notification %s (no page was open): no news for the user',
    (status) => {
      expect(
        deliveryLines([
          delivery({ channel: 'email', status: 'sent' }),
          delivery({ channel: 'live', status, lastError: 'Geen open verbinding' }),
        ]).map((line) => line.channel),
      ).toEqual(['email']);
    },
  );
});

describe('live events socket', () => {
  it.each([
    ['https:', 'prijsalarm.nl', 'wss://prijsalarm.nl/ws/events'],
    ['http:', 'localhost:3000', 'ws://localhost:3000/ws/events'],
  ])('on an %s page: %s', (protocol, host, url) => {
    expect(liveEventsUrl(protocol, host)).toBe(url);
  });

  it.each([
    [0, 1000],
    [1, 1500],
    [2, 2250],
    [20, 30_000],
  ])('reconnect attempt %i waits %i ms (the chat backoff)', (attempt, ms) => {
    expect(liveEventsReconnectDelayMs(attempt)).toBe(ms);
  });

  const notification = {
    id: 'n1',
    alertId: 'a1',
    listing: { title: 'Fiets' },
    deliveries: [],
  };

  it.each([
    ['a notification', JSON.stringify({ type: 'notification', notification }), 'notification'],
    ['a pong', '{"type":"pong"}', 'pong'],
    ['an unread count', '{"type":"unread","unread":3}', 'unread'],
    ['an unread count that is no count', '{"type":"unread","unread":-1}', null],
    ['an unread count as text', '{"type":"unread","unread":"3"}', null],
    ['an unknown type', '{"type":"other"}', null],
    ['a notification without a listing', '{"type":"notification","notification":{"id":"x"}}', null],
    ['no JSON', 'hello', null],
    ['not text', 42, null],
  ])('%s', (_case, data, type) => {
    expect(parseLiveEventMessage(data)?.type ?? null).toBe(type);
  });
});

describe('devices', () => {
  it.each([
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36',
      'Chrome op Windows',
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
      'Safari op iOS',
    ],
    ['Mozilla/5.0 (X11; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0', 'Firefox op Linux'],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/537.36 Chrome/124.0 Electron/30.0 Safari/537.36',
      'Prijsalarm-app op macOS',
    ],
    [null, 'Onbekend apparaat'],
    ['curl/8.0', 'Onbekend apparaat'],
  ])('%s → %s', (agent, text) => {
    expect(describeUserAgent(agent)).toBe(text);
  });
});
