/**
 * The live support chat in two browsers: a guest asks through the widget on the home
 * page, an admin answers from the Support tab of /admin, live both ways; a signed-in user chats
 * without the guest form; the server restarts mid-conversation and the widget reconnects without
 * losing or doubling a message; axe finds nothing on the open widget and on the inbox.
 */
import type { Browser, Page } from '@playwright/test';
import { CHAT_QUICK_QUESTIONS, CHAT_TEXTS, type AdminChatSessionsResponse } from '@prijsalarm/core';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  adminApi,
  apiCall,
  expect,
  horizontalOverflow,
  logIn,
  registerUser,
  test,
  uniqueEmail,
} from './fixtures';
import { axeViolations, describeViolations } from './support/axe';
import { startOwnServer } from './support/own-server';

const w = CHAT_TEXTS.widget;
const inbox = CHAT_TEXTS.inbox;
const howItWorks = CHAT_QUICK_QUESTIONS[0]!;

/** Opens the widget on the current page (it loads once the page is idle). */
async function openWidget(page: Page) {
  await page.getByRole('button', { name: w.open }).click();
  return page.getByRole('dialog', { name: w.title });
}

async function startAsGuest(page: Page, name: string, email: string) {
  const chat = await openWidget(page);
  await chat.getByLabel(w.nameLabel).fill(name);
  await chat.getByLabel(w.emailLabel).fill(email);
  await chat.getByRole('button', { name: w.start }).click();
  await expect(chat.getByLabel(w.messageLabel)).toBeVisible();
  return chat;
}

async function adminInbox(browser: Browser, baseURL?: string) {
  const context = await browser.newContext(baseURL ? { baseURL } : {});
  const admin = await context.newPage();
  await logIn(admin, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
  await admin.goto('/admin?tab=support');
  await expect(admin.getByRole('tab', { name: inbox.tab })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  return { context, admin };
}

test('a guest asks, the admin sees it live, types, answers and resolves', async ({ browser }) => {
  const { context: adminContext, admin } = await adminInbox(browser);
  await expect(admin.getByRole('switch', { name: inbox.presenceLabel })).toBeVisible();
  // No widget on /admin (support answers there), even once the page is idle.
  await admin.waitForTimeout(2000);
  await expect(admin.getByRole('button', { name: w.open })).toHaveCount(0);

  const guestContext = await browser.newContext();
  const guest = await guestContext.newPage();
  await guest.goto('/');
  const name = `Gast ${Date.now().toString(36)}`;
  const chat = await startAsGuest(guest, name, uniqueEmail('chatgast'));

  // The guest form's own rules came first: a one-letter name is refused in Dutch.
  await chat.getByRole('button', { name: howItWorks.label }).click();
  const messages = chat.getByRole('list', { name: w.messages });
  await expect(messages.getByText(howItWorks.text)).toBeVisible();
  // The open inbox took it: the guest's message is marked delivered.
  await expect(
    messages.getByRole('listitem').filter({ hasText: howItWorks.text }).getByText(w.delivered),
  ).toBeAttached();

  // Live in the inbox, no reload.
  const item = admin.getByRole('button', { name: new RegExp(name) });
  await expect(item).toBeVisible();
  await expect(item.getByText(inbox.unread(1))).toBeVisible();
  await item.click();
  const conversation = admin.getByRole('list', { name: w.messages });
  await expect(conversation.getByText(howItWorks.text)).toBeVisible();

  // Typing shows on the guest's side.
  const reply = admin.getByLabel(inbox.reply);
  await reply.pressSequentially('Je maakt', { delay: 20 });
  await expect(chat.getByText(w.typing)).toBeVisible();

  // The answer reaches the guest within a second.
  await reply.fill('Je maakt een alert <b>aan</b>.');
  await admin.getByRole('button', { name: inbox.send, exact: true }).click();
  await expect(messages.getByText('Je maakt een alert <b>aan</b>.')).toBeVisible({ timeout: 1000 });
  await expect(chat.getByText(w.typing)).toBeHidden();

  // The guest types: the inbox shows it.
  await chat.getByLabel(w.messageLabel).pressSequentially('Dank', { delay: 20 });
  await expect(admin.getByText(inbox.visitorTyping)).toBeVisible();
  await chat.getByLabel(w.messageLabel).press('Enter');
  await expect(conversation.getByText('Dank', { exact: true })).toBeVisible();

  // axe on the open widget and on the inbox, once no hover or focus transition is under way.
  for (const page of [guest, admin]) {
    await page.mouse.move(0, 0);
    await page.waitForTimeout(300);
  }
  const widgetViolations = await axeViolations(guest);
  expect(widgetViolations, describeViolations(widgetViolations)).toEqual([]);
  const inboxViolations = await axeViolations(admin);
  expect(inboxViolations, describeViolations(inboxViolations)).toEqual([]);

  // Support resolves: the guest sees the ended panel, and can start again.
  await admin.getByRole('button', { name: inbox.resolve }).click();
  await expect(chat.getByText(CHAT_TEXTS.closedBySupport)).toBeVisible();
  await expect(chat.getByText(CHAT_TEXTS.closedBySupportNote)).toBeVisible();
  await expect(chat.getByRole('button', { name: w.close })).toBeVisible();
  await chat.getByRole('button', { name: w.newChat }).click();
  await expect(chat.getByLabel(w.nameLabel)).toBeVisible();

  await guestContext.close();
  await adminContext.close();
});

test('the guest form explains in Dutch; the widget fits 360 px', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
  const page = await context.newPage();
  await page.goto('/');
  const chat = await openWidget(page);
  await chat.getByLabel(w.nameLabel).fill('A');
  await chat.getByLabel(w.emailLabel).fill('anna@');
  await chat.getByRole('button', { name: w.start }).click();
  await expect(chat.getByText(CHAT_TEXTS.nameTooShort)).toBeVisible();
  await chat.getByLabel(w.nameLabel).fill('Anna');
  await chat.getByRole('button', { name: w.start }).click();
  await expect(chat.getByText(CHAT_TEXTS.email.missingDomain)).toBeVisible();
  const { scrollWidth, width } = await horizontalOverflow(page);
  expect(scrollWidth).toBeLessThanOrEqual(width);
  const box = await chat.boundingBox();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(360);
  // Escape minimizes; focus returns to the button.
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: w.open })).toBeFocused();
  await context.close();
});

