/**
 * What the next 10× costs the feed's alert index (`npm run bench:index [counts…]`, default
 * 100 000 and 1 000 000; prints figures; not a test). Files the workload's alerts
 * (tests/bench/workload.ts: its vocabulary, plans and price mix) in one AlertIndex and measures the
 * heap it holds, the time to build it, and per new listing (the double's generator, 5 % carrying a
 * workload term — the engine bench's default) the candidates found and the time to find them.
 * From those: the listings a second one core can match, and the matches (notifications) a second
 * at the marketplace's 4 ads/s. Run with `--expose-gc` for exact heap figures (the script asks).
 */
import { PLACES, placeForPostcode } from '../doubles/marketplace/catalogue';
import { generateSpec, seededRandom } from '../doubles/marketplace/generator';
import { AlertIndex } from '../../packages/server/src/engine/feed/alert-index';
import { benchAlerts, termAd } from './workload';

const counts = process.argv.slice(2).map(Number).filter(Boolean);
const TERM_SHARE = Number(process.env.BENCH_TERM_SHARE ?? 0.05);
const gc = (globalThis as { gc?: () => void }).gc;

function heapMb(): number {
  gc?.();
  gc?.();
  return process.memoryUsage().heapUsed / 1e6;
}

/** Enough listings for a steady figure, few enough that 1 000 000 alerts take seconds. */
function listings(alertCount: number) {
  const random = seededRandom(7);
  return Array.from({ length: Math.max(500, Math.min(20_000, 5e8 / alertCount)) }, () => {
    const spec = generateSpec(random, 'marktplaats', Date.now());
    const term = random() < TERM_SHARE ? termAd(random) : null;
    const title = term?.title ?? spec.title;
    const priceCents = term?.priceCents ?? (spec.priceCents > 0 ? spec.priceCents : null);
    const place = PLACES.marktplaats.find((candidate) => candidate.cityName === spec.cityName);
    return {
      platform: 'marktplaats' as const,
      title,
      description: spec.description,
      priceCents,
      category: { l1: spec.categoryId, l2: null },
      location: {
        cityName: spec.cityName ?? null,
        countryCode: 'NL',
        distanceMeters: null,
        coordinates: place ? { latitude: place.latitude, longitude: place.longitude } : null,
      },
    };
  });
}

function run(count: number): void {
  const before = heapMb();
  const { alerts } = benchAlerts(count);
  // Every postcode located (as the feed has after its first requests), where the double places it.
  const index = new AlertIndex((platform, postcode) => {
    const place = placeForPostcode(platform, postcode);
    return place && { ...place, toleranceMeters: 250, samples: PLACES[platform].length };
  });
  const started = process.hrtime.bigint();
  alerts.forEach((alert, i) =>
    index.upsert({
      id: `a${i.toString(36).padStart(8, '0')}-0000-4000-8000-000000000000`,
      searchTerm: alert.searchTerm,
      platforms: alert.platforms,
      l1CategoryId: null,
      l2CategoryId: null,
      minPriceCents: null,
      maxPriceCents: alert.maxPriceCents,
      postalCode: alert.postalCode,
      distanceKm: alert.distanceKm,
    }),
  );
  const buildMs = Number(process.hrtime.bigint() - started) / 1e6;
  alerts.length = 0;
  const held = heapMb() - before;

  const ads = listings(count);
  let matches = 0;
  let candidates = 0;
  const t0 = process.hrtime.bigint();
  for (const ad of ads) {
    const found = index.candidates(ad);
    matches += found.matches.length;
    candidates += found.matches.length + found.undecided.length;
  }
  const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
  const perAdMs = (1000 * seconds) / ads.length;
  console.log(
    [
      `${count.toLocaleString('en')} alerts (${index.size.toLocaleString('en')} the feed decides, ${index.searchCount.toLocaleString('en')} distinct searches)`,
      `  index heap ${held.toFixed(0)} MB (${((held * 1e6) / count).toFixed(0)} B per alert), built in ${(buildMs / 1000).toFixed(1)} s`,
      `  per new listing: ${(candidates / ads.length).toFixed(1)} candidates, ${(matches / ads.length).toFixed(1)} matches, ${perAdMs.toFixed(3)} ms`,
      `  one core matches ${Math.round(1000 / perAdMs).toLocaleString('en')} listings/s; at 4 ads/s: ${((4 * matches) / ads.length).toFixed(0)} notifications/s, ${(0.4 * perAdMs).toFixed(1)} % of a core in the index`,
    ].join('\n'),
  );
}

if (!gc) console.log('(heap figures are rough without --expose-gc)');
for (const count of counts.length > 0 ? counts : [100_000, 1_000_000]) run(count);
