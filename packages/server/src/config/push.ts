/**
 * Web Push's settings: the VAPID key pair the server signs every push with (RFC 8292), and the push
 * services a subscription's endpoint may point at. A browser's subscription is bound to the public
 * key it was made with, so the pair must stay the same for the installation's life: when the
 * environment names none it is generated once into DATA_DIR and read from there ever after.
 */
import { createECDH } from 'node:crypto';
import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import webpush from 'web-push';
import { PRIVATE_FILE_MODE } from '../lib/private-files';

export const VAPID_KEYS_FILE = 'vapid-keys.json';

export interface VapidKeys {
  /** The P-256 public key as an uncompressed point, base64url (what browsers subscribe with). */
  readonly publicKey: string;
  /** The 32-byte private key, base64url. */
  readonly privateKey: string;
}

export interface PushSettings {
  readonly vapid: VapidKeys & {
    /** VAPID_SUBJECT: the contact push services see (mailto: or https:). */
    readonly subject: string;
  };
  /** PUSH_SERVICE_HOSTS: host[:port] besides the known push services (a local double). */
  readonly extraHosts: readonly string[];
  /** PUSH_CA_FILE: a PEM file of extra certificates push calls trust (the tests' double). */
  readonly extraCaPem: string | null;
}

/** Why `keys` is no usable VAPID pair, or null. */
export function vapidKeysProblem(keys: VapidKeys): string | null {
  const publicKey = Buffer.from(keys.publicKey, 'base64url');
  const privateKey = Buffer.from(keys.privateKey, 'base64url');
  if (publicKey.length !== 65 || publicKey[0] !== 0x04) {
    return 'must be a P-256 public key: 65 bytes, base64url (web-push generate-vapid-keys)';
  }
  if (privateKey.length !== 32) return 'must be a 32-byte P-256 private key, base64url';
  const ecdh = createECDH('prime256v1');
  try {
    ecdh.setPrivateKey(privateKey);
  } catch {
    return 'is no P-256 private key';
  }
  if (!ecdh.getPublicKey().equals(publicKey)) {
    return 'VAPID_PUBLIC_KEY is not the public key of VAPID_PRIVATE_KEY';
  }
  return null;
}

/** The key pair in DATA_DIR/vapid-keys.json, made (private to this user) when it is not there. */
export function readOrCreateVapidKeys(dataDir: string): VapidKeys {
  const file = path.join(dataDir, VAPID_KEYS_FILE);
  if (existsSync(file)) {
    const stored = JSON.parse(readFileSync(file, 'utf8')) as VapidKeys;
    const problem = vapidKeysProblem(stored);
    if (problem) throw new Error(`${file}: ${problem}`);
    return { publicKey: stored.publicKey, privateKey: stored.privateKey };
  }
  const keys = webpush.generateVAPIDKeys();
  try {
    writeFileSync(file, `${JSON.stringify(keys, null, 2)}\n`, {
      mode: PRIVATE_FILE_MODE,
      flag: 'wx',
    });
  } catch (error) {
    // Another process of the installation wrote it first: every process must sign with one pair.
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return readOrCreateVapidKeys(dataDir);
    throw error;
  }
  chmodSync(file, PRIVATE_FILE_MODE);
  return keys;
}

/** `host` or `host:port`, lowercased; null when it is neither. */
export function parsePushHost(value: string): string | null {
  const text = value.trim().toLowerCase();
  if (!/^[a-z0-9.-]+(:\d{1,5})?$/.test(text) && !/^\[[0-9a-f:.]+\](:\d{1,5})?$/.test(text)) {
    return null;
  }
  try {
    const url = new URL(`https://${text}`);
    return url.host === text || `${url.hostname}:443` === text ? text : null;
  } catch {
    return null;
  }
}
