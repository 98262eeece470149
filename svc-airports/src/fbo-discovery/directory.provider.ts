import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { DiscoveryAirport, FboCandidate, FboProvider } from './fbo-provider';

/** The first provider: lines of the admin FBO directory import that name the airport by identifier or IATA code. */
@Injectable()
export class DirectoryFboProvider implements FboProvider {
  readonly name = 'directory';

  constructor(private readonly dataSource: DataSource) {}

  find(airport: DiscoveryAirport): Promise<FboCandidate[]> {
    const refs = [airport.identifier, airport.code].filter((r): r is string => Boolean(r));
    return this.dataSource.query(
      `SELECT name, email, phone FROM fbo_directory_entries WHERE airport_ref = ANY($1::text[]) ORDER BY name`,
      [refs],
    );
  }
}
