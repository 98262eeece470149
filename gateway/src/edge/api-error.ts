import { HttpException } from '@nestjs/common';
import { STATUS_CODES, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import type { NextFunction, Request, Response } from 'express';
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

/**
 * Writes `{ error, details? }` with a status from a pipeline step (outside Nest's exception layer), with plain Node
 * calls.
 */
export function sendApiError(
  res: ServerResponse,
  status: number,
  body: ApiErrorBody,
  headers: Record<string, string> = {},
): void {
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
  const json = JSON.stringify(body);
  res.statusCode = status;
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Content-Length', Buffer.byteLength(json));
  res.end(json);
}

// ---------------------------------------------------------------------------------------------------------
// Requests too malformed for Express: every answer the gateway gives is still `{ error, details? }` (ARCHITECTURE
// section 6), and nothing it forwards is too big for a service to read.

/** Most bytes of request line plus headers the gateway forwards (each service's Node parser stops at 16 KiB). */
export const MAX_FORWARDED_HEAD_BYTES = 12 * 1024;

/** Deepest nesting of arrays and objects read from a JSON body (the system's bodies are a few levels deep). */
export const MAX_JSON_DEPTH = 32;

const jsonHead = (status: number, json: string) =>
  `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? 'Error'}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(json)}\r\n` +
  `X-Content-Type-Options: nosniff\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n${json}`;

/**
 * What Node's HTTP parser answers itself, before any middleware (a request line with raw bytes that are not
 * allowed there, headers over the size limit, a broken request): the same status, in the JSON error shape.
 */
export function answerClientErrorsInJson(server: Server): void {
  server.on('clientError', (err: Error & { code?: string }, socket: Duplex) => {
    if (err.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy();
      return;
    }
    const status = err.code === 'HPE_HEADER_OVERFLOW' ? 431 : err.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
    const body: ApiErrorBody =
      status === 431
        ? { error: 'Request header fields too large' }
        : status === 408
          ? { error: 'Request timeout' }
          : {
              error: 'Invalid request',
              details: [{ message: 'The request could not be read as HTTP (request line or headers)' }],
            };
    socket.end(jsonHead(status, JSON.stringify(body)));
  });
}

/**
 * A request whose line and headers are larger than a service reads: 431 here, not a bare 431 or a reset connection
 * behind. The address counts twice: the signed identity the gateway adds carries it, query included, in base64url.
 */
export function refuseOversizedHead(req: Request, res: Response, next: NextFunction): void {
  if (!headTooLargeToForward(req, req.originalUrl ?? req.url)) return next();
  sendApiError(res, 431, {
    error: 'Request header fields too large',
    details: [{ message: `The address and headers must stay under ${MAX_FORWARDED_HEAD_BYTES} bytes` }],
  });
}

/** Whether the request line and headers, with the identity the gateway adds, are over MAX_FORWARDED_HEAD_BYTES. */
export function headTooLargeToForward(req: IncomingMessage, url = req.url ?? '/'): boolean {
  const inIdentity = Math.ceil((Buffer.byteLength(JSON.stringify(url)) * 4) / 3);
  let bytes = url.length + inIdentity + (req.method ?? '').length + 12;
  for (const part of req.rawHeaders) bytes += part.length + 2;
  return bytes > MAX_FORWARDED_HEAD_BYTES;
}

/** The nesting depth of JSON text (brackets outside strings), stopping as soon as it passes `limit`. */
export function jsonDepthExceeds(text: Buffer | string, limit = MAX_JSON_DEPTH): boolean {
  const buf = typeof text === 'string' ? Buffer.from(text) : text;
  let depth = 0;
  let inString = false;
  for (let i = 0; i < buf.length; i++) {
    const c = buf[i];
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > limit) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}

/**
 * `verify` option of the gateway's JSON body parsers: a body nested deeper than MAX_JSON_DEPTH is a 400 (JSON.parse
 * reads any depth, but writing it again to a service would overflow the stack: a 500).
 */
export function refuseDeepJson(_req: unknown, _res: unknown, buf: Buffer): void {
  if (jsonDepthExceeds(buf)) {
    throw Object.assign(new Error(`JSON nested deeper than ${MAX_JSON_DEPTH} levels`), {
      status: 400,
      statusCode: 400,
      type: 'entity.verify.failed',
      expose: true,
    });
  }
}
