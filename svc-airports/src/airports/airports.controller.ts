import { Controller, Get, Header, NotFoundException, Param, Query } from '@nestjs/common';
import { Routes, type AirportDto, type AirportMapResponse, type AirportSearchResult } from '@rampquote/contracts';
import { AIRPORT_NOT_FOUND, AirportsService } from './airports.service';

/** Airport calls (spec quote-workflow section 7). Any signed caller: the gateway (anyone) or another service. */
@Controller(Routes.airports.root)
export class AirportsController {
  constructor(private readonly airports: AirportsService) {}

  /** `?q=` (2+ characters): at most 20 airports (id, identifier, code, name, city, state); fewer characters: []. */
  @Get('search')
  // The same answer for everyone: the gateway's edge cache and browsers may keep it briefly (an import shows
  // within this time).
  @Header('Cache-Control', 'public, max-age=30')
  search(@Query('q') q: unknown): Promise<AirportSearchResult[]> {
    return this.airports.search(typeof q === 'string' ? q : '');
  }

  /**
   * `?codes=A,B,C` (required, at most 200): those airports keyed by the code asked for. Revalidated with the ETag
   * (Express sets it).
   */
  @Get('map')
  @Header('Cache-Control', 'no-cache')
  map(@Query('codes') codes: unknown): Promise<AirportMapResponse> {
    const list =
      typeof codes === 'string'
        ? codes.split(',')
        : Array.isArray(codes)
          ? codes.flatMap((c) => String(c).split(','))
          : [];
    return this.airports.map(list);
  }

  @Get(':code')
  async byCode(@Param('code') code: string): Promise<AirportDto> {
    const airport = await this.airports.findByCode(code);
    if (!airport) throw new NotFoundException(AIRPORT_NOT_FOUND);
    return airport;
  }
}
