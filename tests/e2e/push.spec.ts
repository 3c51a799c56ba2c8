/**
 * Web Push in Chromium: the app is installable (its manifest, Chromium's own installability check,
 * a service worker that controls the page); the service worker shows what a push message carries
 * (delivered through the DevTools protocol, as a push service would) and a tap opens its link;
 * My account → "Meldingen op je telefoon" turns push on for this device at 390 px and a test
 * notification reaches the push service double decrypted. Axe clean.
 *
 * Headless Chromium cannot subscribe at a real push service offline, so the page's
 * pushManager.subscribe answers a subscription made at the local double (its keys made there, as a
 * browser would make them); everything after that — the POST, the server's web-push, the
 * encryption, the VAPID check — is real.
 */
import {
  PUSH_TEXTS,
  type NotificationListResponse,
  type PushMessage,
  type PushPublicKeyResponse,
} from '@prijsalarm/core';
import type { BrowserContext, CDPSession, Page } from '@playwright/test';
import { axeViolations, describeViolations } from './support/axe';
import { e2eEnv } from './support/env';
import {
  apiCall,
  createAlertViaApi,
  expect,
  horizontalOverflow,
  notificationBell,
  publishAd,
  registerUser,
  screenshotPath,
  setPlan,
  test,
  waitForFirstCheck,
} from './fixtures';

const texts = PUSH_TEXTS.screen;

interface DoubleSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/** The service worker's registration, once it is active and controls `page`. */
async function controllingWorker(page: Page): Promise<{ scope: string; controlled: boolean }> {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise((resolve) =>
        navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }),
      );
    }
    return { scope: registration.scope, controlled: navigator.serviceWorker.controller !== null };
  });
}

/** The DevTools protocol's id of the service worker registration for `origin`. */
async function registrationId(cdp: CDPSession, origin: string): Promise<string> {
  const found = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const ours = registrations.find(
        (registration) => registration.scopeURL === `${origin}/` && !registration.isDeleted,
      );
      if (ours) resolve(ours.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  return found;
}

async function notificationsShown(page: Page) {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    const shown = await registration.getNotifications();
    return shown.map((notification) => ({
      title: notification.title,
      body: notification.body,
      tag: notification.tag,
      data: notification.data as { url?: string; openedUrl?: string | null },
    }));
  });
}

/** The page's pushManager.subscribe answers `subscription` (a real one cannot be made offline). */
async function subscribeAtTheDouble(context: BrowserContext, subscription: DoubleSubscription) {
  await context.addInitScript((sub: DoubleSubscription) => {
    let current: unknown = null;
    const fake = {
      endpoint: sub.endpoint,
      toJSON: () => ({ endpoint: sub.endpoint, keys: sub.keys }),
      unsubscribe: async () => {
        current = null;
        return true;
      },
    };
    PushManager.prototype.subscribe = async function subscribe() {
      current = fake;
      return fake as unknown as PushSubscription;
    };
    PushManager.prototype.getSubscription = async function getSubscription() {
      return current as PushSubscription | null;
    };
  }, subscription);
}

test('the app is installable and its service worker controls the page', async ({ page }) => {
  await page.goto('/');
  const manifestHref = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(manifestHref).toBe('/manifest.webmanifest');
  const response = await page.request.get(manifestHref!);
  expect(response.headers()['content-type']).toContain('application/manifest+json');
  const manifest = (await response.json()) as {
    name: string;
    short_name: string;
    start_url: string;
    display: string;
    lang: string;
    theme_color: string;
    icons: Array<{ src: string; sizes: string; purpose: string }>;
  };
  expect(manifest).toMatchObject({
    name: 'Prijsalarm',
    short_name: 'Prijsalarm',
    start_url: '/dashboard',
    display: 'standalone',
    lang: 'nl',
    theme_color: '#c2410c',
  });
  expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual([
    '192x192 any',
    '512x512 any',
    '512x512 maskable',
  ]);
  for (const icon of manifest.icons) {
    const image = await page.request.get(icon.src);
    expect(image.headers()['content-type'], icon.src).toBe('image/png');
  }

  const worker = await controllingWorker(page);
  expect(worker).toEqual({ scope: `${e2eEnv().baseUrl}/`, controlled: true });

  // Chromium's own verdict; a Playwright context is incognito-like, which only it holds against us.
  const cdp = await page.context().newCDPSession(page);
  const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
  expect(installabilityErrors.filter((error) => error.errorId !== 'in-incognito')).toEqual([]);
});

