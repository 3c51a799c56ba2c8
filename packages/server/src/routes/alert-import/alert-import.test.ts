/** POST /api/alerts/parse-url through the running server, on the seeded categories. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API_TEXTS,
  CAR_CATEGORY_MARKTPLAATS_ID,
  IMPORT_URL_TEXTS,
  type CategoryDto,
  type ParseSearchUrlResponse,
} from '@prijsalarm/core';
import { requestWithoutCsrf } from '../../../test/requests';
import { startTestServer, type TestServer } from '../../../test/support';

describe('POST /alerts/parse-url', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ mailbox: false });
  });
  afterAll(() => server.stop());

  async function send(body: unknown) {
    const guest = server.client();
    await guest.get('/api/settings/public'); // the CSRF cookie a visitor's browser gets
    return guest.post<ParseSearchUrlResponse>('/api/alerts/parse-url', body);
  }

  it('answers the fields of a search link, with our category ids, and names what it left', async () => {
    const categories = (await server.client().get<CategoryDto[]>('/api/categories')).body;
    const cars = categories.find((c) => c.marktplaatsId === CAR_CATEGORY_MARKTPLAATS_ID)!;
    const volkswagen = categories.find((c) => c.parentId === cars.id && c.name === 'Volkswagen')!;

    const res = await send({
      url: 'https://www.marktplaats.nl/l/auto-s/volkswagen/#q:golf|postcode:3511AB|distanceMeters:10000|PriceCentsTo:1500000|mileageTo:150000|f:14055|sortBy:SORT_INDEX',
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      platform: 'marktplaats',
      fields: {
        platforms: ['marktplaats'],
        searchTerm: 'golf',
        l1CategoryId: cars.id,
        l2CategoryId: volkswagen.id,
        postalCode: '3511 AB',
        distance: 10,
        maxPrice: 15000,
        customFilters: { mileageMax: 150000 },
      },
      unsupported: [
        { part: 'f:14055', message: IMPORT_URL_TEXTS.filterUnsupported('Direct Kopen (14055)') },
      ],
      ignored: [{ part: 'sortBy:SORT_INDEX', message: IMPORT_URL_TEXTS.sortIgnored }],
    });
  });

  it('answers a 2dehands link with its own category key', async () => {
    const res = await send({
      url: 'https://www.2dehands.be/l/games-en-spelcomputers/#q:ps5|Language:all-languages',
    });
    expect(res.status).toBe(200);
    expect(res.body.platform).toBe('2dehands');
    expect(res.body.fields).toMatchObject({ searchTerm: 'ps5', l1CategoryId: expect.any(Number) });
    expect(res.body.unsupported).toEqual([]);
  });

  it.each([
    ['a link of another site', 'https://www.example.com/q/fiets/', IMPORT_URL_TEXTS.notMarketplace],
    [
      'an ad page',
      'https://www.marktplaats.nl/v/fietsen/m2064554806-batavus',
      IMPORT_URL_TEXTS.notASearch,
    ],
    ['no link at all', 'fiets onder 100 euro', IMPORT_URL_TEXTS.notAUrl],
  ])('refuses %s with a Dutch 400', async (_case, url, error) => {
    const res = await send({ url });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error, fields: { url: error } });
  });

  it.each<[string, unknown, string]>([
    ['no url', {}, IMPORT_URL_TEXTS.empty],
    ['an empty url', { url: '  ' }, IMPORT_URL_TEXTS.empty],
    ['a url that is no text', { url: 42 }, IMPORT_URL_TEXTS.notAUrl],
    [
      'an overlong url',
      { url: `https://www.marktplaats.nl/q/${'a'.repeat(2001)}/` },
      IMPORT_URL_TEXTS.tooLong,
    ],
  ])('refuses %s as a validation failure', async (_case, body, message) => {
    const res = await send(body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      error: API_TEXTS.validationFailed,
      fields: { url: message },
    });
  });

  it('refuses a request without the CSRF token', async () => {
    const guest = server.client();
    await guest.get('/api/settings/public');
    const res = await requestWithoutCsrf(guest, 'POST', '/api/alerts/parse-url', {
      url: 'https://www.marktplaats.nl/q/fiets/',
    });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ error: API_TEXTS.csrfInvalid });
  });
});
