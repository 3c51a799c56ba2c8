import {
  DataTypes,
  Model,
  type CreationOptional,
  type InferAttributes,
  type InferCreationAttributes,
  type Sequelize,
} from 'sequelize';
import { dateTime, timestamps, uuidPrimaryKey } from './columns';

/**
 * A link code the bot gave a chat (bare /start); typed on the website it links that chat to the
 * signed-in user. Only its hash is stored; single use, expires after TELEGRAM_LINK_CODE_TTL_MINUTES.
 */
export class TelegramLinkCode extends Model<
  InferAttributes<TelegramLinkCode>,
  InferCreationAttributes<TelegramLinkCode>
> {
  declare id: CreationOptional<string>;
  /** sha256 hex of the canonical code (delivery/telegram hashLinkCode). */
  declare codeHash: string;
  declare chatId: string;
  declare username: CreationOptional<string | null>;
  declare expiresAt: Date;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;

  static initModel(sequelize: Sequelize): typeof TelegramLinkCode {
    return TelegramLinkCode.init(
      {
        id: uuidPrimaryKey,
        codeHash: { type: DataTypes.STRING(64), allowNull: false },
        chatId: { type: DataTypes.STRING(64), allowNull: false },
        username: { type: DataTypes.STRING(255), allowNull: true },
        expiresAt: dateTime(false),
        ...timestamps,
      },
      { sequelize, tableName: 'telegram_link_codes', modelName: 'TelegramLinkCode' },
    );
  }
}
