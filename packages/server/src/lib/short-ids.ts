/**
 * Short ids (core's SHORT_ID_PATTERN) for rows that many other rows and indexes repeat: every
 * notification repeats its alert's id in its row and its unique key, its user's in its row and the
 * notification centre's index, and its own id in its primary key, its deliveries and their index —
 * each copy 15 bytes shorter than a UUID. 80 random bits: a collision is as unlikely as a UUID's at
 * the row counts retention keeps, and a unique key refuses one anyway.
 */
import { randomBytes } from 'node:crypto';
import { SHORT_ID_RANDOM_BYTES } from '@prijsalarm/core';

/** A new short id of the kind `letter` names: 'a' alert, 'c' check run, 'n' notification, 'u' user. */
export const newShortId = (letter: string): string =>
  `${letter}${randomBytes(SHORT_ID_RANDOM_BYTES).toString('hex')}`;
