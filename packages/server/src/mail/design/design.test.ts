/**
 * The mail design: the compiled MJML is what the source compiles to, its colours are the site's
 * and read at 4.5:1, the logo it links to is a PNG the web app ships, and filling it is cheap
 * enough for the engine's send rate.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { contrastRatio } from '../../../test/contrast';
import { exampleAds, MAIL_NOW, MAIL_PUBLIC_URL } from '../../../test/mail-fixtures';
import { MAIL_LOGO_PATH } from '../templates/layout';
import { newListings } from '../templates/new-listings';
import { compileDesign } from './compile';
import { COMPILED_DESIGN } from './compiled';
import { contrastPairs, MAIL_THEME } from './theme';

const WEB = new URL('../../../../web/', import.meta.url);

describe('the mail design', () => {
  it('compiled.ts is what the MJML source compiles to (run `npm run mail:build` when not)', async () => {
    expect(COMPILED_DESIGN).toEqual(await compileDesign());
  });

  it('uses the site’s colours', () => {
    const css = readFileSync(fileURLToPath(new URL('src/styles/global.css', WEB)), 'utf8');
    const token = (name: string) => new RegExp(`--${name}:\\s*(#[0-9a-f]{6});`).exec(css)?.[1];
    expect(MAIL_THEME.brand).toBe(token('color-primary'));
    expect(MAIL_THEME.light.link).toBe(token('color-primary'));
    expect(MAIL_THEME.light.ink).toBe(token('color-text'));
    expect(MAIL_THEME.light.muted).toBe(token('color-muted'));
    expect(MAIL_THEME.light.border).toBe(token('color-border'));
    expect(MAIL_THEME.light.price).toBe(token('color-success'));
    expect(MAIL_THEME.light.placeholder).toBe(token('color-primary-soft'));
    expect(MAIL_THEME.light.placeholderInk).toBe(token('color-primary-hover'));
  });

  it.each(contrastPairs())('$name reads at 4.5:1 at least', ({ ink, background }) => {
    expect(contrastRatio(ink, background)).toBeGreaterThanOrEqual(4.5);
  });

  it('the button’s white on orange is 4.5:1 or more; the old #eda566 was not', () => {
    expect(contrastRatio(MAIL_THEME.buttonInk, MAIL_THEME.brand)).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio('#ffffff', '#eda566')).toBeLessThan(2.2);
  });

  it('links a logo that the web app ships as a PNG (mail clients show no SVG)', () => {
    const png = readFileSync(fileURLToPath(new URL(`public${MAIL_LOGO_PATH}`, WEB)));
    expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
    // Drawn at 3× for the 32 px it is shown at.
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([96, 96]);
  });

  it('fills a mail of 10 ads in well under 5 ms of CPU', () => {
    const data = {
      name: 'Sanne',
      now: MAIL_NOW,
      groups: [{ searchTerms: ['fiets'], listings: exampleAds(10) }],
      alerts: [{ searchTerm: 'fiets', manageUrl: `${MAIL_PUBLIC_URL}/alerts/manage/x` }],
    };
    const context = { publicUrl: MAIL_PUBLIC_URL };
    for (let warm = 0; warm < 50; warm += 1) newListings(data, context);
    const rounds = 500;
    const before = process.cpuUsage();
    for (let round = 0; round < rounds; round += 1) newListings(data, context);
    const used = process.cpuUsage(before);
    const msPerMail = (used.user + used.system) / 1000 / rounds;
    console.info(`new-listings mail with 10 ads: ${msPerMail.toFixed(3)} ms CPU each`);
    expect(msPerMail).toBeLessThan(5);
  });
});
