import { BadRequestException } from '@nestjs/common';
import type { z } from 'zod';
import { RequestMessages, type FieldError } from '@rampquote/contracts';
import { ZodValidationPipe, type BodySchema } from '@rampquote/service-kit';

/** 400 `{ error: 'Invalid request data', details: [{ field, message }] }` for a rule a schema cannot check alone. */
export function invalidRequest(details: FieldError[]): BadRequestException {
  return new BadRequestException({ error: RequestMessages.invalidRequest, details });
}

/**
 * Validates a body with its contracts schema through service-kit's ZodValidationPipe, from inside a service: the FBO
 * routes check the link and the invitation's state first (404, 403, 409, 410 come before a 400).
 */
export function parseBody<S extends BodySchema>(schema: S, body: unknown): z.output<S> {
  return new ZodValidationPipe(schema).transform(body);
}
