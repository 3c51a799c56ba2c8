/**
 * Every mail as a reader gets it: rendered with realistic data, shown in Chromium at 600 px (a
 * desktop client) and 360 px (a phone), in light and dark mode, with screenshots under
 * test-results/mails/. It must fit the width, keep every text at 4.5:1, load its logo and photos,
 * stay under Gmail's clip, link only absolutely, and carry a plain-text twin.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ALERT_MAIL_TEXTS, formatListingPrice } from '@prijsalarm/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contrastRatio } from '../../../test/contrast';
import { readMail, startMailBrowser, type MailBrowser } from '../../../test/mail-browser';
import {
  exampleAds,
  HOSTILE_PLACE,
  HOSTILE_TITLE,
  MAIL_EXAMPLES,
  MAIL_NOW,
  MAIL_PUBLIC_URL,
} from '../../../test/mail-fixtures';
import { createLogger } from '../../logger';
import { MAIL_THEME } from '../design/theme';
import { createMailer } from '../mailer';
import type { RenderedMail } from '.';
import { MAIL_LOGO_PATH } from './layout';

const SHOTS = fileURLToPath(new URL('../../../../../test-results/mails/', import.meta.url));
/** Gmail clips a mail whose HTML passes 102 KB; keep clear of it. */
const HTML_LIMIT_BYTES = 100 * 1024;

const mailer = createMailer({
  config: {
    smtpUrl: null,
    smtpMaxConnections: 2,
    mailFrom: 'a@b.nl',
    dataDir: '/nonexistent',
    publicUrl: MAIL_PUBLIC_URL,
  },
  logger: createLogger({ level: 'silent' }),
});
const render = (example: (typeof MAIL_EXAMPLES)[number]): RenderedMail =>
  mailer.render(example.template, example.data as never);
const example = (name: string) => MAIL_EXAMPLES.find((candidate) => candidate.name === name)!;
const unreadable = (texts: { ink: string; background: string }[]) =>
  texts.filter(({ ink, background }) => contrastRatio(ink, background) < 4.5);

let browser: MailBrowser;
beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  browser = await startMailBrowser(MAIL_PUBLIC_URL);
});
afterAll(() => browser?.close());

