import { BadRequestException, type PipeTransform } from '@nestjs/common';
import { RequestMessages, toFieldErrors, type FieldError } from '@rampquote/contracts';
import type { z } from 'zod';

export interface ZodValidationOptions {
  /** The 400's `error` text when the schema fails (default "Invalid request data", the text the forms map). */
  error?: string;
}

/**
 * Validates a request body with its schema from libs/contracts:
 * `create(@Body(new ZodValidationPipe(registerRequestSchema)) body: RegisterInput)`. The handler receives the parsed
 * value (trimmed, defaulted, unknown keys dropped). A failure answers 400 `{ error, details: [{ field, message }] }`
 * with one detail per failed rule, in the schema's field order (ARCHITECTURE section 6).
 *
 * - A body that is not a JSON object (missing, an array, a bare value) is read as `{}`, so each required field is
 *   named rather than the body as a whole.
 * - Text holding a NUL character anywhere in the body is refused first ("Text must not contain NUL characters"):
 *   PostgreSQL cannot store one, and no field has a use for it.
 */
export class ZodValidationPipe<S extends z.ZodType> implements PipeTransform<unknown, z.output<S>> {
  constructor(
    private readonly schema: S,
    private readonly options: ZodValidationOptions = {},
  ) {}

  transform(value: unknown): z.output<S> {
    const nul = fieldsWithNul(value);
    if (nul.length) {
      throw new BadRequestException({
        error: RequestMessages.invalidRequest,
        details: nul.map((field): FieldError => ({ field, message: RequestMessages.nulCharacter })),
      });
    }
    const body = typeof value === 'object' && value !== null && !Array.isArray(value) ? value : {};
    const result = this.schema.safeParse(body);
    if (!result.success) {
      throw new BadRequestException({ error: this.options.error ?? RequestMessages.invalidRequest, details: toFieldErrors(result.error) });
    }
    return result.data;
  }
}

/** The dotted paths of every string holding U+0000 (walked without recursion: a deep body cannot exhaust the stack). */
function fieldsWithNul(value: unknown): string[] {
  const found: string[] = [];
  const pending: { value: unknown; path: string }[] = [{ value, path: '' }];
  while (pending.length) {
    const { value: current, path } = pending.pop()!;
    if (typeof current === 'string') {
      if (current.includes('\u0000')) found.push(path);
    } else if (typeof current === 'object' && current !== null) {
      for (const [key, child] of Object.entries(current)) pending.push({ value: child, path: path ? `${path}.${key}` : key });
    }
  }
  return found.reverse();
}
