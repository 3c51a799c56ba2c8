/**
 * GET /metrics for Prometheus, at the root (not under /api, not in the contract): the process's
 * metrics with `Authorization: Bearer $METRICS_TOKEN`, 404 while METRICS_TOKEN is unset.
 */
import { Router } from 'express';
import type { AppContext } from '../../context';
import { answerMetrics, METRICS_PATH } from '../../metrics';

export default function metricsRouter({ metrics, config }: AppContext): Router {
  const router = Router();
  router.get(METRICS_PATH, async (req, res) => {
    const { status, headers, body } = await answerMetrics(
      metrics,
      config.metrics.token,
      req.headers.authorization,
    );
    res.setHeader('Cache-Control', 'no-store');
    res.status(status).set(headers).send(body);
  });
  return router;
}
