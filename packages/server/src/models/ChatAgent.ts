import {
  Model,
  type CreationOptional,
  type InferAttributes,
  type InferCreationAttributes,
  type Sequelize,
} from 'sequelize';
import { bool, timestamps } from './columns';
import { DataTypes } from 'sequelize';

/** An agent's online switch (migration 0022): support is online while any switch is on. */
export class ChatAgent extends Model<
  InferAttributes<ChatAgent>,
  InferCreationAttributes<ChatAgent>
> {
  declare userId: string;
  declare online: boolean;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;

  static initModel(sequelize: Sequelize): typeof ChatAgent {
    return ChatAgent.init(
      {
        userId: { type: DataTypes.UUID, primaryKey: true, allowNull: false },
        online: bool(false),
        ...timestamps,
      },
      { sequelize, tableName: 'chat_agents', modelName: 'ChatAgent' },
    );
  }
}
