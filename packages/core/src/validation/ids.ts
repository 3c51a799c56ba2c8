/**
 * The id of a row that many others repeat (a notification, a check run): a lower-case letter and
 * 80 random bits in hex, 21 characters where a UUID takes 36. Lower case, as MariaDB compares text
 * without case; the letter keeps it text, as SQLite reads a column of text that looks like a number
 * as a number.
 */
export const SHORT_ID_PATTERN = /^[a-z][0-9a-f]{20}$/;

/** The random part of a short id, in bytes. */
export const SHORT_ID_RANDOM_BYTES = 10;
