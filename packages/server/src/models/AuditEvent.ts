import {
  DataTypes,
  Model,
  type CreationOptional,
  type InferAttributes,
  type InferCreationAttributes,
  type Sequelize,
} from 'sequelize';
import { dateTime, foreignUuid, json, uuidPrimaryKey } from './columns';

/** What an admin did, to whom (e.g. action 'user.plan_changed', targetType 'user'). */
export class AuditEvent extends Model<
  InferAttributes<AuditEvent>,
  InferCreationAttributes<AuditEvent>
> {
  declare id: CreationOptional<string>;
  declare actorUserId: CreationOptional<string | null>;
  declare action: string;
  declare targetType: CreationOptional<string | null>;
  declare targetId: CreationOptional<string | null>;
  declare data: CreationOptional<Record<string, unknown>>;
  declare createdAt: CreationOptional<Date>;

  static initModel(sequelize: Sequelize): typeof AuditEvent {
    return AuditEvent.init(
      {
        id: uuidPrimaryKey,
        actorUserId: foreignUuid(true),
        action: { type: DataTypes.STRING(100), allowNull: false },
        targetType: { type: DataTypes.STRING(32), allowNull: true },
        targetId: { type: DataTypes.STRING(64), allowNull: true },
        data: json(() => ({})),
        createdAt: dateTime(false),
      },
      { sequelize, tableName: 'audit_events', modelName: 'AuditEvent', updatedAt: false },
    );
  }
}
