/**
 * Device cookies (OWASP "Slow Down Online Guessing Attacks with Device Cookies"): a browser that
 * signed in to an account gets a cookie that names a random device id and is signed for that
 * account. Failed logins from a browser holding it count against that device alone, so someone
 * guessing the password elsewhere — on the same network too — cannot lock the owner's browser out.
 *
 * Value: `<device id>.<HMAC-SHA256(key, "<user id>:<device id>")>`, the device id 128 random bits.
 * The account is not in the cookie: it is checked against the account a login names, so a cookie
 * of one account is no one's device for another.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { NONCE_BYTES, safeEqual } from './tokens';

export interface DeviceCookieSigner {
  /** A new device cookie value for `userId`. */
  issue(userId: string): string;
  /** The device id when `value` was issued for `userId` (by this secret); else null. */
  deviceOf(value: string, userId: string): string | null;
}

const DEVICE_ID = /^[A-Za-z0-9_-]{22}$/;

export function createDeviceCookieSigner(secret: string): DeviceCookieSigner {
  // A key of its own, so a device cookie's MAC can never be replayed as another HMAC the app makes.
  const key = createHmac('sha256', secret).update('prijsalarm:device-cookie:v1').digest();
  const mac = (userId: string, deviceId: string) =>
    createHmac('sha256', key).update(`${userId}:${deviceId}`).digest('base64url');
  return {
    issue(userId) {
      const deviceId = randomBytes(NONCE_BYTES).toString('base64url');
      return `${deviceId}.${mac(userId, deviceId)}`;
    },
    deviceOf(value, userId) {
      const [deviceId = '', signature = '', ...rest] = value.split('.');
      if (rest.length > 0 || !DEVICE_ID.test(deviceId)) return null;
      return safeEqual(signature, mac(userId, deviceId)) ? deviceId : null;
    },
  };
}
