import {
  DataTypes,
  Model,
  type CreationOptional,
  type InferAttributes,
  type InferCreationAttributes,
  type NonAttribute,
  type Sequelize,
} from 'sequelize';
import { bool, dateTime, foreignUuid, timestamps, uuidPrimaryKey } from './columns';
import type { User } from './User';

/** One refresh-token session. Rotation keeps the familyId, so reuse of a rotated token can revoke the family. */
export class Session extends Model<InferAttributes<Session>, InferCreationAttributes<Session>> {
  declare id: CreationOptional<string>;
  declare userId: string;
  declare familyId: string;
  /** sha256 hex of the refresh token; the token itself is never stored. */
  declare refreshTokenHash: string;
  declare rememberMe: CreationOptional<boolean>;
  declare expiresAt: Date;
  declare revokedAt: CreationOptional<Date | null>;
  declare rotatedAt: CreationOptional<Date | null>;
  declare userAgent: CreationOptional<string | null>;
  declare ip: CreationOptional<string | null>;
  declare lastUsedAt: CreationOptional<Date | null>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;

  declare user?: NonAttribute<User>;

  static initModel(sequelize: Sequelize): typeof Session {
    return Session.init(
      {
        id: uuidPrimaryKey,
        userId: foreignUuid(false),
        familyId: { type: DataTypes.UUID, allowNull: false },
        refreshTokenHash: { type: DataTypes.STRING(64), allowNull: false },
        rememberMe: bool(false),
        expiresAt: dateTime(false),
        revokedAt: dateTime(),
        rotatedAt: dateTime(),
        userAgent: { type: DataTypes.STRING(512), allowNull: true },
        ip: { type: DataTypes.STRING(64), allowNull: true },
        lastUsedAt: dateTime(),
        ...timestamps,
      },
      { sequelize, tableName: 'sessions', modelName: 'Session' },
    );
  }
}
