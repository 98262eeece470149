import type { z } from 'zod';
import { SERVICE_PORTS } from '@rampquote/contracts';
import { loadConfig, serviceConfigSchema } from '@rampquote/service-kit';

export const SERVICE = 'fleet';

/** svc-fleet's environment: the base shape, PORT (4002), EVENTS_EXCHANGE. */
export const fleetConfigSchema = serviceConfigSchema(SERVICE_PORTS.fleet);
export type FleetConfig = z.infer<typeof fleetConfigSchema>;

export function loadFleetConfig(env: NodeJS.ProcessEnv = process.env): FleetConfig {
  return loadConfig(fleetConfigSchema, env);
}
