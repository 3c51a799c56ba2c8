/**
 * The probes' answers, the same from the web role (routes/health) and from the monitoring port
 * of a process without it (METRICS_PORT): /healthz = the process answers; /readyz = it can reach
 * its database (503 otherwise).
 */
import type { Sequelize } from 'sequelize';
import { API_TEXTS } from '@prijsalarm/core';

export const READINESS_TIMEOUT_MS = 2000;

export const HEALTHY = { status: 'ok' } as const;

export interface ProbeAnswer {
  status: 200 | 503;
  body: Record<string, string>;
  /** Why it is not ready (for the log). */
  error?: unknown;
}

/** Ready when the database answers a trivial query within READINESS_TIMEOUT_MS. */
export async function readiness(sequelize: Sequelize): Promise<ProbeAnswer> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      sequelize.query('SELECT 1'),
      new Promise((_, reject) => {
        timer = setTimeout(
          () => reject(new Error('database check timed out')),
          READINESS_TIMEOUT_MS,
        );
      }),
    ]);
    return { status: 200, body: { status: 'ok', database: 'ok' } };
  } catch (error) {
    return {
      status: 503,
      body: { status: 'unavailable', database: 'unreachable', error: API_TEXTS.internalError },
      error,
    };
  } finally {
    clearTimeout(timer);
  }
}
