import type { LoggerService } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { z } from 'zod';
import { requestObserver } from '../request-context/request-observer';
import { ProcessMetrics } from './metrics';

/** Environment every process reads for its /metrics (services through defineService, the gateway in its config). */
export const metricsEnvShape = {
  /** When set, /metrics answers only `Authorization: Bearer <METRICS_TOKEN>` (404 otherwise). */
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
};

/**
 * Puts the request observer (request id, one line per request, request metrics) first on a service app; called by
 * createServiceApp right after the app is made.
 */
export function observeServiceRequests(app: NestExpressApplication, logger: LoggerService): void {
  let metrics: ProcessMetrics | undefined;
  try {
    metrics = app.get(ProcessMetrics, { strict: false });
  } catch {
    metrics = undefined; // an app without ServiceKitModule (unit tests)
  }
  app.use(requestObserver({ metrics, logger }));
}
