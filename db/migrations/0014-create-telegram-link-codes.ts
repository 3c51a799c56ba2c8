/**
 * Codes the Telegram bot hands out in answer to a bare /start: the user types one on the website
 * (POST /telegram/verify) to link that chat. Only the code's hash is stored, with its chat.
 */
import type { QueryInterface } from 'sequelize';
import type { MigrationFn } from 'umzug';
import { dateTime, id, string, timestamps } from '../lib/columns';

export const up: MigrationFn<QueryInterface> = async ({ context: queryInterface }) => {
  await queryInterface.createTable('telegram_link_codes', {
    id: id(),
    codeHash: string(64, false),
    chatId: string(64, false),
    username: string(255),
    expiresAt: dateTime(false),
    ...timestamps(),
  });
  await queryInterface.addIndex('telegram_link_codes', ['codeHash'], {
    unique: true,
    name: 'telegram_link_codes_code_hash_unique',
  });
  await queryInterface.addIndex('telegram_link_codes', ['chatId'], {
    name: 'telegram_link_codes_chat_id',
  });
};

export const down: MigrationFn<QueryInterface> = async ({ context: queryInterface }) => {
  await queryInterface.dropTable('telegram_link_codes');
};
