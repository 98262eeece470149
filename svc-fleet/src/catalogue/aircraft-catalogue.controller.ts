import { BadRequestException, Controller, Get, Header, NotFoundException, Param, Query } from '@nestjs/common';
import { Routes, AircraftMessages, UNIT_SYSTEMS, type AircraftSpecsDto, type UnitSystem } from '@rampquote/contracts';
import { AircraftCatalogueService } from './aircraft-catalogue.service';

/**
 * Spec section 7: makes and models are fresh for 5 minutes on the client. The catalogue is the same for everyone
 * (units come in the query), so shared caches — the gateway's edge cache — may keep it too.
 */
const CACHE_FIVE_MINUTES = 'public, max-age=300';

/**
 * The public catalogue calls (visitors fill the aircraft form too). Still only through the gateway or another
 * service: the signed identity is checked by the global guard; no signed-in user is needed.
 */
@Controller(Routes.aircraft.root)
export class AircraftCatalogueController {
  constructor(private readonly catalogue: AircraftCatalogueService) {}

  @Get('makes')
  @Header('Cache-Control', CACHE_FIVE_MINUTES)
  makes(): readonly string[] {
    return this.catalogue.makes();
  }

  @Get('models/:make')
  @Header('Cache-Control', CACHE_FIVE_MINUTES)
  models(@Param('make') make: string): readonly string[] {
    return this.catalogue.models(make);
  }

  /** `?unitSystem=metric` (or the profile's `Metric` / `Standard`) gives m and kg; default imperial (ft, lbs). */
  @Get('specs/:make/:model')
  @Header('Cache-Control', CACHE_FIVE_MINUTES)
  specs(
    @Param('make') make: string,
    @Param('model') model: string,
    @Query('unitSystem') unitSystem?: unknown,
  ): AircraftSpecsDto {
    const specs = this.catalogue.specs(make, model, parseUnitSystem(unitSystem));
    if (!specs)
      throw new NotFoundException({
        error: AircraftMessages.specsNotFound,
        details: [{ message: `${make} ${model}` }],
      });
    return specs;
  }
}

/** imperial | metric, also the profile's preferredUnits spelling (Standard | Metric); absent means imperial. */
export function parseUnitSystem(value: unknown): UnitSystem {
  if (value === undefined || value === '') return 'imperial';
  const text = typeof value === 'string' ? value.trim().toLowerCase() : '';
  if (text === 'standard') return 'imperial';
  if ((UNIT_SYSTEMS as readonly string[]).includes(text)) return text as UnitSystem;
  throw new BadRequestException({
    error: AircraftMessages.invalidRequest,
    details: [{ field: 'unitSystem', message: AircraftMessages.unitSystem }],
  });
}
