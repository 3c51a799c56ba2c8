/**
 * Probes for load balancers and orchestrators, at the root (not under /api):
 * /healthz = the process answers; /readyz = it can reach its database (503 otherwise).
 */
import { Router } from 'express';
import type { AppContext } from '../../context';
import { HEALTHY, readiness } from '../../db/readiness';

export default function healthRouter({ sequelize }: AppContext): Router {
  const router = Router();

  router.get('/healthz', (_req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.json(HEALTHY);
  });

  router.get('/readyz', async (req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    const answer = await readiness(sequelize);
    if (answer.error) req.log.warn({ err: answer.error }, 'readiness check failed');
    res.status(answer.status).json(answer.body);
  });

  return router;
}
