import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';

/** The header a request id travels in: from the caller, to every service call, and back in every answer. */
export const REQUEST_ID_HEADER = 'x-request-id';

/** What the logs know about the work in progress: the request (or event) it belongs to. */
export interface RequestContext {
  requestId: string;
  /** More fields every log line of this work carries (e.g. the event being handled). */
  fields?: Record<string, string>;
  /** The gateway's signed identity header of the request being served, when it names a user (InternalIdentityGuard). */
  identityHeader?: string;
}

const storage = new AsyncLocalStorage<RequestContext>();

/** A caller's id is kept when it is 1–128 letters, digits or `-_.:@/+=` (no spaces, quotes or control characters). */
const WELL_FORMED = /^[A-Za-z0-9\-_.:@/+=]{1,128}$/;

export const isWellFormedRequestId = (value: unknown): value is string =>
  typeof value === 'string' && WELL_FORMED.test(value);

/** The caller's id when well-formed, else a new one (a UUID). */
export function requestIdFrom(header: string | string[] | undefined): string {
  const value = Array.isArray(header) ? header[0] : header;
  return isWellFormedRequestId(value) ? value : randomUUID();
}

/** The context of the work in progress, if any. */
export const currentRequestContext = (): RequestContext | undefined => storage.getStore();

/** The request id of the work in progress, if any. */
export const currentRequestId = (): string | undefined => storage.getStore()?.requestId;

/** Runs `fn` as part of the request (or event) `requestId`: its logs, calls and events carry that id. */
export function runWithRequestId<T>(requestId: string, fn: () => T, fields?: Record<string, string>): T {
  return storage.run(fields ? { requestId, fields } : { requestId }, fn);
}

/**
 * Express middleware (first in every service and the gateway): takes the caller's `X-Request-Id` when well-formed or
 * makes one, returns it in the answer's `X-Request-Id`, and runs the rest of the request in its context.
 */
export function requestIdMiddleware(req: Request, res: Response, next: NextFunction): void {
  const requestId = requestIdFrom(req.headers[REQUEST_ID_HEADER]);
  req.headers[REQUEST_ID_HEADER] = requestId;
  res.setHeader('X-Request-Id', requestId);
  storage.run({ requestId }, next);
}
