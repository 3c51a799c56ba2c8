/** GET /api/categories?type=L1|L2&parentId&isActive=true → CategoryDto[] (the seeded categories). */
import { API_CONTRACT, categoryQuerySchema } from '@prijsalarm/core';
import type { AppContext } from '../../context';
import { listCategories } from '../../commands/categories';
import { route, type BoundRoute } from '../../http/contract-route';
import { presentCategory } from '../../presenters/category';

const dutchOrder = new Intl.Collator('nl', { sensitivity: 'base', numeric: true });

export default function categoryRoutes(ctx: AppContext): BoundRoute[] {
  return [
    route(
      API_CONTRACT.categories.list,
      { schemas: { query: categoryQuerySchema } },
      async (req) => {
        const categories = await listCategories(ctx, req.input.query);
        // Sorted here, not by the database, so SQLite and MariaDB give the same Dutch order.
        return categories
          .map(presentCategory)
          .sort((a, b) => dutchOrder.compare(a.name, b.name) || a.id - b.id);
      },
    ),
  ];
}
