import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ACCESS_TEXTS,
  ALERT_FIELD_TEXTS,
  APP_TEXTS,
  CAROUSEL_AUTOPLAY_MS,
  CSRF_COOKIE,
  DEFAULT_SETTINGS,
  POST_CREATION_REDIRECT_MS,
  STICKY_SCROLL_OFFSET_PX,
  WEB_TEXTS,
  deliveryChannels,
} from '@prijsalarm/core';
import type { PublicSettings } from '@prijsalarm/core';
import { STORAGE_KEYS, memoryStorage, writeJson } from '../../platform/storage';
import { startHttpDouble, testStore } from '../../test/helpers';
import type { HttpDouble } from '../../test/helpers';
import { appNavigator, renderApp } from '../../test/render';

let server: HttpDouble;
beforeAll(async () => {
  server = await startHttpDouble();
});
afterAll(() => server.close());
beforeEach(() => server.reset());
afterEach(() => {
  vi.useRealTimers();
  expect(server.unscripted).toEqual([]);
});

const LISTINGS_TODAY = '/api/stats/listings-today';

/**
 * A guest on `path`, with settings already cached (so nothing is fetched at start); the home
 * page's live figure answers `listingsChecked`.
 */
async function open(
  path: string,
  settings: PublicSettings = DEFAULT_SETTINGS,
  listingsChecked = 1234,
) {
  if (path === '/') {
    server.script('GET', LISTINGS_TODAY, { body: { day: '2026-03-02', listingsChecked } });
  }
  const storage = memoryStorage();
  writeJson(storage, STORAGE_KEYS.settings, { settings, fetchedAt: Date.now() });
  writeJson(storage, STORAGE_KEYS.cookieConsent, 'necessary');
  const navigator = appNavigator(path);
  const { store } = testStore({
    server,
    storage,
    navigator,
    cookies: new Map([[CSRF_COOKIE, 'g']]),
  });
  await store.auth.initialize();
  renderApp(store, navigator, path);
  // The figure's request is in before the test goes on, so none is left over for the next test.
  if (path === '/') {
    await waitFor(() => expect(server.requestsTo('GET', LISTINGS_TODAY)).toHaveLength(1));
  }
  return { store, navigator };
}

const hiddenPricing: PublicSettings = {
  ...DEFAULT_SETTINGS,
  features: { ...DEFAULT_SETTINGS.features, pricingTool: { enabled: true, displayMode: 'hidden' } },
  isPricingToolVisible: false,
};

