/** A marketplace category as the alert wizard sees it (core's CategoryDto). */
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
