import type { PipeTransform } from '@nestjs/common';
import {
  createQuoteRequestSchema,
  isLegacyQuoteRequestBody,
  legacyQuoteRequestSchema,
  type CreateQuoteRequest,
  type LegacyQuoteRequest,
} from '@rampquote/contracts';
import { ZodValidationPipe } from '@rampquote/service-kit';

export type QuoteRequestBody =
  { kind: 'form'; input: CreateQuoteRequest } | { kind: 'legacy'; input: LegacyQuoteRequest };

const form = new ZodValidationPipe(createQuoteRequestSchema);
const legacy = new ZodValidationPipe(legacyQuoteRequestSchema);

/** POST /api/quote-requests takes the request form's payload or the legacy wizard's (which names `destination`). */
export class QuoteRequestBodyPipe implements PipeTransform<unknown, QuoteRequestBody> {
  transform(body: unknown): QuoteRequestBody {
    return isLegacyQuoteRequestBody(body)
      ? { kind: 'legacy', input: legacy.transform(body) }
      : { kind: 'form', input: form.transform(body) };
  }
}
