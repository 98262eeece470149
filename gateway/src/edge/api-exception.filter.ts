import { ArgumentsHost, Catch, HttpException, HttpStatus, Logger, type ExceptionFilter } from '@nestjs/common';
import type { Request, Response } from 'express';
import type { ApiErrorBody } from '@rampquote/contracts';
import {
  DATABASE_RETRY_AFTER_SECONDS,
  DATABASE_UNAVAILABLE_BODY,
  InternalCallError,
  isDatabaseUnavailable,
} from '@rampquote/service-kit';
import { isApiError } from './api-error';

/** Answers a 404 that a browser navigation may turn into the single-page app (static/spa-fallback). */
export type NotFoundFallback = (req: Request, res: Response) => boolean;

/**
 * Every error the gateway itself answers leaves as `{ error, details? }` (ARCHITECTURE section 6).
 * A 404 on a page navigation is handed to the SPA fallback first.
 */
@Catch()
export class ApiExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('ApiExceptionFilter');

  constructor(private readonly notFoundFallback?: NotFoundFallback) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const ctx = host.switchToHttp();
    const req = ctx.getRequest<Request>();
    const res = ctx.getResponse<Response>();
    if (res.headersSent) {
      res.end();
      return;
    }
    if (isApiError(exception)) {
      for (const [name, value] of Object.entries(exception.headers)) res.setHeader(name, value);
      res.status(exception.getStatus()).json(exception.body);
      return;
    }
    if (exception instanceof InternalCallError) {
      // svc-identity did not answer a call the gateway makes itself: 502 / 504 naming the service.
      res.status(exception.getStatus()).json(exception.body);
      return;
    }
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      if (status === HttpStatus.NOT_FOUND && this.notFoundFallback?.(req, res)) return;
      res.status(status).json(toBody(status, exception));
      return;
    }
    if (isDatabaseUnavailable(exception)) {
      // The gateway's database (sessions, rate limits) cannot be reached: a clear 503, not a crash.
      this.logger.warn(
        `${req.method} ${req.url}: database unavailable (${exception instanceof Error ? exception.message : String(exception)})`,
      );
      res.setHeader('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS));
      res.status(HttpStatus.SERVICE_UNAVAILABLE).json(DATABASE_UNAVAILABLE_BODY);
      return;
    }
    this.logger.error(exception instanceof Error ? exception : String(exception));
    res.status(HttpStatus.INTERNAL_SERVER_ERROR).json({ error: 'Internal server error' } satisfies ApiErrorBody);
  }
}

function toBody(status: number, exception: HttpException): ApiErrorBody {
  switch (status) {
    case HttpStatus.NOT_FOUND:
      return { error: 'Not found' };
    case HttpStatus.BAD_REQUEST:
      return {
        error: 'Invalid request data',
        details: [
          {
            message: exception.cause instanceof SyntaxError ? 'The request body is not valid JSON' : exception.message,
          },
        ],
      };
    case HttpStatus.PAYLOAD_TOO_LARGE:
      return { error: 'Request body too large' };
    default:
      return { error: exception.message };
  }
}
