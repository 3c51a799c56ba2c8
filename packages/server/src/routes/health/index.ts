/**
 * Probes for load balancers and orchestrators, at the root (not under /api):
 * /healthz = the process answers; /readyz = it can reach its database (503 otherwise).
 */
import { Router } from 'express';
import { STRINGS } from '@prijsalarm/core';
import type { AppContext } from '../../context';

export const READINESS_TIMEOUT_MS = 2000;

export default function healthRouter({ sequelize }: AppContext): Router {
  const router = Router();

  router.get('/healthz', (_req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.json({ status: 'ok' });
  });

  router.get('/readyz', async (req, res) => {
    res.setHeader('Cache-Control', 'no-store');
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
      res.json({ status: 'ok', database: 'ok' });
    } catch (error) {
      req.log.warn({ err: error }, 'readiness check failed');
      res.status(503).json({
        status: 'unavailable',
        database: 'unreachable',
        error: STRINGS.api.internalError,
      });
    } finally {
      clearTimeout(timer);
    }
  });

  return router;
}
