import { describe, expect, it } from 'vitest';
import { API_CLIENT_TEXTS, ApiError } from '@prijsalarm/core';
import type { Pagination } from '@prijsalarm/core';
import { PagedList } from './PagedList';
import type { ListPage, PageRequest } from './PagedList';

interface Row {
  id: string;
  name: string;
}
type Query = { search: string; plan: '' | 'FREE' | 'PRO' };

const pagination = (page: number, totalPages = 3): Pagination => ({
  page,
  limit: 20,
  total: totalPages * 20,
  totalPages,
});
const row = (id: string): Row => ({ id, name: `rij ${id}` });

/** A server whose answers the test hands out, in any order. */
function server() {
  const calls: {
    request: PageRequest<Query>;
    answer(page: ListPage<Row>): void;
    fail(error: unknown): void;
  }[] = [];
  const fetchPage = (request: PageRequest<Query>) =>
    new Promise<ListPage<Row>>((resolve, reject) => {
      calls.push({ request, answer: resolve, fail: reject });
    });
  return { calls, list: new PagedList<Row, Query>({ search: '', plan: '' }, fetchPage) };
}

describe('PagedList', () => {
  it('shows the first page, and moves to the page asked for', async () => {
    const { calls, list } = server();
    const first = list.load();
    expect(list.status).toBe('loading');
    calls[0]!.answer({ items: [row('a')], pagination: pagination(1) });
    await first;
    expect(list.status).toBe('ready');
    expect(list.items).toEqual([row('a')]);

    const second = list.goToPage(2);
    expect(calls[1]!.request).toEqual({ page: 2 });
    // The old page stays on screen while the next one loads.
    expect(list.status).toBe('ready');
    calls[1]!.answer({ items: [row('b')], pagination: pagination(2) });
    await second;
    expect(list.items).toEqual([row('b')]);
    expect(list.pagination?.page).toBe(2);
  });

  it('a typed search counts from "Zoeken"; a filter starts again from page 1; "all" is left out', async () => {
    const { calls, list } = server();
    void list.goToPage(3);
    list.setQuery('search', '  bob ');
    expect(calls).toHaveLength(1);

    void list.apply();
    expect(calls[1]!.request).toEqual({ page: 1, search: 'bob' });

    void list.goToPage(2);
    void list.filter('plan', 'PRO');
    expect(calls[3]!.request).toEqual({ page: 1, search: 'bob', plan: 'PRO' });

    void list.filter('plan', '');
    expect(calls[4]!.request).toEqual({ page: 1, search: 'bob' });
  });

  it('a slow answer to an older request never replaces a newer page', async () => {
    const { calls, list } = server();
    const old = list.load();
    const latest = list.filter('plan', 'PRO');

    calls[1]!.answer({ items: [row('pro')], pagination: pagination(1, 1) });
    await latest;
    calls[0]!.answer({ items: [row('old')], pagination: pagination(1) });
    await old;
    expect(list.items).toEqual([row('pro')]);
    expect(list.pagination?.totalPages).toBe(1);
  });

  it('an older request that fails does not show an error over a newer page', async () => {
    const { calls, list } = server();
    const old = list.load();
    const latest = list.goToPage(2);
    calls[1]!.answer({ items: [row('b')], pagination: pagination(2) });
    await latest;
    calls[0]!.fail(new ApiError({ kind: 'network', status: 0, method: 'GET', path: '/x' }));
    await old;
    expect(list.status).toBe('ready');
    expect(list.error).toBeNull();
  });

  it('a failure shows the Dutch message; loading again clears it', async () => {
    const { calls, list } = server();
    const failing = list.load();
    calls[0]!.fail(new ApiError({ kind: 'network', status: 0, method: 'GET', path: '/x' }));
    await failing;
    expect(list.status).toBe('error');
    expect(list.error).toBe(API_CLIENT_TEXTS.network);

    const retry = list.load();
    expect(list.error).toBeNull();
    calls[1]!.answer({ items: [row('a')], pagination: pagination(1) });
    await retry;
    expect(list.status).toBe('ready');
  });

  it('a changed item is shown in its place, a deleted one disappears at once', async () => {
    const { calls, list } = server();
    const loading = list.load();
    calls[0]!.answer({ items: [row('a'), row('b')], pagination: pagination(1) });
    await loading;

    list.replace({ id: 'b', name: 'Bob' });
    expect(list.items).toEqual([row('a'), { id: 'b', name: 'Bob' }]);
    list.remove('a');
    expect(list.items).toEqual([{ id: 'b', name: 'Bob' }]);
  });
});
