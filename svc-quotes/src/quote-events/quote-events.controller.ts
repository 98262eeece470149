import type { IncomingMessage, ServerResponse } from 'node:http';
import { Controller, Get, Inject, Param, Query, Req, Res, type OnModuleDestroy } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Routes, QuoteStreamEvents, type InternalIdentity, type ReadyStreamData } from '@rampquote/contracts';
import { CurrentIdentity, RequireIdentity, SERVICE_CONFIG } from '@rampquote/service-kit';
import type { QuotesConfig } from '../config';
import { findOwnedRequest } from '../shared/owned-request';
import { QuoteEventHub, type StreamEvent } from './quote-event-hub.service';

type SignedIn = InternalIdentity & { user: NonNullable<InternalIdentity['user']> };

const frame = (event: { seq: number; type: string; data: unknown }) =>
  `id: ${event.seq}\nevent: ${event.type}\ndata: ${JSON.stringify(event.data)}\n\n`;

/** A Last-Event-ID (header, or `?lastEventId=` for clients that cannot set it): a non-negative integer, else none. */
function lastEventId(header: string | string[] | undefined, query: unknown): number | null {
  const raw = (Array.isArray(header) ? header[0] : header) ?? (typeof query === 'string' ? query : undefined);
  return raw !== undefined && /^\d{1,18}$/.test(raw.trim()) ? Number(raw.trim()) : null;
}

/**
 * GET /api/quote-requests/{id}/events: Server-Sent Events for the request's owner (404 otherwise). First a `ready`
 * event with the current counts (its id is the latest event number), then `response-received`, `status-changed`
 * and `cancelled` as they commit on any replica. With Last-Event-ID the missed events are replayed from the
 * table first. A comment line every QUOTE_STREAM_HEARTBEAT_MS keeps proxies from closing a quiet stream.
 */
@Controller(Routes.quoteRequests.root)
@RequireIdentity({ user: true })
export class QuoteEventsController implements OnModuleDestroy {
  /** Open streams, ended when the app shuts down (an open response would keep the HTTP server from closing). */
  private readonly open = new Set<() => void>();

  constructor(
    private readonly dataSource: DataSource,
    private readonly hub: QuoteEventHub,
    @Inject(SERVICE_CONFIG) private readonly config: QuotesConfig,
  ) {}

  onModuleDestroy(): void {
    for (const close of [...this.open]) close();
  }

  @Get(':id/events')
  async stream(
    @CurrentIdentity() identity: SignedIn,
    @Param('id') id: string,
    @Query('lastEventId') lastEventIdQuery: unknown,
    @Req() req: IncomingMessage,
    @Res() res: ServerResponse,
  ): Promise<void> {
    const request = await findOwnedRequest(this.dataSource.manager, identity.user.id, id);
    const latest = await this.hub.latestSeq(request.id);
    const resumeFrom = lastEventId(req.headers['last-event-id'], lastEventIdQuery);

    res.writeHead(200, {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-cache, no-transform',
      Connection: 'keep-alive',
      'X-Accel-Buffering': 'no',
    });
    res.flushHeaders();
    res.socket?.setNoDelay(true);
    res.socket?.setKeepAlive(true);

    const ready: ReadyStreamData = {
      quoteRequestId: request.id,
      status: request.status,
      responseCount: request.responseCount,
      totalFbosCount: request.totalFbosCount,
    };
    res.write(`retry: 3000\n\n`);
    if (resumeFrom === null) res.write(frame({ seq: latest, type: QuoteStreamEvents.ready, data: ready }));
    else res.write(`event: ${QuoteStreamEvents.ready}\ndata: ${JSON.stringify(ready)}\n\n`);

    const unsubscribe = this.hub.subscribe(request.id, resumeFrom ?? latest, (event: StreamEvent) => {
      if (!res.writableEnded) res.write(frame(event));
    });
    const heartbeat = setInterval(() => {
      if (!res.writableEnded) res.write(`: heartbeat ${new Date().toISOString()}\n\n`);
    }, this.config.QUOTE_STREAM_HEARTBEAT_MS);
    const close = () => {
      this.open.delete(close);
      clearInterval(heartbeat);
      unsubscribe();
      if (!res.writableEnded) res.end();
    };
    this.open.add(close);
    req.on('close', close);
    res.on('close', close);
  }
}
