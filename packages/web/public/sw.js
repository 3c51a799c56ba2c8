/*
 * Prijsalarm's service worker: it shows the push notifications and opens what a tap on one asks
 * for. Plain JavaScript served as it is (public/, no build step, no imports) so the app's bundles do
 * not grow; registered after the page has loaded (src/platform/serviceWorker.ts). It caches
 * nothing: the app needs the network anyway, and a browser installs the app without it.
 *
 * A push message's decrypted body is JSON: { title, body, url, tag?, image?, openedUrl? } (core's
 * PushMessage).
 * Every message shows a notification, even while the app is open: Safari revokes a subscription
 * whose pushes show nothing.
 */
/* global self */

const ICON = '/icons/icon-192.png';
const FALLBACK_TITLE = 'Prijsalarm';

self.addEventListener('install', () => {
  // A new version takes over at once: it holds no cache that could go stale.
  void self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});

/** The message a push carries, whatever arrived: JSON as the server sends it, or plain text. */
function readPushMessage(data) {
  if (!data) return {};
  try {
    const message = data.json();
    return message && typeof message === 'object' ? message : { body: String(message) };
  } catch {
    return { body: data.text() };
  }
}

/** Shows the notification for one push message. */
function showFromPush(data) {
  const message = readPushMessage(data);
  const options = {
    body: typeof message.body === 'string' ? message.body : '',
    icon: ICON,
    lang: 'nl',
    data: {
      url: typeof message.url === 'string' ? message.url : '/dashboard',
      openedUrl: typeof message.openedUrl === 'string' ? message.openedUrl : null,
    },
  };
  if (typeof message.tag === 'string' && message.tag) {
    // A newer message for the same alert replaces the older one, and still makes a sound.
    options.tag = message.tag;
    options.renotify = true;
  }
  if (typeof message.image === 'string' && message.image.startsWith('https:')) {
    options.image = message.image;
  }
  const title = typeof message.title === 'string' && message.title ? message.title : FALLBACK_TITLE;
  return self.registration.showNotification(title, options);
}

self.addEventListener('push', (event) => {
  event.waitUntil(showFromPush(event.data));
});

/**
 * Opens `url` for a tap on a notification: a page of this site in a tab of ours (focused, and
 * brought to that page), an ad on the marketplace in a new window.
 */
async function openFromNotification(url) {
  const target = new URL(url || '/dashboard', self.location.origin);
  if (target.origin === self.location.origin) {
    const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
    const tab = windows.find((client) => client.url === target.href) ?? windows[0];
    if (tab) {
      // focus() needs the tap's user activation; without it the tab is still brought to the page.
      await tab.focus().catch(() => undefined);
      if (tab.url !== target.href && 'navigate' in tab) return tab.navigate(target.href);
      return tab;
    }
  }
  return self.clients.openWindow(target.href);
}

/**
 * Tells the server the notification was tapped, so its ads count as read everywhere (only a URL
 * of this site: the signed token in it is the credential, no cookies needed). A failure costs
 * nothing but an unread mark.
 */
async function markOpened(openedUrl) {
  if (typeof openedUrl !== 'string') return;
  const target = new URL(openedUrl, self.location.origin);
  if (target.origin !== self.location.origin) return;
  await fetch(target.href, { method: 'POST', credentials: 'omit' }).catch(() => undefined);
}

/**
 * A tap on a notification: its link opens, and its ads count as read — each whatever becomes of
 * the other (a browser may refuse the window).
 */
function tapNotification(data) {
  return Promise.allSettled([openFromNotification(data.url), markOpened(data.openedUrl)]);
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  event.waitUntil(tapNotification(event.notification.data || {}));
});
