/** What goes out of GET /admin/set-aside-listings: the row's fields, named one by one. */
import type { SetAsideListingDto } from '@prijsalarm/core';
import type { SetAsideListing } from '../models';

export function presentSetAsideListing(row: SetAsideListing): SetAsideListingDto {
  return {
    id: row.id,
    platform: row.platform,
    listingId: row.listingId,
    stage: row.stage,
    reason: row.reason,
    snippet: row.snippet,
    createdAt: row.createdAt.toISOString(),
  };
}
