/**
 * Runs the marketplace double on its own, for the demo:
 *   npx tsx tests/doubles/marketplace/main.ts [port] [publishPerSecond] [initialListings]
 * Then point MARKTPLAATS_BASE_URL and TWEEDEHANDS_BASE_URL at the printed URLs.
 */
import { startMarketplaceDouble } from './index';

const [port = '4100', publishPerSecond = '0.2', initialListings = '300'] = process.argv.slice(2);
const double = await startMarketplaceDouble({
  port: Number(port),
  publishPerSecond: Number(publishPerSecond),
  initialListings: Number(initialListings),
  seed: Date.now() % 1_000_000,
});
console.log(`MARKTPLAATS_BASE_URL=${double.baseUrl.marktplaats}`);
console.log(`TWEEDEHANDS_BASE_URL=${double.baseUrl['2dehands']}`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void double.stop().then(() => process.exit(0)));
}
