/**
 * The installable app's icons (packages/web/public/icons/*.png), drawn from the logo
 * (public/favicon.svg) by Chromium: `node scripts/app-icons.mjs` after the logo changes, and commit
 * the PNGs. The plain icons are the logo as it is; the maskable one fills the whole square with the
 * brand colour and keeps the bell inside the middle 80 %, the part every launcher's mask shows.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PUBLIC = path.join(ROOT, 'packages/web/public');
const logo = readFileSync(path.join(PUBLIC, 'favicon.svg'), 'utf8');
const bell = /<path [^>]*\/>/.exec(logo)?.[0];
const brand = /<rect [^>]*fill="(#[0-9a-f]{6})"/i.exec(logo)?.[1];
if (!bell || !brand) throw new Error('favicon.svg: no bell path or brand colour found');

// The bell spans about 16 of the logo's 32 units: at 0.7 of the square it stays inside the safe zone.
const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="${brand}"/><g transform="translate(16 16) scale(0.7) translate(-16 -16)">${bell}</g></svg>`;

const ICONS = [
  { file: 'icon-192.png', size: 192, svg: logo },
  { file: 'icon-512.png', size: 512, svg: logo },
  { file: 'maskable-512.png', size: 512, svg: maskable },
  // iOS takes the home-screen icon from apple-touch-icon and draws its own rounded corners.
  { file: 'apple-touch-icon.png', size: 180, svg: maskable },
];

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox'],
});
try {
  for (const { file, size, svg } of ICONS) {
    const page = await browser.newPage({ viewport: { width: size, height: size } });
    const sized = svg.replace('<svg ', `<svg width="${size}" height="${size}" `);
    await page.setContent(
      `<style>html,body{margin:0;background:transparent}svg{display:block}</style>${sized}`,
    );
    await page.screenshot({
      path: path.join(PUBLIC, 'icons', file),
      omitBackground: true,
      clip: { x: 0, y: 0, width: size, height: size },
    });
    await page.close();
    console.log(`public/icons/${file} (${size}×${size})`);
  }
} finally {
  await browser.close();
}
