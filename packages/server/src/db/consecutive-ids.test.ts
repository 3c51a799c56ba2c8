/**
 * The server does not start on database settings under which one INSERT's rows could get ids that
 * do not follow each other (a delivery's job would then send another row).
 */
import { describe, expect, it } from 'vitest';
import { useMigrationKit } from '../../test/migration-kit';
import { consecutiveIdProblem, requireConsecutiveIds } from './consecutive-ids';

describe('consecutive ids', () => {
  it('accepts consecutive lock modes counting by one, and names what is wrong otherwise', () => {
    expect(consecutiveIdProblem({ lockMode: 1, increment: 1 })).toBeNull();
    expect(consecutiveIdProblem({ lockMode: 0, increment: 1 })).toBeNull();
    expect(consecutiveIdProblem({ lockMode: 2, increment: 1 })).toMatch(
      /innodb_autoinc_lock_mode is 2/,
    );
    expect(consecutiveIdProblem({ lockMode: 1, increment: 3 })).toMatch(
      /auto_increment_increment is 3/,
    );
  });

  const kit = useMigrationKit();

  it('passes on the test database, as on a default install', async () => {
    await expect(requireConsecutiveIds(kit.sequelize)).resolves.toBeUndefined();
  });
});