/** A device of the signed-in user of `page`, subscribed at the push-service double. */
async function subscribeDevice(page: Page): Promise<DoubleSubscription> {
  const { controlUrl } = e2eEnv();
  const { publicKey } = (await (
    await page.request.get('/api/push/public-key')
  ).json()) as PushPublicKeyResponse;
  const subscription = (await (
    await fetch(`${controlUrl}/push/subscribe?key=${encodeURIComponent(publicKey)}`, {
      method: 'POST',
    })
  ).json()) as DoubleSubscription;
  return subscription;
}

/** What reached the push-service double for `endpoint`, decrypted. */
async function deliveredTo(endpoint: string): Promise<PushMessage[]> {
  const { controlUrl } = e2eEnv();
  const response = await fetch(
    `${controlUrl}/push/delivered?endpoint=${encodeURIComponent(endpoint)}`,
  );
  return (await response.json()) as PushMessage[];
}

/** Hands `message` to the page's service worker as its push service would. */
async function deliverToWorker(page: Page, context: BrowserContext, message: PushMessage) {
  const { baseUrl } = e2eEnv();
  const cdp = await context.newCDPSession(page);
  const id = await registrationId(cdp, baseUrl);
  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin: baseUrl,
    registrationId: id,
    data: JSON.stringify(message),
  });
}

/**
 * A tap on the notification the service worker shows: its own click handling, run in the worker
 * with the notification's data. Answers the link it opened, or null where only a real tap may open
 * one (a new window; a real tap would also focus an open one).
 */
async function tapShownNotification(context: BrowserContext): Promise<string | null> {
  const [worker] = context.serviceWorkers();
  expect(worker).toBeDefined();
  return worker!.evaluate(async () => {
    const scope = self as unknown as {
      registration: ServiceWorkerRegistration;
      tapNotification(data: unknown): Promise<PromiseSettledResult<unknown>[]>;
    };
    const [shown] = await scope.registration.getNotifications();
    if (!shown) throw new Error('no notification is shown');
    shown.close();
    const [opened] = await scope.tapNotification(shown.data);
    const client = opened?.status === 'fulfilled' ? (opened.value as { url: string } | null) : null;
    return client?.url ?? null;
  });
}

test('a push message shows a notification, and a tap on it opens its link', async ({
  page,
  context,
}) => {
  const { baseUrl } = e2eEnv();
  await context.grantPermissions(['notifications'], { origin: baseUrl });
  await page.goto('/');
  await controllingWorker(page);

  const message = {
    title: 'Nieuwe advertentie voor "racefiets"',
    body: 'Gazelle racefiets · € 150 · Utrecht',
    // A page a guest may see: the tab stays where the tap took it.
    url: '/faq?melding=e2e',
    tag: 'alert-e2e',
  };
  await deliverToWorker(page, context, message);
  await expect
    .poll(() => notificationsShown(page))
    .toEqual([
      {
        title: message.title,
        body: message.body,
        tag: message.tag,
        data: { url: message.url, openedUrl: null },
      },
    ]);

  // The open tab is taken to the link.
  expect(await tapShownNotification(context)).toBe(`${baseUrl}${message.url}`);
  await expect(page).toHaveURL(`${baseUrl}${message.url}`);
});

