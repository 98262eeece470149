import { HttpException } from '@nestjs/common';
import type { Response } from 'express';
import type { ApiErrorBody } from '@rampquote/contracts';

/** Marks a body as already in the system's error shape (so the exception filter passes it through untouched). */
const API_ERROR = Symbol.for('rampquote.apiError');

export class ApiError extends HttpException {
  readonly [API_ERROR] = true;
  constructor(
    status: number,
    readonly body: ApiErrorBody,
    readonly headers: Record<string, string> = {},
  ) {
    super(body, status);
  }
}

export const isApiError = (err: unknown): err is ApiError =>
  typeof err === 'object' && err !== null && (err as Record<symbol, unknown>)[API_ERROR] === true;

/** Writes `{ error, details? }` with a status from plain Express middleware (outside Nest's exception layer). */
export function sendApiError(res: Response, status: number, body: ApiErrorBody, headers: Record<string, string> = {}): void {
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
  res.status(status).json(body);
}
