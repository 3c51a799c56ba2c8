import type { Pagination } from '@prijsalarm/core';

/** `limit`/`offset` for a 1-based page. */
export function pageWindow(page: number, limit: number): { limit: number; offset: number } {
  return { limit, offset: (page - 1) * limit };
}

/** The Pagination of an answer; `totalPages` is 0 when nothing matched. */
export function paginationOf(page: number, limit: number, total: number): Pagination {
  return { page, limit, total, totalPages: Math.ceil(total / limit) };
}
