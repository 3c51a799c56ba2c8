/**
 * Message keys (one message per ad, recipient and channel: engine/recorder.ts) become half as
 * long: the first 32 hex characters of the same sha-256, as the recorder now writes them. A key
 * is stored on every e-mail delivery and in its unique index for the row's whole retention; 128
 * bits keep collisions out of reach. Each existing key keeps its beginning, so an ad recorded
 * before goes on finding its message (its new alerts' rows follow it instead of mailing again).
 */
import type { QueryInterface } from 'sequelize';
import type { MigrationFn } from 'umzug';
import { lengthenMessageKeys, shortenMessageKeys } from '../lib/message-keys';

export const up: MigrationFn<QueryInterface> = ({ context: queryInterface }) =>
  shortenMessageKeys(queryInterface, 32);

/** Down: the whole sha-256 again, from what it was made of. */
export const down: MigrationFn<QueryInterface> = ({ context: queryInterface }) =>
  lengthenMessageKeys(queryInterface, { from: 32, to: 64 });
