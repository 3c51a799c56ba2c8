/**
 * POST /api/alerts/parse-url {url}: the create-alert fields of a Marktplaats or 2dehands search
 * link, with the parts it could not take over. Core's converter does the work, the same one the
 * web forms run in the browser; the server adds our active categories.
 */
import { API_CONTRACT, parseMarketplaceSearchUrl, parseSearchUrlSchema } from '@prijsalarm/core';
import type { AppContext } from '../../context';
import { listCategories } from '../../commands/categories';
import { route, type BoundRoute } from '../../http/contract-route';
import { HttpError } from '../../http/errors';
import { presentCategory } from '../../presenters/category';

export default function alertImportRoutes(ctx: AppContext): BoundRoute[] {
  return [
    route(
      API_CONTRACT.alerts.parseUrl,
      { schemas: { body: parseSearchUrlSchema } },
      async (req) => {
        const categories = (await listCategories(ctx, { isActive: true })).map(presentCategory);
        const result = parseMarketplaceSearchUrl(req.input.body.url, categories);
        if (!result.ok) throw HttpError.badRequest(result.error, { fields: { url: result.error } });
        const { ok: _ok, ...search } = result;
        return search;
      },
    ),
  ];
}
