import { DataTypes, type QueryInterface } from 'sequelize';
import type { MigrationFn } from 'umzug';
import { bool, dateTime, id, json, string, timestamps } from '../lib/columns';

export const up: MigrationFn<QueryInterface> = async ({ context: queryInterface }) => {
  await queryInterface.createTable('users', {
    id: id(),
    email: string(255, false),
    passwordHash: string(255),
    name: string(255),
    firstName: string(255),
    lastName: string(255),
    plan: { type: DataTypes.STRING(16), allowNull: false, defaultValue: 'FREE' },
    role: { type: DataTypes.STRING(16), allowNull: false, defaultValue: 'USER' },
    emailVerifiedAt: dateTime(),
    newsletterOptIn: bool(false),
    telegramChatId: string(64),
    telegramUsername: string(255),
    telegramLinkCodeHash: string(64),
    telegramLinkCodeExpiresAt: dateTime(),
    preferences: json(),
    featureOverrides: json(true),
    platformAccess: json(true),
    lastLoginAt: dateTime(),
    ...timestamps(),
  });
  await queryInterface.addIndex('users', ['email'], { unique: true, name: 'users_email_unique' });
  await queryInterface.addIndex('users', ['telegramChatId'], {
    unique: true,
    name: 'users_telegram_chat_id_unique',
  });
  await queryInterface.addIndex('users', ['telegramLinkCodeHash'], {
    name: 'users_telegram_link_code_hash',
  });
  await queryInterface.addIndex('users', ['plan'], { name: 'users_plan' });
  await queryInterface.addIndex('users', ['createdAt'], { name: 'users_created_at' });
};

export const down: MigrationFn<QueryInterface> = async ({ context: queryInterface }) => {
  await queryInterface.dropTable('users');
};