test('a new ad pushed to the phone: a tap opens the ad and the bell counts it read', async ({
  page,
  context,
}) => {
  const { baseUrl } = e2eEnv();
  await context.grantPermissions(['notifications'], { origin: baseUrl });
  const user = await registerUser(page, 'pushtap');
  await setPlan(user.email, 'PRO');
  const subscription = await subscribeDevice(page);
  await apiCall(page.request, 'POST', '/api/push/subscriptions', subscription);
  const word = `e2epush${Date.now().toString(36)}`;
  const alert = await createAlertViaApi(page, {
    searchTerm: word,
    notifyEmail: false,
    notifyPush: true,
  });
  await waitForFirstCheck(page, alert.id);

  const ad = await publishAd({ title: `Gazelle ${word} 28 inch`, priceCents: 15_000 });
  let pushed: PushMessage | undefined;
  await expect
    .poll(async () => ([pushed] = await deliveredTo(subscription.endpoint)).length, {
      timeout: 30_000,
    })
    .toBe(1);
  expect(pushed).toMatchObject({ url: ad.url, body: expect.stringContaining(word) });

  await page.goto('/dashboard');
  await controllingWorker(page);
  await expect(notificationBell(page, 1)).toBeVisible();

  await deliverToWorker(page, context, pushed!);
  await expect
    .poll(async () => (await notificationsShown(page)).map((shown) => shown.data.url))
    .toEqual([ad.url]);
  // The ad opens in a new window, which only a real tap may open; the rest of the tap is real.
  await tapShownNotification(context);
  // Read everywhere: the open tab's bell hears it over the live connection.
  await expect(notificationBell(page, 0)).toBeVisible();
  const { notifications } = await apiCall<NotificationListResponse>(
    page.request,
    'GET',
    '/api/notifications',
  );
  expect(notifications.map((notification) => notification.viewedAt !== null)).toEqual([true]);
});

test('my account at 390 px: push on for this phone, listed, a test reaches it decrypted', async ({
  page,
  context,
}, testInfo) => {
  const { baseUrl } = e2eEnv();
  await page.setViewportSize({ width: 390, height: 844 });
  await context.grantPermissions(['notifications'], { origin: baseUrl });
  await registerUser(page, 'push');
  const subscription = await subscribeDevice(page);
  await subscribeAtTheDouble(context, subscription);

  await page.goto('/my-account?tab=integrations');
  const panel = page.getByRole('region', { name: texts.heading });
  await expect(panel.getByText(texts.empty)).toBeVisible();
  expect(describeViolations(await axeViolations(page))).toBe('');

  await panel.getByRole('button', { name: texts.turnOn }).click();
  await expect(page.getByText(texts.turnedOn)).toBeVisible();
  await expect(panel.getByText(texts.thisDeviceOn)).toBeVisible();
  const device = panel.getByRole('listitem').filter({ hasText: 'Chrome op Linux' });
  await expect(device).toBeVisible();
  await expect(device.getByText(texts.neverDelivered)).toBeVisible();

  await device.getByRole('button', { name: texts.testLabel('Chrome op Linux') }).click();
  await expect(page.getByText(PUSH_TEXTS.test.sent)).toBeVisible();
  await expect
    .poll(() => deliveredTo(subscription.endpoint))
    .toEqual([
      expect.objectContaining({
        title: PUSH_TEXTS.testMessage.title,
        body: PUSH_TEXTS.testMessage.body,
        url: '/my-account',
      }),
    ]);
  await expect(device.getByText(texts.lastDelivery)).toBeVisible();

  await panel.screenshot({ path: screenshotPath(testInfo, 'push-devices-390') });
  const overflow = await horizontalOverflow(page);
  expect(overflow.scrollWidth).toBeLessThanOrEqual(overflow.width);
  expect(describeViolations(await axeViolations(page))).toBe('');

  await device.getByRole('button', { name: texts.removeLabel('Chrome op Linux') }).click();
  await page.getByRole('dialog').getByRole('button', { name: texts.removeDialog.confirm }).click();
  await expect(page.getByText(texts.removed)).toBeVisible();
  await expect(panel.getByText(texts.empty)).toBeVisible();
});
