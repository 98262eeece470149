import type { z } from 'zod';
import { SERVICE_PORTS } from '@rampquote/contracts';
import { loadConfig, serviceConfigSchema } from '@rampquote/service-kit';

export const SERVICE = 'airports';

/** svc-airports's environment: the base shape, PORT (4005), EVENTS_EXCHANGE. */
export const airportsConfigSchema = serviceConfigSchema(SERVICE_PORTS.airports);
export type AirportsConfig = z.infer<typeof airportsConfigSchema>;

export function loadAirportsConfig(env: NodeJS.ProcessEnv = process.env): AirportsConfig {
  return loadConfig(airportsConfigSchema, env);
}
