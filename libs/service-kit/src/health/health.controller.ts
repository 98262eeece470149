import { Controller, Get, Res } from '@nestjs/common';
import type { Response } from 'express';
import { Routes } from '@rampquote/contracts';
import { PublicRoute } from '../auth/identity.decorators';
import { HealthService, type HealthReport } from './health.service';

/** GET /health: 200 {status:'ok', service, database:'up', broker:'up'}, or 503 naming the part that is down. */
@Controller()
export class HealthController {
  constructor(private readonly health: HealthService) {}

  @PublicRoute()
  @Get(Routes.internal.health)
  async check(@Res({ passthrough: true }) response: Response): Promise<HealthReport> {
    const report = await this.health.check();
    response.status(report.status === 'ok' ? 200 : 503);
    return report;
  }
}
