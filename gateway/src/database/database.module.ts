import { Global, Inject, Logger, Module, type DynamicModule, type OnApplicationShutdown } from '@nestjs/common';
import { Pool } from 'pg';
import { databaseUrl } from '@rampquote/service-kit';

/** Injection token of the gateway's pg Pool (sessions, rate limits, health). */
export const PG_POOL = Symbol('PG_POOL');

@Global()
@Module({})
export class DatabaseModule implements OnApplicationShutdown {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  static forRoot(serverUrl: string, database: string): DynamicModule {
    return {
      module: DatabaseModule,
      providers: [
        {
          provide: PG_POOL,
          useFactory: () => {
            const pool = new Pool({
              connectionString: databaseUrl(serverUrl, database),
              max: 10,
              connectionTimeoutMillis: 5000,
            });
            // An idle client losing its connection must not crash the process; the next query reports it.
            const logger = new Logger('Database');
            pool.on('error', (err) => logger.warn({ msg: 'idle database client error', err: err.message }));
            return pool;
          },
        },
      ],
      exports: [PG_POOL],
    };
  }

  async onApplicationShutdown(): Promise<void> {
    await this.pool.end();
  }
}
