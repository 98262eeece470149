import { Catch, HttpException, HttpStatus, Logger, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import type { ApiErrorBody } from '@rampquote/contracts';
import {
  DATABASE_RETRY_AFTER_SECONDS,
  DATABASE_UNAVAILABLE_BODY,
  isDatabaseUnavailable,
} from '../database/unavailable';
import { routePatternOf } from '../request-context/request-observer';

/** Maps any error to the JSON shape `{ error, details? }` (ARCHITECTURE section 6). */
export function toApiError(exception: unknown): { status: number; body: ApiErrorBody } {
  if (exception instanceof HttpException) {
    const status = exception.getStatus();
    return { status, body: fromHttpResponse(exception.getResponse(), status, exception.message) };
  }
  const bodyParserError = exception as { type?: string; expose?: boolean; status?: number; statusCode?: number } | null;
  const parserStatus = bodyParserError?.status ?? bodyParserError?.statusCode;
  // http-errors from the body parser: a `type`, or only `expose` (zlib errors of a body that is not the gzip it claims).
  if (
    bodyParserError &&
    (typeof bodyParserError.type === 'string' || bodyParserError.expose === true) &&
    typeof parserStatus === 'number' &&
    parserStatus >= 400 &&
    parserStatus < 500
  ) {
    if (bodyParserError.type === 'entity.parse.failed') return { status: 400, body: { error: 'Invalid JSON body' } };
    if (bodyParserError.type === 'entity.too.large') return { status: 413, body: { error: 'Request body too large' } };
    return { status: parserStatus, body: { error: 'Invalid request body' } };
  }
  // PostgreSQL unreachable or the connection lost (a restart, a failover, a network cut): nothing is wrong with the
  // request; the client may try again shortly.
  if (isDatabaseUnavailable(exception))
    return { status: HttpStatus.SERVICE_UNAVAILABLE, body: DATABASE_UNAVAILABLE_BODY };
  return { status: HttpStatus.INTERNAL_SERVER_ERROR, body: { error: 'Internal server error' } };
}

function fromHttpResponse(response: string | object, status: number, fallback: string): ApiErrorBody {
  if (typeof response === 'string') return { error: response };
  const r = response as { error?: unknown; message?: unknown; details?: unknown };
  // Already our shape (thrown by our own code).
  if (typeof r.error === 'string' && (r.details === undefined || Array.isArray(r.details)) && r.message === undefined) {
    return r.details === undefined
      ? { error: r.error }
      : { error: r.error, details: r.details as ApiErrorBody['details'] };
  }
  // Nest's default shape {statusCode, message, error}; a list of messages is a validation failure.
  if (Array.isArray(r.message)) {
    return { error: 'Invalid request data', details: r.message.map((m) => ({ message: String(m) })) };
  }
  if (typeof r.message === 'string') return { error: r.message };
  if (typeof r.error === 'string') return { error: r.error };
  return { error: fallback || HttpStatus[status] || 'Error' };
}

@Catch()
export class ApiExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('ApiExceptionFilter');

  catch(exception: unknown, host: ArgumentsHost): void {
    if (host.getType() !== 'http') throw exception;
    const http = host.switchToHttp();
    const response = http.getResponse<{
      headersSent: boolean;
      setHeader(name: string, value: string): void;
      status(code: number): { json(body: unknown): void };
    }>();
    const request = http.getRequest<{ method?: string; baseUrl: string; route?: unknown }>();
    // The route's pattern, not the path: paths carry link tokens and ids.
    const route = `${request.method} ${routePatternOf(request)}`;
    const { status, body } = toApiError(exception);
    if (body === DATABASE_UNAVAILABLE_BODY) {
      this.logger.warn(
        `${route}: database unavailable (${exception instanceof Error ? exception.message : String(exception)})`,
      );
      if (!response.headersSent) response.setHeader('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS));
    } else if (status >= 500) {
      this.logger.error(
        `${route} failed: ${exception instanceof Error ? exception.message : String(exception)}`,
        exception instanceof Error ? exception.stack : undefined,
      );
    }
    if (response.headersSent) return;
    response.status(status).json(body);
  }
}
