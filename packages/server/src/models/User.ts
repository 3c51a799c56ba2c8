import {
  DataTypes,
  Model,
  type CreationOptional,
  type InferAttributes,
  type InferCreationAttributes,
  type NonAttribute,
  type Sequelize,
} from 'sequelize';
import { PLANS, ROLES, type Plan, type PlatformId, type Role } from '@prijsalarm/core';
import { newShortId } from '../lib/short-ids';
import { bool, dateTime, json, oneOf, timestamps, uuidPrimaryKey } from './columns';
import type { Alert } from './Alert';
import type { Session } from './Session';

export class User extends Model<InferAttributes<User>, InferCreationAttributes<User>> {
  declare id: CreationOptional<string>;
  /** Always stored trimmed and lowercased (the setter does it). */
  declare email: string;
  /** Argon2id PHC string; null until the user sets a password. */
  declare passwordHash: CreationOptional<string | null>;
  declare name: CreationOptional<string | null>;
  declare firstName: CreationOptional<string | null>;
  declare lastName: CreationOptional<string | null>;
  declare plan: CreationOptional<Plan>;
  declare role: CreationOptional<Role>;
  declare emailVerifiedAt: CreationOptional<Date | null>;
  declare newsletterOptIn: CreationOptional<boolean>;
  declare telegramChatId: CreationOptional<string | null>;
  declare telegramUsername: CreationOptional<string | null>;
  /** sha256 of the pending Telegram link code; the code itself is never stored. */
  declare telegramLinkCodeHash: CreationOptional<string | null>;
  declare telegramLinkCodeExpiresAt: CreationOptional<Date | null>;
  declare preferences: CreationOptional<Record<string, unknown>>;
  /** Admin-set feature switches that override the plan's (feature name → enabled). */
  declare featureOverrides: CreationOptional<Record<string, boolean> | null>;
  /** Admin-set platform access that overrides the plan's. */
  declare platformAccess: CreationOptional<Partial<Record<PlatformId, boolean>> | null>;
  declare lastLoginAt: CreationOptional<Date | null>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;

  declare alerts?: NonAttribute<Alert[]>;
  declare sessions?: NonAttribute<Session[]>;

  get isAdmin(): NonAttribute<boolean> {
    return this.role === 'ADMIN';
  }

  get emailVerified(): NonAttribute<boolean> {
    return this.emailVerifiedAt !== null && this.emailVerifiedAt !== undefined;
  }

  static normalizeEmail(email: string): string {
    return email.trim().toLowerCase();
  }

  static findByEmail(email: string): Promise<User | null> {
    return User.findOne({ where: { email: User.normalizeEmail(email) } });
  }

  static initModel(sequelize: Sequelize): typeof User {
    return User.init(
      {
        id: { ...uuidPrimaryKey, defaultValue: () => newShortId('u') },
        email: {
          type: DataTypes.STRING(255),
          allowNull: false,
          validate: { isEmail: true },
          set(value: string) {
            this.setDataValue('email', User.normalizeEmail(value));
          },
        },
        passwordHash: { type: DataTypes.STRING(255), allowNull: true },
        name: { type: DataTypes.STRING(255), allowNull: true },
        firstName: { type: DataTypes.STRING(255), allowNull: true },
        lastName: { type: DataTypes.STRING(255), allowNull: true },
        plan: oneOf(PLANS, { defaultValue: 'FREE' }),
        role: oneOf(ROLES, { defaultValue: 'USER' }),
        emailVerifiedAt: dateTime(),
        newsletterOptIn: bool(false),
        telegramChatId: { type: DataTypes.STRING(64), allowNull: true },
        telegramUsername: { type: DataTypes.STRING(255), allowNull: true },
        telegramLinkCodeHash: { type: DataTypes.STRING(64), allowNull: true },
        telegramLinkCodeExpiresAt: dateTime(),
        preferences: json(() => ({})),
        featureOverrides: json(),
        platformAccess: json(),
        lastLoginAt: dateTime(),
        ...timestamps,
      },
      { sequelize, tableName: 'users', modelName: 'User' },
    );
  }
}