describe.each(MAIL_EXAMPLES)('the $name mail', ({ name, template, data }) => {
  const mail = render({ name, template, data } as (typeof MAIL_EXAMPLES)[number]);

  it.each([600, 360])('fits %i px, shows its logo and photos, reads at 4.5:1', async (width) => {
    const { page, requested } = await browser.open(mail.html, { width });
    await page.screenshot({ path: path.join(SHOTS, `${name}-${width}.png`), fullPage: true });
    const shown = await readMail(page);
    await page.close();
    expect(shown.scrollWidth).toBeLessThanOrEqual(width);
    expect(shown.images.filter((image) => !image.loaded)).toEqual([]);
    expect(shown.images.map((image) => image.src)).toContain(`${MAIL_PUBLIC_URL}${MAIL_LOGO_PATH}`);
    // Nothing but the logo and the ad photos: no web fonts, no trackers.
    const elsewhere = requested.filter(
      (url) => !url.startsWith(`${MAIL_PUBLIC_URL}/`) && !/^https:\/\/images\./.test(url),
    );
    expect(elsewhere).toEqual([]);
    expect(unreadable(shown.texts)).toEqual([]);
  });

  it('reads at 4.5:1 in dark mode too', async () => {
    const { page } = await browser.open(mail.html, { width: 600, colorScheme: 'dark' });
    if (template === 'newListings') {
      await page.screenshot({ path: path.join(SHOTS, `${name}-600-dark.png`), fullPage: true });
    }
    const { texts } = await readMail(page);
    await page.close();
    // The dark scheme applies: the text stands on the dark card, none on the light one.
    const backgrounds = new Set(texts.map(({ background }) => background));
    expect(backgrounds).toContain(MAIL_THEME.dark.card);
    expect(backgrounds).not.toContain(MAIL_THEME.light.card);
    expect(unreadable(texts)).toEqual([]);
  });

  it('stays under Gmail’s clip, links only absolutely, and has a plain-text part', () => {
    expect(Buffer.byteLength(mail.html)).toBeLessThan(HTML_LIMIT_BYTES);
    // Every href and src, in Outlook's conditional comments too.
    const targets = [...mail.html.matchAll(/\s(?:href|src)="([^"]*)"/g)].map((match) => match[1]!);
    expect(targets.length).toBeGreaterThan(0);
    expect(targets.filter((target) => !/^(https?:\/\/[^/"]+|mailto:)/.test(target))).toEqual([]);
    expect(mail.text.trim().length).toBeGreaterThan(80);
    for (const link of mail.links) {
      expect(mail.html).toContain(`href="${link}"`);
      expect(mail.text).toContain(link);
    }
  });
});

describe('the ads in an alert mail', () => {
  it('each shows its photo or a no-photo square, title, price, place, platform, time and button', async () => {
    const mail = render(example('new-listings'));
    const { page } = await browser.open(mail.html, { width: 360 });
    const { ads } = await readMail(page);
    await page.close();
    const listings = exampleAds(3);
    expect(ads).toHaveLength(3);
    ads.forEach((ad, index) => {
      const listing = listings[index]!;
      const price = formatListingPrice(listing.priceCents, listing.priceType);
      expect(ad.text).toContain(listing.title);
      expect(ad.text).toContain(price);
      expect(ad.text).toContain(listing.cityName!);
      expect(ad.text).toContain(ALERT_MAIL_TEXTS.viewListing);
      expect(ad.button).toBe(listing.url);
      expect(ad.photo).toBe(listing.imageUrls[0] ?? null);
      // The plain text names it all too.
      expect(mail.text).toContain(listing.title);
      expect(mail.text).toContain(price);
      expect(mail.text).toContain(listing.url);
    });
    expect(ads[0]!.text).toContain('Utrecht · 4 km');
    expect(ads[0]!.text).toContain('Marktplaats · geplaatst vandaag 14:05');
    expect(mail.text).toContain('  Marktplaats · geplaatst vandaag 14:05');
    // A drop strikes the old price through.
    expect(ads[1]!.text).toMatch(/Was € 175,00\s+€ 140,00/);
    expect(mail.html).toMatch(/<s[^>]*>€ 175,00<\/s>/);
    // No photo: the designed square, not an empty column; no posting time given: when found.
    expect(ads[2]!.text).toContain(ALERT_MAIL_TEXTS.noPhoto);
    expect(ads[2]!.text).toContain('Marktplaats · gevonden vandaag 14:27');
  });

  it('say yesterday and older days as a Dutch reader does', () => {
    const mail = render(example('digest'));
    expect(mail.text).toContain('Marktplaats · geplaatst gisteren 20:30');
    expect(mail.text).toContain('2dehands · geplaatst 26 november');
  });

  it('an ad titled <script> or "><img onerror> arrives as text, in HTML and plain text', async () => {
    const [ad] = exampleAds(1);
    const mail = mailer.render('newListings', {
      now: MAIL_NOW,
      groups: [
        {
          searchTerms: ['ps5 <b>'],
          listings: [
            {
              ...ad!,
              title: HOSTILE_TITLE,
              cityName: HOSTILE_PLACE,
              imageUrls: ['javascript:alert(3)'],
            },
          ],
        },
      ],
      alerts: [{ searchTerm: 'ps5 <b>', manageUrl: `${MAIL_PUBLIC_URL}/alerts/manage/x` }],
    });
    expect(mail.html).not.toMatch(/<script|<img src=x|<b>|javascript:/i);
    expect(mail.html).toContain(
      '&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; PS5 &quot;&gt;&lt;img src=x onerror=alert(1)&gt;',
    );
    expect(mail.text).toContain(HOSTILE_TITLE);
    expect(mail.text).toContain(HOSTILE_PLACE);
    const { page } = await browser.open(mail.html, { width: 600 });
    const shown = await readMail(page);
    await page.close();
    expect(shown).toMatchObject({ scripts: 0, handlers: 0 });
    expect(shown.bodyText).toContain(HOSTILE_TITLE);
    expect(shown.bodyText).toContain(HOSTILE_PLACE);
    // A photo that is no https URL is left out: the ad shows the no-photo square.
    expect(shown.ads[0]).toMatchObject({ photo: null });
    expect(shown.ads[0]!.text).toContain(ALERT_MAIL_TEXTS.noPhoto);
  });
});

describe('the receipt', () => {
  it('names the seller: name, address, KvK and btw-nummer', () => {
    const mail = render(example('receipt'));
    for (const part of [mail.html, mail.text]) {
      expect(part).toContain('Prijsalarm B.V.');
      expect(part).toContain('Oudegracht 231, 3511 NK Utrecht');
      expect(part).toContain('KvK 90125148');
      expect(part).toContain('Btw-nummer NL865093742B01');
    }
  });
});
