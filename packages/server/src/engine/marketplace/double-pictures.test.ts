/**
 * The demo's pictures: offline, the real image hosts are out of reach, so the marketplace
 * double serves its own; the engine keeps those loopback URLs and the pages show them.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { listingImageUrl } from '@prijsalarm/core';
import {
  startMarketplaceDouble,
  type MarketplaceDouble,
} from '../../../../../tests/doubles/marketplace';
import { createMarketplaceClient, type MarketplaceClient } from './client';

let double: MarketplaceDouble;
let client: MarketplaceClient;

beforeAll(async () => {
  double = await startMarketplaceDouble({ serveImages: true });
  client = createMarketplaceClient({
    baseUrls: double.baseUrl,
    ratePerSecond: 1000,
    logger: { warn: () => undefined },
  });
});
afterAll(async () => {
  await client.close();
  await double.stop();
});

it('a listing’s picture is served by the double itself and is one a page may show', async () => {
  double.publish({ title: 'Stadsfiets blauw', imageCount: 2 });
  const page = await client.searchPage({ platform: 'marktplaats', query: 'stadsfiets' });
  if (page.status !== 'ok') throw new Error(`search failed: ${page.status}`);
  const picture = listingImageUrl(page.listings[0]!.imageUrls);
  expect(picture?.startsWith(`${double.baseUrl.marktplaats}/api/v1/listing-mp-p/images/`)).toBe(
    true,
  );
  const answer = await fetch(picture!);
  expect(answer.status).toBe(200);
  expect(answer.headers.get('content-type')).toBe('image/svg+xml');
  expect(await answer.text()).toMatch(/^<svg /);
});