test('a signed-in user chats without the guest form', async ({ page }) => {
  await registerUser(page, 'chatgebruiker');
  const chat = await openWidget(page);
  await expect(chat.getByLabel(w.nameLabel)).toHaveCount(0);
  const input = chat.getByLabel(w.messageLabel);
  await input.fill('Vraag als gebruiker');
  await input.press('Enter');
  const messages = chat.getByRole('list', { name: w.messages });
  await expect(messages.getByText('Vraag als gebruiker')).toBeVisible();
  await expect(messages.getByText(w.sending)).toHaveCount(0);
});

test('the server restarts mid-conversation: reconnected, nothing lost or doubled', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const server = await startOwnServer();
  try {
    const context = await browser.newContext({ baseURL: server.baseUrl });
    const page = await context.newPage();
    await page.goto('/');
    const chat = await startAsGuest(page, 'Herstart Gast', uniqueEmail('herstart'));
    const input = chat.getByLabel(w.messageLabel);
    await input.fill('Voor de herstart');
    await input.press('Enter');
    const messages = chat.getByRole('list', { name: w.messages });
    await expect(messages.getByText('Voor de herstart')).toBeVisible();

    await server.stop();
    await expect(chat.getByText(CHAT_TEXTS.disconnected)).toBeVisible();
    await server.start();

    // Support answers as the server is back, before the widget has reconnected.
    const api = (await browser.newContext({ baseURL: server.baseUrl })).request;
    await apiCall(api, 'POST', '/api/auth/login', { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
    const { sessions } = await apiCall<AdminChatSessionsResponse>(
      api,
      'GET',
      '/api/admin/chat/sessions',
    );
    await apiCall(api, 'POST', `/api/admin/chat/sessions/${sessions[0]!.id}/messages`, {
      text: 'Na de herstart',
    });

    await expect(chat.getByText(CHAT_TEXTS.reconnected)).toBeVisible({ timeout: 30_000 });
    await expect(messages.getByText('Na de herstart')).toBeVisible();
    await input.fill('Weer verbonden');
    await input.press('Enter');
    await expect(messages.getByText('Weer verbonden')).toBeVisible();
    await apiCall(api, 'POST', `/api/admin/chat/sessions/${sessions[0]!.id}/messages`, {
      text: 'Live na herstart',
    });
    await expect(messages.getByText('Live na herstart')).toBeVisible({ timeout: 2000 });
    for (const text of [
      'Voor de herstart',
      'Na de herstart',
      'Weer verbonden',
      'Live na herstart',
    ]) {
      await expect(messages.getByText(text, { exact: true })).toHaveCount(1);
    }
    await context.close();
  } finally {
    await server.dispose();
  }
});

test('minimized, the chat polls: answers raise the badge; a background inbox counts in its title', async ({
  browser,
}) => {
  const { context: adminContext, admin } = await adminInbox(browser);
  const guestContext = await browser.newContext();
  const guest = await guestContext.newPage();
  await guest.goto('/');
  const name = `Badge ${Date.now().toString(36)}`;
  const chat = await startAsGuest(guest, name, uniqueEmail('badge'));
  await chat.getByLabel(w.messageLabel).fill('Eerste vraag');
  await chat.getByLabel(w.messageLabel).press('Enter');
  await admin.getByRole('button', { name: new RegExp(name) }).click();
  await chat.getByRole('button', { name: w.minimize }).click();

  for (const text of ['Antwoord een', 'Antwoord twee']) {
    await admin.getByLabel(inbox.reply).fill(text);
    await admin.getByRole('button', { name: inbox.send, exact: true }).click();
  }
  const launcher = guest.getByRole('button', { name: `${w.open} (${w.unread(2)})` });
  await expect(launcher).toBeVisible({ timeout: 15_000 });
  await expect(launcher).toHaveText('2');
  await launcher.click();
  await expect(chat.getByText('Antwoord twee')).toBeVisible();
  await expect(guest.getByRole('button', { name: w.open })).toHaveCount(0);

  // The inbox tab goes to the background: a visitor message counts in the title, no sound.
  const title = await admin.title();
  await admin.evaluate(() => {
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => true });
    document.dispatchEvent(new Event('visibilitychange'));
  });
  await chat.getByLabel(w.messageLabel).fill('Nog een vraag');
  await chat.getByLabel(w.messageLabel).press('Enter');
  await expect(admin).toHaveTitle(inbox.titleUnread(1, title));
  await admin.evaluate(() => {
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => false });
    document.dispatchEvent(new Event('visibilitychange'));
  });
  await expect(admin).toHaveTitle(title);
  await guestContext.close();
  await adminContext.close();
});

