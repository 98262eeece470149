import { Injectable } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Routes } from '@rampquote/contracts';

/** Largest webhook body read. */
const LIMIT_BYTES = 1024 * 1024;

type RawRequest = IncomingMessage & { body?: unknown };

/** Reads the whole body into `req.body` as a Buffer (the JSON parser then sees the request finished and skips it). */
export function readRawBody(limit = LIMIT_BYTES) {
  return (req: RawRequest, res: ServerResponse, next: (err?: unknown) => void) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let refused = false;
    req.on('data', (chunk: Buffer) => {
      if (refused) return;
      size += chunk.length;
      if (size > limit) {
        refused = true;
        res
          .writeHead(413, { 'Content-Type': 'application/json; charset=utf-8' })
          .end(JSON.stringify({ error: 'Request body too large' }));
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => {
      if (refused) return;
      req.body = Buffer.concat(chunks);
      next();
    });
    req.on('error', (err) => {
      if (!refused) next(err);
    });
  };
}

/**
 * Keeps the JSON body parser off `POST /api/billing/webhook`: Stripe signs the exact bytes it sends, so the webhook
 * needs the raw body. Express middleware registered while the app's providers are made (before service-kit adds the
 * JSON parser at app creation) runs first; refused loudly if a JSON parser is already in place.
 */
@Injectable()
export class WebhookRawBody {
  constructor(adapterHost: HttpAdapterHost) {
    const adapter = adapterHost.httpAdapter as unknown as {
      use(path: string, handler: ReturnType<typeof readRawBody>): unknown;
      isMiddlewareApplied?(name: string): boolean;
    };
    if (adapter.isMiddlewareApplied?.('jsonParser')) {
      throw new Error(`a JSON body parser was registered before ${Routes.billing.webhook} could keep its raw body`);
    }
    adapter.use(Routes.billing.webhook, readRawBody());
  }
}
