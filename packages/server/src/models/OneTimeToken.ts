import {
  DataTypes,
  Model,
  type CreationOptional,
  type InferAttributes,
  type InferCreationAttributes,
  type NonAttribute,
  type Sequelize,
} from 'sequelize';
import { dateTime, foreignUuid, oneOf, timestamps, uuidPrimaryKey } from './columns';
import type { User } from './User';
import type { Alert } from './Alert';

export const ONE_TIME_TOKEN_PURPOSES = [
  'verify_email',
  'reset_password',
  'login_link',
  'alert_confirm',
  'telegram_link',
] as const;
export type OneTimeTokenPurpose = (typeof ONE_TIME_TOKEN_PURPOSES)[number];

/** A single-use secret link (verify, reset, login, guest alert confirmation). Only its hash is stored. */
export class OneTimeToken extends Model<
  InferAttributes<OneTimeToken>,
  InferCreationAttributes<OneTimeToken>
> {
  declare id: CreationOptional<string>;
  declare userId: CreationOptional<string | null>;
  declare email: string;
  declare purpose: OneTimeTokenPurpose;
  /** sha256 hex of the token (security/tokens hashToken). */
  declare tokenHash: string;
  declare expiresAt: Date;
  declare usedAt: CreationOptional<Date | null>;
  declare alertId: CreationOptional<string | null>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;

  declare user?: NonAttribute<User | null>;
  declare alert?: NonAttribute<Alert | null>;

  /** Unused and not expired at `now`. */
  isUsableAt(now: Date = new Date()): boolean {
    return this.usedAt === null && this.expiresAt.getTime() > now.getTime();
  }

  static initModel(sequelize: Sequelize): typeof OneTimeToken {
    return OneTimeToken.init(
      {
        id: uuidPrimaryKey,
        userId: foreignUuid(true),
        email: {
          type: DataTypes.STRING(255),
          allowNull: false,
          set(value: string) {
            this.setDataValue('email', value.trim().toLowerCase());
          },
        },
        purpose: oneOf(ONE_TIME_TOKEN_PURPOSES, { length: 32 }),
        tokenHash: { type: DataTypes.STRING(64), allowNull: false },
        expiresAt: dateTime(false),
        usedAt: dateTime(),
        alertId: foreignUuid(true),
        ...timestamps,
      },
      { sequelize, tableName: 'one_time_tokens', modelName: 'OneTimeToken' },
    );
  }
}
