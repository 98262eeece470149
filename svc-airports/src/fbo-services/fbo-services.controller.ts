import { Controller, Get, Header } from '@nestjs/common';
import { Routes, type FboServiceDto } from '@rampquote/contracts';
import { FBO_SERVICE_CATALOGUE } from './fbo-service-catalogue';

/** GET /api/fbo-services: the ground-service catalogue (spec quote-workflow section 7). */
@Controller()
export class FboServicesController {
  @Get(Routes.airports.fboServices)
  @Header('Cache-Control', 'public, max-age=3600')
  list(): readonly FboServiceDto[] {
    return FBO_SERVICE_CATALOGUE;
  }
}
