/** GET /api/categories?type=L1|L2&parentId&isActive=true → CategoryDto[] (the seeded categories). */
import { Router } from 'express';
import { categoryQuerySchema, type CategoryDto } from '@prijsalarm/core';
import type { WhereOptions } from 'sequelize';
import type { AppContext } from '../../context';
import { validated } from '../../http/validate';
import type { Category } from '../../models';
import { presentCategory } from '../../presenters/category';

const dutchOrder = new Intl.Collator('nl', { sensitivity: 'base', numeric: true });

export default function categoriesRouter(ctx: AppContext): Router {
  const router = Router();

  router.get(
    '/',
    ...validated({ query: categoryQuerySchema }, async (req, res) => {
      const { type, parentId, isActive } = req.input.query;
      const where: WhereOptions<Category> = {
        ...(type !== undefined ? { type } : {}),
        ...(parentId !== undefined ? { parentId } : {}),
        ...(isActive !== undefined ? { isActive } : {}),
      };
      const categories = await ctx.models.Category.findAll({ where });
      // Sorted here, not by the database, so SQLite and MariaDB give the same Dutch order.
      const body: CategoryDto[] = categories
        .map(presentCategory)
        .sort((a, b) => dutchOrder.compare(a.name, b.name) || a.id - b.id);
      res.json(body);
    }),
  );

  return router;
}
