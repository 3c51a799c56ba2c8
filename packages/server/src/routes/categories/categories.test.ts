/** GET /api/categories through the running server, on the seeded categories. */
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  API_TEXTS,
  CAR_CATEGORY_MARKTPLAATS_ID,
  type ApiErrorBody,
  type CategoryDto,
} from '@prijsalarm/core';
import { startTestServer, type TestServer } from '../../../test/support';

let server: TestServer;
beforeAll(async () => (server = await startTestServer()));
afterAll(() => server.stop());

const list = (query: Record<string, string | number> = {}) =>
  server.client().get<CategoryDto[]>('/api/categories', { query });

const dutchOrder = new Intl.Collator('nl', { sensitivity: 'base', numeric: true });

it('lists the active top categories in Dutch alphabetical order, the car category among them', async () => {
  const res = await list({ type: 'L1', isActive: 'true' });
  expect(res.status).toBe(200);
  expect(res.body.length).toBeGreaterThan(30);
  for (const category of res.body) {
    expect(category).toEqual({
      id: expect.any(Number),
      name: expect.any(String),
      marktplaatsId: expect.any(Number),
      type: 'L1',
      parentId: null,
      isActive: true,
    });
  }
  const names = res.body.map((category) => category.name);
  expect(names).toEqual([...names].sort(dutchOrder.compare));
  expect(
    res.body.find((category) => category.marktplaatsId === CAR_CATEGORY_MARKTPLAATS_ID)?.name,
  ).toBe("Auto's");
});

it('lists the subcategories of one top category', async () => {
  const cars = (await list({ type: 'L1' })).body.find(
    (category) => category.marktplaatsId === CAR_CATEGORY_MARKTPLAATS_ID,
  )!;
  const res = await list({ type: 'L2', parentId: cars.id, isActive: 'true' });
  expect(res.status).toBe(200);
  expect(res.body.length).toBeGreaterThan(10);
  expect(new Set(res.body.map((category) => `${category.type}:${category.parentId}`))).toEqual(
    new Set([`L2:${cars.id}`]),
  );
});

it('lists nothing under a parent that does not exist', async () => {
  const res = await list({ parentId: 999_999 });
  expect(res.status).toBe(200);
  expect(res.body).toEqual([]);
});

it('leaves a deactivated category out only when active ones are asked for', async () => {
  const [first] = (await list({ type: 'L1' })).body;
  await server.models.Category.update({ isActive: false }, { where: { id: first!.id } });
  try {
    const ids = async (query: Record<string, string>) =>
      (await list({ type: 'L1', ...query })).body.map((category) => category.id);
    expect(await ids({ isActive: 'true' })).not.toContain(first!.id);
    expect(await ids({ isActive: 'false' })).toEqual([first!.id]);
    expect(await ids({})).toContain(first!.id);
  } finally {
    await server.models.Category.update({ isActive: true }, { where: { id: first!.id } });
  }
});

it('lists top and subcategories together when no type is asked for', async () => {
  const all = (await list()).body;
  const tops = (await list({ type: 'L1' })).body;
  const subs = (await list({ type: 'L2' })).body;
  expect(all.length).toBe(tops.length + subs.length);
});

it.each<[string, Record<string, string>, string]>([
  ['an unknown type', { type: 'L3' }, 'type'],
  ['a parent id that is a word', { parentId: 'auto' }, 'parentId'],
  ['parent id 0', { parentId: '0' }, 'parentId'],
  ['isActive other than true or false', { isActive: 'ja' }, 'isActive'],
])('answers 400 in Dutch for %s', async (_name, query, field) => {
  const res = await server.client().get<ApiErrorBody>('/api/categories', { query });
  expect(res.status).toBe(400);
  expect(res.body.error).toBe(API_TEXTS.validationFailed);
  expect(Object.keys(res.body.fields ?? {})).toEqual([field]);
});
