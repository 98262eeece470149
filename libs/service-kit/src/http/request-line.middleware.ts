import type { NextFunction, Request, Response } from 'express';
import { RequestMessages, type ApiErrorBody } from '@rampquote/contracts';

/** Detail of a path or query string whose percent-encoding does not decode (`%E0%A4%A`, `%zz`). */
export const MALFORMED_ENCODING_MESSAGE = 'The address holds malformed percent-encoding';

/**
 * What is wrong with a request's path and query string (`req.url`), or null when nothing is: the decoded path, or a
 * decoded query name or value, holds U+0000 (PostgreSQL cannot store it, and no parameter has a use for it), or the
 * percent-encoding does not decode. The query is read from the raw text (`+` is a space), so every query parser
 * sees the same verdict.
 */
export function requestLineProblem(url: string): ApiErrorBody | null {
  const queryAt = url.indexOf('?');
  const path = queryAt < 0 ? url : url.slice(0, queryAt);
  const parts = [path];
  if (queryAt >= 0) {
    for (const pair of url.slice(queryAt + 1).split('&')) {
      const eq = pair.indexOf('=');
      const [name, value] = eq < 0 ? [pair, ''] : [pair.slice(0, eq), pair.slice(eq + 1)];
      parts.push(name.replace(/\+/g, ' '), value.replace(/\+/g, ' '));
    }
  }
  let nul = false;
  for (const part of parts) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(part);
    } catch {
      return { error: RequestMessages.invalidRequest, details: [{ message: MALFORMED_ENCODING_MESSAGE }] };
    }
    if (decoded.includes('\u0000')) nul = true;
  }
  return nul ? { error: RequestMessages.invalidRequest, details: [{ message: RequestMessages.nulCharacter }] } : null;
}

/**
 * Express middleware every service runs before routing (createServiceApp): a request whose path or query string
 * holds a NUL character or malformed percent-encoding is answered 400 in the JSON error shape and reaches no
 * handler, so no path parameter or query value can carry either into a query (bodies: ZodValidationPipe).
 */
export function refuseBadRequestLine(req: Request, res: Response, next: NextFunction): void {
  const problem = requestLineProblem(req.originalUrl ?? req.url);
  if (!problem) return next();
  res.status(400).json(problem);
}
