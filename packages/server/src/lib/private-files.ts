/**
 * What the server writes to disk (the SQLite database, mail in the outbox, the session secret)
 * holds personal data or secrets: only the user the server runs as may read it.
 */
import { chmodSync, closeSync, mkdirSync, openSync } from 'node:fs';

export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/** Creates the folder (and its parents) readable by this user only. */
export function ensurePrivateDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
}

/** Creates the file if it is missing, and makes it (and one that exists) private. */
export function ensurePrivateFile(file: string): void {
  closeSync(openSync(file, 'a', PRIVATE_FILE_MODE));
  chmodSync(file, PRIVATE_FILE_MODE);
}
