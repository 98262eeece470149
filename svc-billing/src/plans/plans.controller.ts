import { Controller, Get, Header } from '@nestjs/common';
import { Routes, PLANS, type PlansResponse } from '@rampquote/contracts';

/**
 * `GET /api/billing/plans` (spec section 7): the plans keyed by plan id (entry-level, pro, enterprise) with the monthly
 * USD price (cents and as shown), features and limits. The same for everyone (no session): the gateway's edge cache
 * may keep it for five minutes.
 */
@Controller()
export class PlansController {
  @Get(Routes.billing.plans)
  @Header('Cache-Control', 'public, max-age=300')
  plans(): PlansResponse {
    return PLANS;
  }
}
