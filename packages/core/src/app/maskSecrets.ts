/**
 * Secrets that may stand anywhere in a text — a URL, a log message, an error's SQL: our tokens
 * (manage, confirm, reset and session links: random base64url, ≥ 22 characters) and Argon2
 * password hashes. The server's logs and the error reports of server and browser mask them with
 * this one rule.
 */
import { isRecordId } from '../validation/ids';

export const SECRET_MASK = '[redacted]';

/** A run long enough to be one of our tokens, or a hash. */
const TOKEN_RUN = /[A-Za-z0-9_-]{20,}/g;
/** An Argon2 PHC string ($argon2id$v=19$m=…,t=…,p=…$salt$hash), as a database error may quote it. */
const ARGON2_HASH =
  /\$argon2(?:id|i|d)\$(?:v=\d+\$)?m=\d+,t=\d+,p=\d+\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+/g;
/** sha256 hex: how tokens are stored, and search keys. A hash does not open anything. */
const HEX = /^[0-9a-f]+$/;
/** camelCase or PascalCase words ('processTicksAndRejections'): code, not a token. */
const CAMEL_CASE_WORDS = /^[A-Za-z][a-z]+(?:[A-Z][a-z]+)*$/;

/**
 * A random token mixes character classes; a long name ('telegram-updates-listener') does not,
 * ids are UUIDs or short ids (a letter and hex) and hashes hex. So a run is masked when it has
 * two of digits, capitals and lower case and is not a camelCase word.
 */
export function looksLikeToken(run: string): boolean {
  if (isRecordId(run) || HEX.test(run) || CAMEL_CASE_WORDS.test(run)) return false;
  return [/\d/, /[A-Z]/, /[a-z]/].filter((pattern) => pattern.test(run)).length >= 2;
}

/** Masks tokens and password hashes wherever they stand in a text. */
export function maskSecretsInText(text: string): string {
  return text
    .replace(ARGON2_HASH, SECRET_MASK)
    .replace(TOKEN_RUN, (run) => (looksLikeToken(run) ? SECRET_MASK : run));
}
