/**
 * The 36 L1 categories and the car brands (L2 under Auto's, 91). Idempotent: a missing row is
 * inserted, a renamed one updated; `isActive` is left as an admin set it.
 */
import type { QueryInterface } from 'sequelize';
import type { MigrationFn } from 'umzug';
import { CAR_CATEGORY_MARKTPLAATS_ID } from '@prijsalarm/core';
import { CAR_BRAND_CATEGORIES, L1_CATEGORIES } from './data/categories';

interface CategoryRow {
  id: number;
  name: string;
  marktplaatsId: number;
  type: 'L1' | 'L2';
  parentId: number | null;
}

async function upsertCategories(
  queryInterface: QueryInterface,
  type: 'L1' | 'L2',
  entries: ReadonlyArray<readonly [number, string]>,
  parentId: number | null,
): Promise<void> {
  const existing = (await queryInterface.select(null, 'categories', {
    where: { type },
  })) as unknown as CategoryRow[];
  const byMarktplaatsId = new Map(existing.map((row) => [Number(row.marktplaatsId), row]));
  const now = new Date();

  const missing = entries.filter(([marktplaatsId]) => !byMarktplaatsId.has(marktplaatsId));
  if (missing.length > 0) {
    await queryInterface.bulkInsert(
      'categories',
      missing.map(([marktplaatsId, name]) => ({
        name,
        marktplaatsId,
        type,
        parentId,
        isActive: true,
        createdAt: now,
        updatedAt: now,
      })),
    );
  }
  for (const [marktplaatsId, name] of entries) {
    const row = byMarktplaatsId.get(marktplaatsId);
    if (row && (row.name !== name || (row.parentId ?? null) !== parentId)) {
      // Replacements are escaped per dialect (bulkUpdate binds a Date, which sqlite3 stores as a number).
      await queryInterface.sequelize.query(
        'UPDATE categories SET name = :name, parentId = :parentId, updatedAt = :now WHERE id = :id',
        { replacements: { name, parentId, now, id: row.id } },
      );
    }
  }
}

export const up: MigrationFn<QueryInterface> = async ({ context: queryInterface }) => {
  await upsertCategories(queryInterface, 'L1', L1_CATEGORIES, null);
  const [cars] = (await queryInterface.select(null, 'categories', {
    where: { type: 'L1', marktplaatsId: CAR_CATEGORY_MARKTPLAATS_ID },
  })) as unknown as CategoryRow[];
  if (!cars) throw new Error(`Seed: L1 category ${CAR_CATEGORY_MARKTPLAATS_ID} is missing`);
  await upsertCategories(queryInterface, 'L2', CAR_BRAND_CATEGORIES, cars.id);
};
