/**
 * A mail as a mail client shows it: its HTML in Debian's Chromium, offline. Every request the
 * mail makes is answered here: the logo from the web app's public folder (what the server serves
 * under PUBLIC_URL), an ad photo with a drawn stand-in, anything else refused, so nothing leaves
 * the machine.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from '@playwright/test';

const WEB_PUBLIC_DIR = fileURLToPath(new URL('../../web/public', import.meta.url));

/** The stand-in for an ad photo: a landscape or portrait picture, its colour from the URL. */
function photoStandIn(url: string): string {
  let hash = 0;
  for (const char of url) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  const hue = hash % 360;
  const [width, height] = hash % 3 === 0 ? [300, 400] : [400, 300];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"><rect width="100%" height="100%" fill="hsl(${hue} 45% 78%)"/><circle cx="${width / 2}" cy="${height / 2}" r="${Math.min(width, height) / 4}" fill="hsl(${hue} 50% 40%)"/><rect y="${height * 0.8}" width="100%" height="${height * 0.2}" fill="hsl(${hue} 30% 60%)"/></svg>`;
}

/** What a mail shows in the page, read by `readMail`. */
export interface ShownMail {
  scrollWidth: number;
  images: { src: string; loaded: boolean }[];
  /** Every visible text with its colour and the colour behind it (nearest non-transparent). */
  texts: { text: string; ink: string; background: string }[];
  /** Each ad: its text, its photo, and where its button goes. */
  ads: { text: string; photo: string | null; button: string | null }[];
  scripts: number;
  /** Elements carrying an inline event handler (onerror, onload, …). */
  handlers: number;
  bodyText: string;
}

// Runs in the page (the server project has no DOM types, so it is plain JavaScript here).
const READ_MAIL = `(() => {
  const hex = (css) => {
    const [r, g, b, a] = css.match(/[\\d.]+/g).map(Number);
    return a === 0 ? null : '#' + [r, g, b].map((c) => c.toString(16).padStart(2, '0')).join('');
  };
  const backgroundOf = (element) => {
    for (let at = element; at; at = at.parentElement) {
      const colour = hex(getComputedStyle(at).backgroundColor);
      if (colour) return colour;
    }
    return '#ffffff';
  };
  const texts = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    if (!node.textContent.trim() || !parent.checkVisibility()) continue;
    texts.push({
      text: node.textContent.trim().slice(0, 40),
      ink: hex(getComputedStyle(parent).color),
      background: backgroundOf(parent),
    });
  }
  const all = [...document.querySelectorAll('*')];
  return {
    scrollWidth: document.documentElement.scrollWidth,
    images: [...document.images].map((image) => ({ src: image.src, loaded: image.naturalWidth > 0 })),
    texts,
    ads: [...document.querySelectorAll('td.pa-ad')].map((ad) => ({
      text: ad.innerText,
      photo: ad.querySelector('img')?.getAttribute('src') ?? null,
      button: ad.querySelector('td[bgcolor] > a')?.getAttribute('href') ?? null,
    })),
    scripts: document.scripts.length,
    handlers: all.filter((element) => [...element.attributes].some((a) => /^on/i.test(a.name))).length,
    bodyText: document.body.innerText,
  };
})()`;

export function readMail(page: Page): Promise<ShownMail> {
  return page.evaluate<ShownMail>(READ_MAIL);
}

export interface MailBrowser {
  /** A page of `width` px showing the mail; `requested` lists every URL the mail asked for. */
  open(
    html: string,
    options: { width: number; colorScheme?: 'light' | 'dark' },
  ): Promise<{ page: Page; requested: string[] }>;
  close(): Promise<void>;
}

export async function startMailBrowser(publicUrl: string): Promise<MailBrowser> {
  const browser: Browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  return {
    async open(html, { width, colorScheme = 'light' }) {
      const page = await browser.newPage({ viewport: { width, height: 800 }, colorScheme });
      const requested: string[] = [];
      await page.route('**/*', async (route) => {
        const url = route.request().url();
        requested.push(url);
        if (url.startsWith(`${publicUrl}/`)) {
          const file = path.join(WEB_PUBLIC_DIR, new URL(url).pathname);
          if (file.startsWith(WEB_PUBLIC_DIR + path.sep)) {
            try {
              await route.fulfill({ body: readFileSync(file), contentType: 'image/png' });
              return;
            } catch {
              // Not a file of the web app: refused below, as the server would 404 it.
            }
          }
        } else if (/^https:\/\/images\./.test(url)) {
          await route.fulfill({ body: photoStandIn(url), contentType: 'image/svg+xml' });
          return;
        }
        await route.abort();
      });
      await page.setContent(html, { waitUntil: 'load' });
      return { page, requested };
    },
    close: () => browser.close(),
  };
}
