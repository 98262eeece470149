import { Catch, HttpException, HttpStatus, Logger, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import type { ApiErrorBody } from '@rampquote/contracts';

/** Maps any error to the JSON shape `{ error, details? }` (ARCHITECTURE section 6). */
export function toApiError(exception: unknown): { status: number; body: ApiErrorBody } {
  if (exception instanceof HttpException) {
    const status = exception.getStatus();
    return { status, body: fromHttpResponse(exception.getResponse(), status, exception.message) };
  }
  const bodyParserError = exception as { type?: string; status?: number; statusCode?: number } | null;
  const parserStatus = bodyParserError?.status ?? bodyParserError?.statusCode;
  if (typeof bodyParserError?.type === 'string' && typeof parserStatus === 'number' && parserStatus >= 400 && parserStatus < 500) {
    if (bodyParserError.type === 'entity.parse.failed') return { status: 400, body: { error: 'Invalid JSON body' } };
    if (bodyParserError.type === 'entity.too.large') return { status: 413, body: { error: 'Request body too large' } };
    return { status: parserStatus, body: { error: 'Invalid request body' } };
  }
  return { status: HttpStatus.INTERNAL_SERVER_ERROR, body: { error: 'Internal server error' } };
}

function fromHttpResponse(response: string | object, status: number, fallback: string): ApiErrorBody {
  if (typeof response === 'string') return { error: response };
  const r = response as { error?: unknown; message?: unknown; details?: unknown };
  // Already our shape (thrown by our own code).
  if (typeof r.error === 'string' && (r.details === undefined || Array.isArray(r.details)) && r.message === undefined) {
    return r.details === undefined ? { error: r.error } : { error: r.error, details: r.details as ApiErrorBody['details'] };
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
      status(code: number): { json(body: unknown): void };
    }>();
    const request = http.getRequest<{ method?: string; url?: string }>();
    const { status, body } = toApiError(exception);
    if (status >= 500) {
      this.logger.error(
        `${request.method} ${request.url} failed: ${exception instanceof Error ? exception.message : String(exception)}`,
        exception instanceof Error ? exception.stack : undefined,
      );
    }
    if (response.headersSent) return;
    response.status(status).json(body);
  }
}