describe('home page', () => {
  it('shows the tagline, the guest form, features, how it works, the FAQ and a call to action', async () => {
    await open('/');
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe(
      APP_TEXTS.product.tagline,
    );
    const form = await screen.findByRole('form', { name: 'Gratis alert aanmaken' });
    expect(within(form).getByRole('button', { name: ALERT_FIELD_TEXTS.submit })).toBeTruthy();
    for (const name of [
      WEB_TEXTS.home.featuresTitle,
      WEB_TEXTS.home.howItWorks,
      WEB_TEXTS.faq.title,
      WEB_TEXTS.home.ctaTitle,
    ]) {
      expect(screen.getByRole('heading', { level: 2, name })).toBeTruthy();
    }
    expect(await screen.findByRole('region', { name: WEB_TEXTS.home.carousel.label })).toBeTruthy();
  });

  it.each([
    ['visible', DEFAULT_SETTINGS, true],
    ['hidden', hiddenPricing, false],
  ])('the pricing table while the pricing tool is %s: %s', async (_case, settings, shown) => {
    await open('/', settings);
    await screen.findByRole('form', { name: 'Gratis alert aanmaken' });
    const heading = screen.queryByRole('heading', { name: WEB_TEXTS.home.pricingTitle });
    expect(heading !== null).toBe(shown);
    if (shown) expect(await screen.findByRole('list', { name: 'Plannen' })).toBeTruthy();
  });

  it('shows both marketplaces with flag images, the ads checked today and an example alert', async () => {
    await open('/');
    const texts = WEB_TEXTS.home;
    expect(await screen.findByText(texts.listingsToday('1.234'))).toBeTruthy();
    for (const name of ['Marktplaats', '2dehands']) {
      const item = screen.getByText(name).closest('li')!;
      expect(item.querySelector('img')?.getAttribute('src')).toMatch(/svg/);
    }
    expect(screen.getByRole('figure', { name: texts.preview.mailLabel })).toBeTruthy();
    expect(screen.getByRole('figure', { name: texts.preview.telegramLabel })).toBeTruthy();
  });

  it.each([
    ['with a bot, the ad arrives by Telegram', true],
    ['without a bot, the ad arrives by mail and Telegram is named nowhere', false],
  ])('the example alert: %s', async (_case, bot) => {
    await open('/', { ...DEFAULT_SETTINGS, channels: deliveryChannels(bot) });
    const preview = WEB_TEXTS.home.preview;
    const screenFigure = await screen.findByRole('figure', { name: preview.telegramLabel });
    expect(screenFigure.textContent).toContain(preview.listingTitle);
    // The cached settings are restored once their parser has loaded.
    await waitFor(() =>
      expect(screenFigure.textContent).toContain(bot ? preview.telegramApp : preview.mailApp),
    );
    expect(screen.getByRole('figure', { name: preview.mailLabel })).toBeTruthy();
    expect(/telegram/i.test(document.body.textContent ?? '')).toBe(bot);
  });

  it('shows no figure at all when the engine saw nothing today', async () => {
    await open('/', DEFAULT_SETTINGS, 0);
    await screen.findAllByRole('form', { name: 'Gratis alert aanmaken' });
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(screen.queryByText(/vandaag gecontroleerd/)).toBeNull();
  });

  it('the how-it-works steps mention the 24 h confirmation link', async () => {
    await open('/');
    const carousel = await screen.findByRole('region', { name: WEB_TEXTS.home.carousel.label });
    expect(carousel.textContent).toContain('24 uur geldig');
  });
});

describe('how-it-works carousel', () => {
  const currentSlide = () =>
    screen
      .getAllByRole('group', { hidden: true })
      .find((slide) => slide.getAttribute('aria-hidden') === 'false');

  it('is operable by keyboard: next, previous and a button per step', async () => {
    await open('/');
    await screen.findByRole('region', { name: WEB_TEXTS.home.carousel.label });
    const user = userEvent.setup();
    const labels = WEB_TEXTS.home.carousel;
    screen.getByRole('button', { name: labels.next }).focus();
    await user.keyboard('{Enter}');
    expect(currentSlide()?.getAttribute('aria-label')).toBe(labels.step(2, 4));
    screen.getByRole('button', { name: labels.previous }).focus();
    await user.keyboard(' ');
    await user.keyboard(' ');
    expect(currentSlide()?.getAttribute('aria-label')).toBe(labels.step(4, 4));
    await user.click(screen.getByRole('button', { name: labels.goTo(3) }));
    expect(currentSlide()?.getAttribute('aria-label')).toBe(labels.step(3, 4));
    expect(screen.getByRole('button', { name: labels.goTo(3) }).getAttribute('aria-current')).toBe(
      'step',
    );
  });

  it('autoplays every 5 s and stops while the pointer is on it', async () => {
    await open('/');
    const carousel = await screen.findByRole('region', { name: WEB_TEXTS.home.carousel.label });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    // Restart the wait under the fake clock.
    const labels = WEB_TEXTS.home.carousel;
    act(() => screen.getByRole('button', { name: labels.goTo(2) }).click());
    act(() => vi.advanceTimersByTime(CAROUSEL_AUTOPLAY_MS - 1));
    expect(currentSlide()?.getAttribute('aria-label')).toBe(labels.step(2, 4));
    act(() => vi.advanceTimersByTime(1));
    expect(currentSlide()?.getAttribute('aria-label')).toBe(labels.step(3, 4));

    act(() => {
      carousel.dispatchEvent(new MouseEvent('mouseover', { bubbles: true }));
    });
    act(() => vi.advanceTimersByTime(CAROUSEL_AUTOPLAY_MS * 3));
    expect(currentSlide()?.getAttribute('aria-label')).toBe(labels.step(3, 4));
  });
});

