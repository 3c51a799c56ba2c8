/**
 * Short ids (core's SHORT_ID_PATTERN) for rows that many other rows and indexes repeat: each of a
 * notification's copies — its own row and key, its deliveries and their index — is 15 bytes
 * shorter than a UUID's. 80 random bits: a collision is as unlikely as a UUID's at the row counts
 * retention keeps, and a unique key refuses one anyway.
 */
import { randomBytes } from 'node:crypto';
import { SHORT_ID_RANDOM_BYTES } from '@prijsalarm/core';

/** A new short id of the kind `letter` names ('c' a check run, 'n' a notification). */
export const newShortId = (letter: string): string =>
  `${letter}${randomBytes(SHORT_ID_RANDOM_BYTES).toString('hex')}`;
