import { Controller, Get, Param } from '@nestjs/common';
import { Routes, type AirportFbosResponse } from '@rampquote/contracts';
import { FbosService } from './fbos.service';

/**
 * GET /api/airports/{code}/fbos: active FBOs, and whether a discovery runs (spec quote-workflow section 4). No e-mail
 * address: anyone can read this list.
 */
@Controller(Routes.airports.root)
export class FbosController {
  constructor(private readonly fbos: FbosService) {}

  @Get(':code/fbos')
  forAirport(@Param('code') code: string): Promise<AirportFbosResponse> {
    return this.fbos.forAirport(code);
  }
}