describe('guest form', () => {
  it('formats the postal code, enables the distance and sends; then the success card', async () => {
    const { navigator } = await open('/');
    const form = await screen.findByRole('form', { name: 'Gratis alert aanmaken' });
    const user = userEvent.setup();
    const distance = within(form).getByLabelText('Afstand') as HTMLSelectElement;
    expect(distance.disabled).toBe(true);
    await user.type(within(form).getByLabelText('Zoekterm'), 'gazelle');
    await user.type(within(form).getByLabelText(/Postcode/), '3511ab');
    expect((within(form).getByLabelText(/Postcode/) as HTMLInputElement).value).toBe('3511 AB');
    expect(distance.disabled).toBe(false);
    expect([...distance.options].map((o) => o.text)).toEqual([
      'Heel het land',
      '3 km',
      '5 km',
      '10 km',
      '15 km',
      '25 km',
      '50 km',
      '75 km',
    ]);
    await user.selectOptions(distance, '15');
    await user.type(within(form).getByLabelText('E-mailadres'), 'anna@example.nl');
    server.script('POST', '/api/alerts', {
      status: 201,
      body: { alert: { id: 'a', manageUrl: 'http://localhost:3000/manage/t1' } },
    });
    await user.click(within(form).getByRole('button', { name: ALERT_FIELD_TEXTS.submit }));
    expect(await screen.findByText(/Check je e-mail om je alert te bevestigen/)).toBeTruthy();
    expect(screen.getByText(/bevestigingslink is 24 uur geldig/)).toBeTruthy();
    expect(JSON.parse(server.requestsTo('POST', '/api/alerts')[0]!.body)).toMatchObject({
      postalCode: '3511 AB',
      distance: 15,
    });
    await vi.waitFor(() => expect(navigator.currentPath()).toBe('/manage/t1'), {
      timeout: POST_CREATION_REDIRECT_MS + 1000,
    });
  });

  it('a refused submit shows the messages and focuses the first field in error', async () => {
    await open('/gratis-alert-maken');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: ALERT_FIELD_TEXTS.submit }));
    expect(screen.getByText(ALERT_FIELD_TEXTS.searchTermRequired)).toBeTruthy();
    expect(screen.getByText(ALERT_FIELD_TEXTS.emailRequired)).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('Zoekterm'));
    expect(server.requests).toEqual([]);
  });

  it('names the search-term rule in its title and scrolls a field in error below the sticky bar', async () => {
    await open('/gratis-alert-maken');
    const user = userEvent.setup();
    const searchTerm = await screen.findByLabelText('Zoekterm');
    expect(searchTerm.getAttribute('title')).toBe(ALERT_FIELD_TEXTS.searchTermNoAngleBrackets);
    // The field sits 40 px from the window's top, under the bar, with the page scrolled 500 px.
    vi.spyOn(searchTerm, 'getBoundingClientRect').mockReturnValue(new DOMRect(0, 40, 300, 30));
    vi.spyOn(window, 'scrollY', 'get').mockReturnValue(500);
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    try {
      await user.click(screen.getByRole('button', { name: ALERT_FIELD_TEXTS.submit }));
      expect(document.activeElement).toBe(searchTerm);
      expect(scrollTo).toHaveBeenLastCalledWith({ top: 500 + 40 - STICKY_SCROLL_OFFSET_PX });
    } finally {
      vi.restoreAllMocks();
    }
  });
});

describe('/prijsalarm-maken for a guest', () => {
  it('shows the guest form and a locked 2dehands card that sends to login and back', async () => {
    await open('/prijsalarm-maken');
    expect(await screen.findByRole('form', { name: 'Gratis alert aanmaken' })).toBeTruthy();
    expect(screen.getByText(ACCESS_TEXTS.accountRequiredForPlatform('2dehands'))).toBeTruthy();
    const login = screen.getByRole('link', { name: 'Inloggen', description: /2dehands/ });
    expect(login.getAttribute('href')).toBe('/login?redirect=%2Fprijsalarm-maken');
    const marktplaats = screen.getByRole('radio', { name: /Marktplaats/ }) as HTMLInputElement;
    expect(marktplaats.checked).toBe(true);
  });
});
