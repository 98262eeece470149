import { Controller, Get, Inject, NotFoundException, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { PublicRoute } from '../auth/identity.decorators';
import { SERVICE_CONFIG } from '../nest/tokens';
import { METRICS_PATH, metricsAccess, ProcessMetrics } from './metrics';

/**
 * GET /metrics on every service (Prometheus text format). The service port is internal (never proxied by the
 * gateway), so it is open unless METRICS_TOKEN is set; then it needs `Authorization: Bearer <METRICS_TOKEN>` and
 * answers 404 otherwise.
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
    if (!metricsAccess(req, this.config.METRICS_TOKEN, 'open')) throw new NotFoundException({ error: 'Not found' });
    const { contentType, body } = await this.metrics.expose();
    res.setHeader('content-type', contentType);
    res.setHeader('cache-control', 'no-store');
    res.end(body);
  }
}
