import { Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import type { Request, RequestHandler, Response } from 'express';
import { sendApiError } from '../edge/api-error';
import { routeOf } from '../routing/route-policy.middleware';
import { SessionsService } from '../sessions/sessions.service';

/** Live-update streams one user may hold open on one gateway at a time. */
export const MAX_STREAMS_PER_USER = 5;
/** How often every open stream's session is checked: a stream outlives its session by at most this much. */
export const STREAM_CHECK_EVERY_MS = 2_000;
export const TOO_MANY_STREAMS = {
  error: 'Too many live updates are open. Close another RampQuote tab and try again.',
};

interface OpenStream {
  sid: string;
  userId: string;
}

/**
 * The Server-Sent Events streams this gateway relays, by session. A stream ends (its connection closed, and with it
 * the service's stream) within STREAM_CHECK_EVERY_MS once its session no longer signs its user in with the rights
 * the stream was opened with: logout, a password reset, a removed invitation or role, expiry. Logout on this gateway
 * ends them at once. The browser's EventSource then reconnects, and the pipeline answers it as any other request.
 */
@Injectable()
export class LiveStreamsService implements OnApplicationShutdown {
  private readonly logger = new Logger('LiveStreams');
  private readonly open = new Map<Response, OpenStream>();
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly sessions: SessionsService) {}

  /** Pipeline step: counts a signed-in stream in (429 past MAX_STREAMS_PER_USER) and follows it until it closes. */
  readonly step: RequestHandler = (req: Request, res: Response, next) => {
    if (routeOf(req)?.policy.stream !== 'sse') return next();
    const userId = req.session?.user?.id;
    const sid = this.sessions.sessionIdOf(req.headers.cookie);
    if (!userId || !sid) return next();
    if (this.countOf(userId) >= MAX_STREAMS_PER_USER) return sendApiError(res, 429, TOO_MANY_STREAMS);
    this.open.set(res, { sid, userId });
    res.once('close', () => this.open.delete(res));
    this.schedule();
    next();
  };

  /** Ends this gateway's streams of a session now (its user signed out here). */
  endSession(sid: string): void {
    for (const [res, stream] of this.open) if (stream.sid === sid) this.end(res);
  }

  onApplicationShutdown(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  private countOf(userId: string): number {
    let n = 0;
    for (const stream of this.open.values()) if (stream.userId === userId) n += 1;
    return n;
  }

  private schedule(): void {
    if (this.timer || this.open.size === 0) return;
    this.timer = setTimeout(() => void this.sweep(), STREAM_CHECK_EVERY_MS);
    this.timer.unref();
  }

  private async sweep(): Promise<void> {
    const checks = new Map<string, Promise<boolean>>();
    const verdicts = await Promise.all(
      [...this.open].map(async ([res, { sid, userId }]) => {
        const key = `${sid}\n${userId}`;
        if (!checks.has(key)) checks.set(key, this.stillSignedIn(sid, userId));
        return { res, ok: await checks.get(key)! };
      }),
    );
    for (const { res, ok } of verdicts) if (!ok) this.end(res);
    this.timer = undefined;
    this.schedule();
  }

  /** A database that cannot answer keeps the streams: the check runs again at the next sweep. */
  private async stillSignedIn(sid: string, userId: string): Promise<boolean> {
    try {
      return await this.sessions.signsIn(sid, userId);
    } catch (err) {
      this.logger.warn(`session check failed: ${err instanceof Error ? err.message : String(err)}`);
      return true;
    }
  }

  private end(res: Response): void {
    this.open.delete(res);
    res.destroy();
  }
}
