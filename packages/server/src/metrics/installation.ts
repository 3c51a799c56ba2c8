/**
 * The gauges of the whole installation, read from the job queue and the database when Prometheus
 * scrapes (never on a timer): queue depth and the wait of the oldest ready job per job type, how
 * many searches per-search polling (reconciliation) checked within twice their interval, and the
 * database's size. They are the same from every process that could read them, so only processes
 * running the scheduler role register them (services/scheduler.ts): one series each.
 */
import { Gauge, type GaugeConfiguration } from 'prom-client';
import type { Metrics } from './registry';

export interface QueueState {
  waiting: number;
  active: number;
  delayed: number;
  failed: number;
  /** How long the longest-waiting ready job has waited; 0 when none waits. */
  oldestWaitingMs: number;
}

export interface SearchReach {
  platform: string;
  /** Checked within twice their interval. */
  inTime: number;
  /** Not checked for longer (or never). */
  behind: number;
}

export interface InstallationSources {
  queue(): Promise<Partial<Record<string, QueueState>>>;
  searchReach(): Promise<SearchReach[]>;
  /** Null when the database cannot say (its answer is left out of the scrape). */
  databaseSizeBytes(): Promise<number | null>;
}

const QUEUE_STATES = ['waiting', 'active', 'delayed', 'failed'] as const;

/** Registers the installation's gauges; the returned function removes them again. */
export function observeInstallation(metrics: Metrics, sources: InstallationSources): () => void {
  const registered: string[] = [];
  /**
   * A gauge read on scrape. A read that fails (the database or Redis is down) leaves it empty for
   * that scrape: the rest of the scrape still answers, and /readyz says what is down.
   */
  const gauge = <T extends string>(
    configuration: Omit<GaugeConfiguration<T>, 'collect' | 'registers'>,
    read: (gauge: Gauge<T>) => Promise<void>,
  ) => {
    registered.push(configuration.name);
    new Gauge<T>({
      ...configuration,
      registers: [metrics.registry],
      async collect() {
        try {
          await read(this);
        } catch {
          this.reset();
        }
      },
    });
  };
  gauge(
    {
      name: 'prijsalarm_queue_jobs',
      help: 'Jobs in the queue by job type and state (waiting: ready for a worker; delayed: waiting for their time or retry)',
      labelNames: ['job', 'state'] as const,
    },
    async (jobs) => {
      for (const [job, state] of Object.entries(await sources.queue())) {
        for (const name of QUEUE_STATES) jobs.set({ job, state: name }, state?.[name] ?? 0);
      }
    },
  );
  gauge(
    {
      name: 'prijsalarm_queue_oldest_waiting_seconds',
      help: 'How long the longest-waiting ready job of each type has waited for a worker (0: none waits)',
      labelNames: ['job'] as const,
    },
    async (oldest) => {
      for (const [job, state] of Object.entries(await sources.queue())) {
        oldest.set({ job }, (state?.oldestWaitingMs ?? 0) / 1000);
      }
    },
  );
  gauge(
    {
      name: 'prijsalarm_searches',
      help: 'Searches by platform and whether per-search polling (reconciliation with the feed on) checked them within twice their interval: its reach is in_time / all',
      labelNames: ['platform', 'state'] as const,
    },
    async (searches) => {
      const reach = await sources.searchReach();
      searches.reset();
      for (const { platform, inTime, behind } of reach) {
        searches.set({ platform, state: 'in_time' }, inTime);
        searches.set({ platform, state: 'behind' }, behind);
      }
    },
  );
  gauge(
    {
      name: 'prijsalarm_database_size_bytes',
      help: 'Size of the database: the SQLite file with its write-ahead log, or the MariaDB schema',
    },
    async (size) => {
      const bytes = await sources.databaseSizeBytes();
      if (bytes === null) size.reset();
      else size.set(bytes);
    },
  );
  return () => {
    for (const name of registered) metrics.registry.removeSingleMetric(name);
  };
}
