import { DataTypes, type QueryInterface } from 'sequelize';
import type { MigrationFn } from 'umzug';
import { bool, dateTime, id, references, string, timestamps } from '../lib/columns';

export const up: MigrationFn<QueryInterface> = async ({ context: queryInterface }) => {
  await queryInterface.createTable('sessions', {
    id: id(),
    userId: references('users', false),
    familyId: { type: DataTypes.UUID, allowNull: false },
    refreshTokenHash: string(64, false),
    rememberMe: bool(false),
    expiresAt: dateTime(false),
    revokedAt: dateTime(),
    rotatedAt: dateTime(),
    userAgent: string(512),
    ip: string(64),
    lastUsedAt: dateTime(),
    ...timestamps(),
  });
  await queryInterface.addIndex('sessions', ['userId'], { name: 'sessions_user_id' });
  await queryInterface.addIndex('sessions', ['familyId'], { name: 'sessions_family_id' });
  await queryInterface.addIndex('sessions', ['refreshTokenHash'], {
    unique: true,
    name: 'sessions_refresh_token_hash_unique',
  });
  await queryInterface.addIndex('sessions', ['expiresAt'], { name: 'sessions_expires_at' });
};

export const down: MigrationFn<QueryInterface> = async ({ context: queryInterface }) => {
  await queryInterface.dropTable('sessions');
};
