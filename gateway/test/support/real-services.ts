import type { NestExpressApplication } from '@nestjs/platform-express';
import { startAirports, type AirportsTestApp } from '../../../svc-airports/test/support/airports-app';
import { startFleet, type FleetTestApp } from '../../../svc-fleet/test/support/fleet-app';

export interface ListeningService<T> {
  /** http://127.0.0.1:<port>: the gateway's <SERVICE>_URL. */
  url: string;
  service: T;
  close: () => Promise<void>;
}

async function listening<T extends { app: NestExpressApplication; close: () => Promise<void> }>(
  service: T,
): Promise<ListeningService<T>> {
  try {
    await service.app.listen(0, '127.0.0.1');
    return {
      url: (await service.app.getUrl()).replace('[::1]', '127.0.0.1'),
      service,
      close: () => service.close(),
    };
  } catch (err) {
    await service.close();
    throw err;
  }
}

/** The real svc-fleet, started in this process on its own fresh database and exchange (its own test support). */
export const startRealFleet = async (): Promise<ListeningService<FleetTestApp>> =>
  listening(await startFleet({ LOG_LEVEL: 'warn' }));

/** The real svc-airports, started in this process on its own fresh database and exchange (its own test support). */
export const startRealAirports = async (): Promise<ListeningService<AirportsTestApp>> =>
  listening(await startAirports({ LOG_LEVEL: 'warn' }));
