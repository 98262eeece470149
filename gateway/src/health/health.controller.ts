import { Controller, Get, Inject, Res } from '@nestjs/common';
import type { Response } from 'express';
import type { Pool } from 'pg';
import { InternalRoutes } from '@rampquote/contracts';
import { PG_POOL } from '../database/database.module';

export interface GatewayHealth {
  status: 'ok' | 'error';
  checks: { database: 'up' | 'down' };
}

/** The launcher's readiness check: 200 when the gateway's database answers, 503 otherwise. */
@Controller()
export class HealthController {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  @Get(InternalRoutes.health)
  async health(@Res({ passthrough: true }) res: Response): Promise<GatewayHealth> {
    res.setHeader('Cache-Control', 'no-store');
    try {
      await this.pool.query('SELECT 1');
      return { status: 'ok', checks: { database: 'up' } };
    } catch {
      res.status(503);
      return { status: 'error', checks: { database: 'down' } };
    }
  }
}
