/**
 * A marketplace category as the alert wizard sees it (core's CategoryDto), and the index that
 * translates between our category ids (what the API carries) and the marketplace's (what an Alert
 * row stores).
 */
import type { CategoryDto } from '@prijsalarm/core';
import type { Category } from '../models';

export function presentCategory(category: Category): CategoryDto {
  return {
    id: category.id,
    name: category.name,
    marktplaatsId: category.marktplaatsId,
    type: category.type,
    parentId: category.parentId ?? null,
    isActive: category.isActive,
  };
}

export interface CategoryIndex {
  byId: ReadonlyMap<number, Category>;
  /** Our id of an L1 category by its marketplace id. */
  l1IdByMarktplaatsId(marktplaatsId: number | null | undefined): number | null;
  /** Our id of an L2 category by its marketplace id, under the L1 with that marketplace id. */
  l2IdByMarktplaatsId(
    l1MarktplaatsId: number | null | undefined,
    l2MarktplaatsId: number | null | undefined,
  ): number | null;
}

/** The index over every category (a few hundred rows at most, loaded in one query). */
export function indexCategories(categories: readonly Category[]): CategoryIndex {
  const byId = new Map(categories.map((category) => [category.id, category]));
  const l1ByMarktplaatsId = new Map(
    categories
      .filter((category) => category.type === 'L1')
      .map((category) => [category.marktplaatsId, category]),
  );
  const l2ByParentAndMarktplaatsId = new Map(
    categories
      .filter((category) => category.type === 'L2')
      .map((category) => [`${category.parentId}:${category.marktplaatsId}`, category]),
  );
  const l1IdByMarktplaatsId = (marktplaatsId: number | null | undefined) =>
    marktplaatsId == null ? null : (l1ByMarktplaatsId.get(marktplaatsId)?.id ?? null);
  return {
    byId,
    l1IdByMarktplaatsId,
    l2IdByMarktplaatsId(l1MarktplaatsId, l2MarktplaatsId) {
      const parentId = l1IdByMarktplaatsId(l1MarktplaatsId);
      if (parentId === null || l2MarktplaatsId == null) return null;
      return l2ByParentAndMarktplaatsId.get(`${parentId}:${l2MarktplaatsId}`)?.id ?? null;
    },
  };
}
