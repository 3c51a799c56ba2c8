import type { QueryInterface } from 'sequelize';
import type { MigrationFn } from 'umzug';
import { dateTime, id, json, references, string } from '../lib/columns';

export const up: MigrationFn<QueryInterface> = async ({ context: queryInterface }) => {
  await queryInterface.createTable('audit_events', {
    id: id(),
    actorUserId: references('users', true, 'SET NULL'),
    action: string(100, false),
    targetType: string(32),
    targetId: string(64),
    data: json(),
    createdAt: dateTime(false),
  });
  await queryInterface.addIndex('audit_events', ['actorUserId'], {
    name: 'audit_events_actor_user_id',
  });
  await queryInterface.addIndex('audit_events', ['targetType', 'targetId'], {
    name: 'audit_events_target',
  });
  await queryInterface.addIndex('audit_events', ['createdAt'], {
    name: 'audit_events_created_at',
  });
};

export const down: MigrationFn<QueryInterface> = async ({ context: queryInterface }) => {
  await queryInterface.dropTable('audit_events');
};
