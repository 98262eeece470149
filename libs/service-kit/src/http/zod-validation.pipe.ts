import { BadRequestException, type PipeTransform } from '@nestjs/common';
import { RequestMessages, toFieldErrors, type FieldError } from '@rampquote/contracts';
import { z } from 'zod';

export interface ZodValidationOptions {
  /** The 400's `error` text when the schema fails (default "Invalid request data", the text the forms map). */
  error?: string;
}

/**
 * Detail of text holding a lone UTF-16 surrogate (`"\ud800"` in JSON): not Unicode, and PostgreSQL refuses it in a
 * json/jsonb column (a 500 before this check, found by the bad-input suite).
 */
export const LONE_SURROGATE_MESSAGE = 'Text must be valid Unicode';

/** A zod schema of either API, classic (`zod`) or mini (`zod/mini`: the FBO estimate's, kept small for its page). */
export type BodySchema = z.core.$ZodType;

/**
 * Validates a request body with its schema from libs/contracts:
 * `create(@Body(new ZodValidationPipe(registerRequestSchema)) body: RegisterInput)`. The handler receives the parsed
 * value (trimmed, defaulted, unknown keys dropped). A failure answers 400 `{ error, details: [{ field, message }] }`
 * with one detail per failed rule, in the schema's field order (ARCHITECTURE section 6).
 *
 * - A body that is not a JSON object (missing, an array, a bare value) is read as `{}`, so each required field is
 *   named rather than the body as a whole.
 * - Text holding a NUL character anywhere in the body is refused first ("Text must not contain NUL characters"):
 *   PostgreSQL cannot store one, and no field has a use for it. So is text, or a field name, holding a lone
 *   surrogate ("Text must be valid Unicode").
 */
export class ZodValidationPipe<S extends BodySchema> implements PipeTransform<unknown, z.output<S>> {
  constructor(
    private readonly schema: S,
    private readonly options: ZodValidationOptions = {},
  ) {}

  transform(value: unknown): z.output<S> {
    const bad = unstorableText(value);
    if (bad.length) {
      throw new BadRequestException({ error: RequestMessages.invalidRequest, details: bad });
    }
    const body = typeof value === 'object' && value !== null && !Array.isArray(value) ? value : {};
    const result = z.safeParse(this.schema, body);
    if (!result.success) {
      throw new BadRequestException({
        error: this.options.error ?? RequestMessages.invalidRequest,
        details: toFieldErrors(result.error),
      });
    }
    return result.data;
  }
}

/** A high surrogate not followed by a low one, or a low one not after a high one (UTF-16 code units, no `u` flag). */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const LONE_SURROGATES = new RegExp(LONE_SURROGATE.source, 'g');

/**
 * One detail per string holding U+0000 or a lone surrogate, and per field name holding a lone surrogate, by dotted
 * path (walked without recursion: a deep body cannot exhaust the stack).
 */
export function unstorableText(value: unknown): FieldError[] {
  const found: FieldError[] = [];
  const pending: { value: unknown; path: string }[] = [{ value, path: '' }];
  while (pending.length) {
    const { value: current, path } = pending.pop()!;
    if (typeof current === 'string') {
      if (current.includes('\u0000')) found.push({ field: path, message: RequestMessages.nulCharacter });
      else if (LONE_SURROGATE.test(current)) found.push({ field: path, message: LONE_SURROGATE_MESSAGE });
    } else if (typeof current === 'object' && current !== null) {
      for (const [key, child] of Object.entries(current)) {
        const childPath = path ? `${path}.${key}` : key;
        if (LONE_SURROGATE.test(key))
          found.push({ field: childPath.replace(LONE_SURROGATES, '\ufffd'), message: LONE_SURROGATE_MESSAGE });
        else pending.push({ value: child, path: childPath });
      }
    }
  }
  return found.reverse();
}
