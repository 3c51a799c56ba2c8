/**
 * A live delivery is written only once an open page took its message, sent. Open live rows are
 * what the worker used to settle after a grace of seconds (deleted when nobody took them): no job
 * settles them any more, so they go now, as their jobs would have done.
 *
 * Down has nothing to bring back: the rows it deletes were on their way out.
 */
import type { QueryInterface } from 'sequelize';
import type { MigrationFn } from 'umzug';

export const up: MigrationFn<QueryInterface> = async ({ context: queryInterface }) => {
  await queryInterface.sequelize.query(
    "DELETE FROM `deliveries` WHERE `channel` = 'live' AND `status` IN ('pending', 'retrying')",
  );
};

export const down: MigrationFn<QueryInterface> = async () => {};
