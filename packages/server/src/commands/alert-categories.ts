/**
 * The API speaks in our category ids (CategoryDto.id, what the wizard sends as l1CategoryId and
 * l2CategoryId); an Alert row stores the marketplace's ids, which the engine searches with. This
 * translates both ways and checks a choice: the L1 exists and is active, the L2 belongs to it, and
 * car filters only come with the car category.
 */
import { ALERT_TEXTS, API_TEXTS, hasCarFilters, isCarCategory } from '@prijsalarm/core';
import type { AppContext } from '../context';
import { HttpError } from '../http/errors';
import { indexCategories, type CategoryIndex } from '../presenters/category';

/** All categories in one query, indexed both ways. */
export async function loadCategoryIndex(ctx: Pick<AppContext, 'models'>): Promise<CategoryIndex> {
  return indexCategories(await ctx.models.Category.findAll());
}

export interface CategoryChoice {
  /** Our ids, as the API carries them. */
  l1CategoryId: number | null;
  l2CategoryId: number | null;
  customFilters: Record<string, unknown>;
}

/**
 * The marketplace ids to store for a choice, or a 400 naming the field. `unchanged` says which ids
 * the alert already had (an update may keep a category that has since been deactivated).
 */
export function resolveCategoryChoice(
  index: CategoryIndex,
  choice: CategoryChoice,
  unchanged: { l1: boolean; l2: boolean } = { l1: false, l2: false },
): { l1CategoryId: number | null; l2CategoryId: number | null } {
  const fields: Record<string, string> = {};
  const l1 = choice.l1CategoryId === null ? null : index.byId.get(choice.l1CategoryId);
  const l2 = choice.l2CategoryId === null ? null : index.byId.get(choice.l2CategoryId);

  if (l1 !== null && (!l1 || l1.type !== 'L1' || (!l1.isActive && !unchanged.l1))) {
    fields.l1CategoryId = ALERT_TEXTS.categoryNotFound;
  }
  if (l2 !== null) {
    if (!l2 || l2.type !== 'L2' || (!l2.isActive && !unchanged.l2)) {
      fields.l2CategoryId = ALERT_TEXTS.categoryNotFound;
    } else if (!l1 || l2.parentId !== l1.id) {
      fields.l2CategoryId = ALERT_TEXTS.subcategoryMismatch;
    }
  }
  if (hasCarFilters(choice.customFilters) && !isCarCategory(l1 ?? null)) {
    fields.customFilters = ALERT_TEXTS.carFiltersNeedCarCategory;
  }
  if (Object.keys(fields).length > 0) {
    throw HttpError.badRequest(API_TEXTS.validationFailed, { fields });
  }
  return { l1CategoryId: l1?.marktplaatsId ?? null, l2CategoryId: l2?.marktplaatsId ?? null };
}
