/**
 * Ids of records. Rows that many others repeat — users, alerts, notifications, check runs — get a
 * short id: a lower-case letter and 80 random bits in hex, 21 characters where a UUID takes 36.
 * Lower case, as MariaDB compares text without case; the letter keeps it text, as SQLite reads a
 * column of text that looks like a number as a number. Records made before keep their UUIDs.
 */
export const SHORT_ID_PATTERN = /^[a-z][0-9a-f]{20}$/;

/** The random part of a short id, in bytes. */
export const SHORT_ID_RANDOM_BYTES = 10;

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether `id` has the shape of a record's id: a UUID or a short id. */
export const isRecordId = (id: string): boolean =>
  UUID_PATTERN.test(id) || SHORT_ID_PATTERN.test(id);
