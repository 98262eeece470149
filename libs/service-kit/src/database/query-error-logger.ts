import { Logger as NestLogger, type LoggerService } from '@nestjs/common';
import type { Logger as TypeOrmLogger } from 'typeorm';

/** The first characters of a failed statement that a log line keeps (whitespace collapsed). */
const QUERY_CHARS = 300;

/**
 * TypeORM's logger for the services: a failed statement is one warning through the service's logger (JSON lines, the
 * request id), with PostgreSQL's error code, constraint and message and the statement's text, never its parameters
 * nor the error's `detail`. TypeORM's own console logger printed every parameter of a failed statement: a
 * requester's name, e-mail and phone, a link's nonce (seen when a new quote request met a quote ID already taken),
 * and `detail` repeats the conflicting value (an e-mail on a duplicate sign-up). Everything else TypeORM reports is
 * left out, as `logging: ['error']` left it out before.
 */
export class QueryErrorLogger implements TypeOrmLogger {
  constructor(private readonly logger: LoggerService = new NestLogger('Database')) {}

  /** `_parameters` are what a failed statement was given: never logged. */
  logQueryError(error: string | Error, query: string, _parameters?: unknown): void {
    const e = (typeof error === 'string' ? { message: error } : error) as {
      message: string;
      code?: string;
      constraint?: string;
    };
    this.logger.warn({
      msg: `query failed: ${e.message}`,
      ...(e.code ? { code: e.code } : {}),
      ...(e.constraint ? { constraint: e.constraint } : {}),
      query: query.replace(/\s+/g, ' ').trim().slice(0, QUERY_CHARS),
    });
  }

  logQuery(): void {}
  logQuerySlow(): void {}
  logSchemaBuild(): void {}
  logMigration(): void {}
  log(): void {}
}
