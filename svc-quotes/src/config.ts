import type { z } from 'zod';
import { SERVICE_PORTS } from '@rampquote/contracts';
import { loadConfig, serviceConfigSchema } from '@rampquote/service-kit';

export const SERVICE = 'quotes';

/** svc-quotes's environment: the base shape, PORT (4003), EVENTS_EXCHANGE. */
export const quotesConfigSchema = serviceConfigSchema(SERVICE_PORTS.quotes);
export type QuotesConfig = z.infer<typeof quotesConfigSchema>;

export function loadQuotesConfig(env: NodeJS.ProcessEnv = process.env): QuotesConfig {
  return loadConfig(quotesConfigSchema, env);
}
