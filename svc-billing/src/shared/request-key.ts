import { BadRequestException, createParamDecorator, type ExecutionContext } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { IDEMPOTENCY_KEY_HEADER } from '@rampquote/contracts';

const KEY = /^[\x21-\x7e]{1,200}$/;

/**
 * The key of the user action behind a request: the `Idempotency-Key` header the page sends (one per action, the same
 * on a retry), or a fresh one. Payment provider idempotency keys are derived from it and the business ids.
 */
export function requestKeyOf(header: string | string[] | undefined): string {
  const value = Array.isArray(header) ? header[0] : header;
  if (value === undefined || value === '') return randomUUID();
  if (!KEY.test(value))
    throw new BadRequestException({
      error: 'Invalid Idempotency-Key header',
      details: [{ message: 'Use 1 to 200 visible ASCII characters' }],
    });
  return value;
}

/** `@RequestKey() key: string` — see requestKeyOf. */
export const RequestKey = createParamDecorator((_data: unknown, context: ExecutionContext): string => {
  const request = context.switchToHttp().getRequest<{ headers: Record<string, string | string[] | undefined> }>();
  return requestKeyOf(request.headers[IDEMPOTENCY_KEY_HEADER]);
});