test('the greeting comes after 5 s and goes after 8 s', async ({ page }) => {
  await page.clock.install();
  await page.goto('/');
  await page.clock.runFor(2000);
  await expect(page.getByRole('button', { name: w.open })).toBeVisible();
  await expect(page.getByText(w.greeting)).toHaveCount(0);
  await page.clock.runFor(5000);
  await expect(page.getByText(w.greeting)).toBeVisible();
  // The bubble is a labelled landmark of its own: axe finds nothing outside the page's landmarks.
  const violations = await axeViolations(page);
  expect(violations, describeViolations(violations)).toEqual([]);
  await page.clock.runFor(8000);
  await expect(page.getByText(w.greeting)).toHaveCount(0);
});

test('below 1024 px the dashboard hides the chat until open-mobile-chat', async ({ page }) => {
  await registerUser(page, 'chatmobiel');
  await page.setViewportSize({ width: 390, height: 800 });
  await page.waitForTimeout(2000);
  await expect(page.getByRole('button', { name: w.open })).toHaveCount(0);
  await page.evaluate(() => window.dispatchEvent(new Event('open-mobile-chat')));
  await expect(page.getByRole('dialog', { name: w.title })).toBeVisible();
});

test('the link in a reply mail (/?chat=<id>) brings the guest back into that conversation', async ({
  browser,
}) => {
  const first = await browser.newContext();
  const page = await first.newPage();
  await page.goto('/');
  const name = `Terug ${Date.now().toString(36)}`;
  const email = uniqueEmail('terug');
  const chat = await startAsGuest(page, name, email);
  await chat.getByLabel(w.messageLabel).fill('Vraag van gisteren');
  await chat.getByLabel(w.messageLabel).press('Enter');
  await expect(chat.getByText('Vraag van gisteren')).toBeVisible();
  await first.close();

  const api = await adminApi();
  const { sessions } = await apiCall<AdminChatSessionsResponse>(
    api,
    'GET',
    '/api/admin/chat/sessions',
  );
  const session = sessions.find((s) => s.visitor.name === name)!;
  await api.dispose();

  // Another browser: the form asks who it is, the e-mail proves it.
  const second = await browser.newContext();
  const back = await second.newPage();
  await back.goto(`/?chat=${session.id}`);
  const resumed = back.getByRole('dialog', { name: w.title });
  await resumed.getByLabel(w.nameLabel).fill(name);
  await resumed.getByLabel(w.emailLabel).fill(email);
  await resumed.getByRole('button', { name: w.start }).click();
  await expect(resumed.getByText('Vraag van gisteren')).toBeVisible();
  await second.close();
});
