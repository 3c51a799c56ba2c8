#!/usr/bin/env node
/**
 * `node scripts/healthcheck.mjs`: the container's HEALTHCHECK (deploy/Dockerfile). Exit 0 when
 * this process's /readyz answers 200 within 5 s (the database answers), 1 otherwise. It asks the
 * web role's PORT, or METRICS_PORT in a process without the web role (a worker, the scheduler),
 * which answers the same probes. Node's fetch: slim images have no curl.
 */
const services = (process.env.SERVICES ?? 'web').split(',').map((name) => name.trim());
const port = services.includes('web') ? (process.env.PORT ?? '3000') : process.env.METRICS_PORT;
if (!port) {
  console.error('no web role and no METRICS_PORT: nothing answers /readyz in this process');
  process.exit(1);
}
try {
  const response = await fetch(`http://127.0.0.1:${port}/readyz`, {
    signal: AbortSignal.timeout(5000),
  });
  if (!response.ok) console.error(`/readyz answered ${response.status}`);
  process.exit(response.ok ? 0 : 1);
} catch (error) {
  console.error(`/readyz: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
