import {
  DataTypes,
  Model,
  type CreationOptional,
  type InferAttributes,
  type InferCreationAttributes,
  type Sequelize,
} from 'sequelize';
import { CHAT_SENDERS, type ChatSender } from '@prijsalarm/core';
import { dateTime, foreignUuid, oneOf, timestamps, uuidPrimaryKey } from './columns';

/** One message of a ChatSession. See migration 0021 for the delivered / read marks. */
export class ChatMessage extends Model<
  InferAttributes<ChatMessage>,
  InferCreationAttributes<ChatMessage>
> {
  declare id: CreationOptional<string>;
  declare sessionId: string;
  declare sender: ChatSender;
  declare authorUserId: CreationOptional<string | null>;
  /** As typed: untrusted, escaped wherever it is shown. */
  declare text: string;
  declare deliveredAt: CreationOptional<Date | null>;
  declare readAt: CreationOptional<Date | null>;
  declare mailedAt: CreationOptional<Date | null>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;

  static initModel(sequelize: Sequelize): typeof ChatMessage {
    return ChatMessage.init(
      {
        id: uuidPrimaryKey,
        sessionId: foreignUuid(false),
        sender: oneOf(CHAT_SENDERS),
        authorUserId: foreignUuid(true),
        text: { type: DataTypes.TEXT, allowNull: false },
        deliveredAt: dateTime(),
        readAt: dateTime(),
        mailedAt: dateTime(),
        ...timestamps,
      },
      { sequelize, tableName: 'chat_messages', modelName: 'ChatMessage' },
    );
  }
}
