import type { z } from 'zod';
import { SERVICE_PORTS } from '@rampquote/contracts';
import { loadConfig, serviceConfigSchema } from '@rampquote/service-kit';

export const SERVICE = 'billing';

/** svc-billing's environment: the base shape, PORT (4004), EVENTS_EXCHANGE. */
export const billingConfigSchema = serviceConfigSchema(SERVICE_PORTS.billing);
export type BillingConfig = z.infer<typeof billingConfigSchema>;

export function loadBillingConfig(env: NodeJS.ProcessEnv = process.env): BillingConfig {
  return loadConfig(billingConfigSchema, env);
}
