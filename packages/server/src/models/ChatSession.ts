import {
  DataTypes,
  Model,
  type CreationOptional,
  type InferAttributes,
  type InferCreationAttributes,
  type NonAttribute,
  type Sequelize,
} from 'sequelize';
import { CHAT_RESOLVED_BY, type ChatResolvedBy } from '@prijsalarm/core';
import { dateTime, foreignUuid, oneOf, timestamps, uuidPrimaryKey } from './columns';
import type { User } from './User';

/** What is stored; 'closed' (an expired guest session) is worked out, never written. */
export const CHAT_SESSION_STORED_STATUSES = ['active', 'resolved'] as const;
export type ChatSessionStoredStatus = (typeof CHAT_SESSION_STORED_STATUSES)[number];

/** A support chat of a guest (guestName + guestEmail) or a user (userId). See migration 0020. */
export class ChatSession extends Model<
  InferAttributes<ChatSession>,
  InferCreationAttributes<ChatSession>
> {
  declare id: CreationOptional<string>;
  declare userId: string | null;
  declare guestName: string | null;
  /** Lower-cased, as validate-email normalizes it. */
  declare guestEmail: string | null;
  declare status: CreationOptional<ChatSessionStoredStatus>;
  declare resolvedBy: CreationOptional<ChatResolvedBy | null>;
  declare resolvedByUserId: CreationOptional<string | null>;
  declare lastActivityAt: Date;
  declare visitorSeenAt: CreationOptional<Date | null>;
  declare supportNotifiedAt: CreationOptional<Date | null>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;

  declare user?: NonAttribute<User | null>;

  static initModel(sequelize: Sequelize): typeof ChatSession {
    return ChatSession.init(
      {
        id: uuidPrimaryKey,
        userId: foreignUuid(true),
        guestName: { type: DataTypes.STRING(100), allowNull: true },
        guestEmail: { type: DataTypes.STRING(254), allowNull: true },
        status: oneOf(CHAT_SESSION_STORED_STATUSES, { defaultValue: 'active' }),
        resolvedBy: oneOf(CHAT_RESOLVED_BY, { allowNull: true }),
        resolvedByUserId: foreignUuid(true),
        lastActivityAt: dateTime(false),
        visitorSeenAt: dateTime(),
        supportNotifiedAt: dateTime(),
        ...timestamps,
      },
      { sequelize, tableName: 'chat_sessions', modelName: 'ChatSession' },
    );
  }
}
