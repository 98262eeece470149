import { Controller, Get, Inject, NotFoundException, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { PublicRoute } from '../auth/identity.decorators';
import { SERVICE_CONFIG } from '../nest/tokens';
import { METRICS_PATH, metricsAccess, ProcessMetrics } from './metrics';

/**
 * GET /metrics on every service (Prometheus text format): with METRICS_TOKEN set, only to `Authorization: Bearer
 * <METRICS_TOKEN>`; without one, only to a caller on this machine that no proxy relayed. 404 otherwise: a service
 * port listening on the cluster network is reachable by every pod.
 */
@Controller()
export class MetricsController {
  constructor(
    private readonly metrics: ProcessMetrics,
    @Inject(SERVICE_CONFIG) private readonly config: { METRICS_TOKEN?: string },
  ) {}

  @PublicRoute()
  @Get(METRICS_PATH)
  async scrape(@Req() req: Request, @Res() res: Response): Promise<void> {
    if (!metricsAccess(req, this.config.METRICS_TOKEN)) throw new NotFoundException({ error: 'Not found' });
    const { contentType, body } = await this.metrics.expose();
    res.setHeader('content-type', contentType);
    res.setHeader('cache-control', 'no-store');
    res.end(body);
  }
}
