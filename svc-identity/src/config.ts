import type { z } from 'zod';
import { SERVICE_PORTS } from '@rampquote/contracts';
import { loadConfig, serviceConfigSchema } from '@rampquote/service-kit';

export const SERVICE = 'identity';

/** svc-identity's environment: the base shape (BETA_OPEN included), PORT (4001), EVENTS_EXCHANGE. */
export const identityConfigSchema = serviceConfigSchema(SERVICE_PORTS.identity);
export type IdentityConfig = z.infer<typeof identityConfigSchema>;

export function loadIdentityConfig(env: NodeJS.ProcessEnv = process.env): IdentityConfig {
  return loadConfig(identityConfigSchema, env);
}
