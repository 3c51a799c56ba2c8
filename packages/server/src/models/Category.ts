import {
  DataTypes,
  Model,
  type CreationOptional,
  type InferAttributes,
  type InferCreationAttributes,
  type NonAttribute,
  type Sequelize,
} from 'sequelize';
import { bool, oneOf, timestamps } from './columns';

export const CATEGORY_TYPES = ['L1', 'L2'] as const;
export type CategoryType = (typeof CATEGORY_TYPES)[number];

/** A marketplace category (same numeric ids on Marktplaats and 2dehands); own autoincrement id. */
export class Category extends Model<InferAttributes<Category>, InferCreationAttributes<Category>> {
  declare id: CreationOptional<number>;
  declare name: string;
  declare marktplaatsId: number;
  declare type: CategoryType;
  /** Our id of the L1 parent (not the marktplaats id); null for L1. */
  declare parentId: CreationOptional<number | null>;
  declare isActive: CreationOptional<boolean>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;

  declare parent?: NonAttribute<Category | null>;
  declare children?: NonAttribute<Category[]>;

  static initModel(sequelize: Sequelize): typeof Category {
    return Category.init(
      {
        id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
        name: { type: DataTypes.STRING(255), allowNull: false },
        marktplaatsId: { type: DataTypes.INTEGER, allowNull: false },
        type: oneOf(CATEGORY_TYPES, { length: 2 }),
        parentId: { type: DataTypes.INTEGER, allowNull: true },
        isActive: bool(true),
        ...timestamps,
      },
      { sequelize, tableName: 'categories', modelName: 'Category' },
    );
  }
}
