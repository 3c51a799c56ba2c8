/**
 * The messages of a chat session. sender is user, guest, support or system; authorUserId is the
 * agent for support messages. deliveredAt: the other side received it; readAt: the other side read
 * it (support for visitor messages, the visitor for support messages). mailedAt marks a support
 * answer that was also e-mailed to a guest who had left.
 */
import { DataTypes, type QueryInterface } from 'sequelize';
import type { MigrationFn } from 'umzug';
import { dateTime, id, references, string, timestamps } from '../lib/columns';

export const up: MigrationFn<QueryInterface> = async ({ context: queryInterface }) => {
  await queryInterface.createTable('chat_messages', {
    id: id(),
    sessionId: references('chat_sessions', false),
    sender: string(16, false),
    authorUserId: references('users', true, 'SET NULL'),
    text: { type: DataTypes.TEXT, allowNull: false },
    deliveredAt: dateTime(),
    readAt: dateTime(),
    mailedAt: dateTime(),
    ...timestamps(),
  });
  await queryInterface.addIndex('chat_messages', ['sessionId', 'createdAt'], {
    name: 'chat_messages_session_id_created_at',
  });
};

export const down: MigrationFn<QueryInterface> = async ({ context: queryInterface }) => {
  await queryInterface.dropTable('chat_messages');
};
