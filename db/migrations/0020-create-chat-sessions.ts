/**
 * Support chat sessions: a guest's (name + e-mail) or a user's conversation with support.
 * status is 'active' or 'resolved' (who ended it in resolvedBy); a guest session older than 24 h
 * counts as closed without a write. visitorSeenAt tells whether the visitor is still around (for
 * the reply-by-mail fallback); supportNotifiedAt marks the one mail to SUPPORT_EMAIL per session.
 */
import { DataTypes, type QueryInterface } from 'sequelize';
import type { MigrationFn } from 'umzug';
import { dateTime, id, references, string, timestamps } from '../lib/columns';

export const up: MigrationFn<QueryInterface> = async ({ context: queryInterface }) => {
  await queryInterface.createTable('chat_sessions', {
    id: id(),
    userId: references('users', true),
    guestName: string(100),
    guestEmail: string(254),
    status: { type: DataTypes.STRING(16), allowNull: false, defaultValue: 'active' },
    resolvedBy: string(16),
    resolvedByUserId: references('users', true, 'SET NULL'),
    lastActivityAt: dateTime(false),
    visitorSeenAt: dateTime(),
    supportNotifiedAt: dateTime(),
    ...timestamps(),
  });
  await queryInterface.addIndex('chat_sessions', ['userId', 'status'], {
    name: 'chat_sessions_user_id_status',
  });
  await queryInterface.addIndex('chat_sessions', ['status', 'lastActivityAt'], {
    name: 'chat_sessions_status_last_activity',
  });
};

export const down: MigrationFn<QueryInterface> = async ({ context: queryInterface }) => {
  await queryInterface.dropTable('chat_sessions');
};
