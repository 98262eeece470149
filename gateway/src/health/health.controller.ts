import { Controller, Get, Inject, Res } from '@nestjs/common';
import type { Response } from 'express';
import type { Pool } from 'pg';
import { InternalRoutes } from '@rampquote/contracts';
import { PG_POOL } from '../database/database.module';
import { gatewayHealth, type GatewayHealth } from './gateway-health';

export type { GatewayHealth } from './gateway-health';

/**
 * The launcher's readiness check: 200 when the gateway's database answers, 503 otherwise. A plain GET is answered
 * in front of Express (answerHealthFirst, same answer); this controller answers the rest (HEAD).
 */
@Controller()
export class HealthController {
  private readonly check: () => ReturnType<ReturnType<typeof gatewayHealth>>;

  constructor(@Inject(PG_POOL) pool: Pool) {
    this.check = gatewayHealth(pool);
  }

  @Get(InternalRoutes.health)
  async health(@Res({ passthrough: true }) res: Response): Promise<GatewayHealth> {
    res.setHeader('Cache-Control', 'no-store');
    const { status, body } = await this.check();
    res.status(status);
    return body;
  }
}
