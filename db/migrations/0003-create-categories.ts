import { DataTypes, type QueryInterface } from 'sequelize';
import type { MigrationFn } from 'umzug';
import { bool, string, timestamps } from '../lib/columns';

export const up: MigrationFn<QueryInterface> = async ({ context: queryInterface }) => {
  await queryInterface.createTable('categories', {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true, allowNull: false },
    name: string(255, false),
    marktplaatsId: { type: DataTypes.INTEGER, allowNull: false },
    type: string(2, false),
    parentId: {
      type: DataTypes.INTEGER,
      allowNull: true,
      references: { model: 'categories', key: 'id' },
      onDelete: 'CASCADE',
      onUpdate: 'CASCADE',
    },
    isActive: bool(true),
    ...timestamps(),
  });
  await queryInterface.addIndex('categories', ['type', 'marktplaatsId'], {
    unique: true,
    name: 'categories_type_marktplaats_id_unique',
  });
  await queryInterface.addIndex('categories', ['parentId'], { name: 'categories_parent_id' });
  await queryInterface.addIndex('categories', ['marktplaatsId'], {
    name: 'categories_marktplaats_id',
  });
};

export const down: MigrationFn<QueryInterface> = async ({ context: queryInterface }) => {
  await queryInterface.dropTable('categories');
};
