/**
 * Device cookies (OWASP "Slow Down Online Guessing Attacks with Device Cookies"): a browser that
 * signed in to an account gets a cookie that names a random device id and is signed for that
 * account. Failed logins from a browser holding it count against that device alone, so someone
 * guessing the password elsewhere — on the same network too — cannot lock the owner's browser out.
 *
 * Value: `<device id>.<HMAC-SHA256(key, "<user id>:<device id>:<password hash>")>`, the device id
 * 128 random bits. The account is not in the cookie: it is checked against the account a login
 * names, so a cookie of one account is no one's device for another. The stored password hash is
 * signed in, so a new password (changed, reset, or rehashed with new parameters) ends every device
 * cookie issued before it: a browser that once knew the old password is a device no more.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { NONCE_BYTES, safeEqual } from './tokens';

/** What a device cookie is bound to: the account and its current password. */
export interface DeviceAccount {
  id: string;
  passwordHash: string | null;
}

export interface DeviceCookieSigner {
  /** A new device cookie value for the account as it is now. */
  issue(account: DeviceAccount): string;
  /** The device id when `value` was issued for this account and password (by this secret). */
  deviceOf(value: string, account: DeviceAccount): string | null;
}

const DEVICE_ID = /^[A-Za-z0-9_-]{22}$/;

export function createDeviceCookieSigner(secret: string): DeviceCookieSigner {
  // A key of its own, so a device cookie's MAC can never be replayed as another HMAC the app makes.
  const key = createHmac('sha256', secret).update('prijsalarm:device-cookie:v1').digest();
  const mac = (account: DeviceAccount, deviceId: string) =>
    createHmac('sha256', key)
      .update(`${account.id}:${deviceId}:${account.passwordHash ?? ''}`)
      .digest('base64url');
  return {
    issue(account) {
      const deviceId = randomBytes(NONCE_BYTES).toString('base64url');
      return `${deviceId}.${mac(account, deviceId)}`;
    },
    deviceOf(value, account) {
      const [deviceId = '', signature = '', ...rest] = value.split('.');
      if (rest.length > 0 || !DEVICE_ID.test(deviceId)) return null;
      return safeEqual(signature, mac(account, deviceId)) ? deviceId : null;
    },
  };
}
