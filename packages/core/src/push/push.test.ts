import { describe, expect, it } from 'vitest';
import { buildCapabilities } from '../plans/capabilities';
import { DEFAULT_SETTINGS } from '../plans/settings';
import { isAppleMobile } from './device';
import { isAllowedPushHost, isKnownPushServiceHost, PUSH_RULES, trimPushMessage } from './rules';
import { createPushSubscriptionSchema } from './schema';
import { PUSH_TEXTS } from './strings';

describe('the push services an endpoint may name', () => {
  it.each([
    ['fcm.googleapis.com', true],
    ['updates.push.services.mozilla.com', true],
    ['web.push.apple.com', true],
    ['wns2-db5p.notify.windows.com', true],
    ['FCM.googleapis.com', true],
    ['evilfcm.googleapis.com', false],
    ['fcm.googleapis.com.evil.nl', false],
    ['push.apple.com.example.nl', false],
    ['notify.windows.com.attacker.io', false],
    ['android.googleapis.com', false],
    ['127.0.0.1', false],
  ])('%s: %s', (host, allowed) => {
    expect(isKnownPushServiceHost(host)).toBe(allowed);
  });

  it('takes a known service on its default port only, and the configured extra hosts as given', () => {
    expect(isAllowedPushHost(new URL('https://fcm.googleapis.com/fcm/send/x'), [])).toBe(true);
    expect(isAllowedPushHost(new URL('https://fcm.googleapis.com:8443/fcm/send/x'), [])).toBe(
      false,
    );
    expect(isAllowedPushHost(new URL('https://127.0.0.1:9443/push/a'), ['127.0.0.1:9443'])).toBe(
      true,
    );
    expect(isAllowedPushHost(new URL('https://127.0.0.1:9444/push/a'), ['127.0.0.1:9443'])).toBe(
      false,
    );
  });
});

describe('createPushSubscriptionSchema', () => {
  const keys = {
    p256dh: `B${'A'.repeat(86)}`,
    auth: 'A'.repeat(22),
  };
  const valid = { endpoint: 'https://fcm.googleapis.com/fcm/send/abc', keys };

  it('takes what PushSubscription.toJSON() hands over, with an optional label', () => {
    expect(createPushSubscriptionSchema.parse({ ...valid, label: ' Chrome op Android ' })).toEqual({
      ...valid,
      label: 'Chrome op Android',
    });
  });

  it.each([
    [
      'an http endpoint',
      { ...valid, endpoint: 'http://fcm.googleapis.com/x' },
      PUSH_TEXTS.errors.httpsOnly,
    ],
    ['no endpoint', { keys }, PUSH_TEXTS.errors.endpointRequired],
    ['no URL', { ...valid, endpoint: 'push me' }, PUSH_TEXTS.errors.endpointInvalid],
    ['a short key', { ...valid, keys: { ...keys, p256dh: 'BAAA' } }, PUSH_TEXTS.errors.keysInvalid],
    [
      'a compressed key',
      { ...valid, keys: { ...keys, p256dh: `A${'A'.repeat(86)}` } },
      PUSH_TEXTS.errors.keysInvalid,
    ],
    ['no auth secret', { ...valid, keys: { p256dh: keys.p256dh } }, PUSH_TEXTS.errors.keysInvalid],
    ['a long label', { ...valid, label: 'x'.repeat(61) }, PUSH_TEXTS.errors.labelTooLong],
  ])('refuses %s in Dutch', (_case, input, message) => {
    const result = createPushSubscriptionSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toContain(message);
  });
});

describe('isAppleMobile', () => {
  it.each([
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 Safari/604.1',
      0,
      true,
    ],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 Safari/605.1.15',
      5,
      true,
    ],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 Safari/605.1.15',
      0,
      false,
    ],
    ['Mozilla/5.0 (Linux; Android 14; Pixel 8) Chrome/126.0 Mobile Safari/537.36', 5, false],
  ])('%s (%i touch points): %s', (userAgent, touchPoints, expected) => {
    expect(isAppleMobile(userAgent, touchPoints)).toBe(expected);
  });
});

describe('who may use push', () => {
  const capabilities = (plan: 'FREE' | 'REGISTERED' | 'PRO' | null, override?: boolean) =>
    buildCapabilities({
      settings: DEFAULT_SETTINGS,
      user:
        plan === null
          ? null
          : {
              plan,
              role: 'USER',
              telegramConnected: false,
              telegramUsername: null,
              ...(override === undefined ? {} : { featureOverrides: { push: override } }),
            },
      counts: { alerts: 0, telegramAlerts: 0 },
    });

  it('REGISTERED and PRO may; a guest and FREE may not, not even by an override', () => {
    expect(capabilities('REGISTERED').features.push).toBe(true);
    expect(capabilities('PRO').features.push).toBe(true);
    expect(capabilities(null).features.push).toBe(false);
    expect(capabilities('FREE', true).features.push).toBe(false);
  });
});

describe('trimPushMessage', () => {
  const message = {
    title: 'Nieuwe advertentie voor "fiets"',
    body: 'Gazelle herenfiets · € 120 · Utrecht',
    url: 'https://www.marktplaats.nl/v/fietsen/m123',
    image: 'https://images.marktplaats.com/x.jpg',
  };

  it('leaves a message that fits alone', () => {
    expect(trimPushMessage(message)).toBe(message);
  });

  it('drops the picture and shortens the body of one that does not, keeping title and link', () => {
    const long = { ...message, body: 'heel mooi '.repeat(400) };
    const trimmed = trimPushMessage(long);
    expect(new TextEncoder().encode(JSON.stringify(trimmed)).length).toBeLessThanOrEqual(
      PUSH_RULES.maxPayloadBytes,
    );
    expect(trimmed).toMatchObject({ title: message.title, url: message.url });
    expect(trimmed.image).toBeUndefined();
    expect(trimmed.body.length).toBeLessThanOrEqual(PUSH_RULES.shortBodyLength);
  });

  it('after a 413 shortens even a message that seemed to fit', () => {
    expect(trimPushMessage(message, { force: true }).image).toBeUndefined();
  });
});
