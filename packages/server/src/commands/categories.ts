/** The seeded marketplace categories, filtered as the category picker asks. */
import type { ParsedCategoryQuery } from '@prijsalarm/core';
import type { WhereOptions } from 'sequelize';
import type { AppContext } from '../context';
import type { Category } from '../models';

export async function listCategories(
  ctx: AppContext,
  { type, parentId, isActive }: ParsedCategoryQuery,
): Promise<Category[]> {
  const where: WhereOptions<Category> = {
    ...(type !== undefined ? { type } : {}),
    ...(parentId !== undefined ? { parentId } : {}),
    ...(isActive !== undefined ? { isActive } : {}),
  };
  return ctx.models.Category.findAll({ where });
}
