/**
 * Message keys become 24 hex characters (96 bits) of the same sha-256, as the recorder now writes
 * them: a key sits on every e-mail delivery and again in its unique index for the row's whole
 * retention, 16 bytes less a delivery. At a billion keys the chance that two collide is about
 * 10⁻¹¹. Hex stays: MariaDB compares the column without case. Each key keeps its beginning, so an
 * ad recorded before still finds its message.
 */
import type { QueryInterface } from 'sequelize';
import type { MigrationFn } from 'umzug';
import { lengthenMessageKeys, shortenMessageKeys } from '../lib/message-keys';

export const up: MigrationFn<QueryInterface> = ({ context: queryInterface }) =>
  shortenMessageKeys(queryInterface, 24);

/** Down: the 32-character keys again, from what they are made of. */
export const down: MigrationFn<QueryInterface> = ({ context: queryInterface }) =>
  lengthenMessageKeys(queryInterface, { from: 24, to: 32 });
