import { Inject, Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { FboDiscoveryRequestedData } from '@rampquote/contracts';
import { FBO_PROVIDERS, type DiscoveryAirport, type FboProvider } from './fbo-provider';

/** Runs a discovery: asks every provider, adds the FBOs found (existing names are kept), marks it finished. */
@Injectable()
export class FboDiscoveryService {
  private readonly logger = new Logger('FboDiscovery');

  constructor(
    private readonly dataSource: DataSource,
    @Inject(FBO_PROVIDERS) private readonly providers: FboProvider[],
  ) {}

  async discover(data: Partial<FboDiscoveryRequestedData>): Promise<number> {
    const [airport]: DiscoveryAirport[] = await this.dataSource.query(
      `SELECT id, identifier, code FROM airports WHERE id::text = $1 OR identifier = upper($2) OR code = upper($2) LIMIT 1`,
      [data.airportId ?? '', data.identifier ?? data.code ?? ''],
    );
    if (!airport) {
      this.logger.warn(`discovery for an unknown airport ${JSON.stringify(data)} ignored`);
      return 0;
    }
    let found = 0;
    for (const provider of this.providers) {
      const candidates = await provider.find(airport);
      for (const c of candidates) {
        const inserted: unknown[] = await this.dataSource.query(
          `INSERT INTO fbos (airport_id, name, email, phone, source) VALUES ($1, $2, $3, $4, $5)
           ON CONFLICT (airport_id, lower(name)) DO NOTHING RETURNING id`,
          [airport.id, c.name, c.email, c.phone, `discovery:${provider.name}`],
        );
        found += inserted.length;
      }
    }
    await this.dataSource.query(
      `INSERT INTO fbo_discoveries (airport_id, status, found, requested_at, finished_at) VALUES ($1, 'finished', $2, now(), now())
       ON CONFLICT (airport_id) DO UPDATE SET status = 'finished', found = $2, finished_at = now()`,
      [airport.id, found],
    );
    this.logger.log(`discovery for ${airport.identifier}: ${found} FBOs found`);
    return found;
  }
}
