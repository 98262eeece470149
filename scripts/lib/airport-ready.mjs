// The benchmarks' FBOs live at an airport that svc-airports imports on its first development start, in the
// background (DEV_AUTO_IMPORT): on a new machine a benchmark can reach its fixtures before that import reached the
// airport, and the gateway answers 404 "Airport not found".
import { setTimeout as sleep } from 'node:timers/promises';
import { gatewayCall } from './gateway-call.mjs';

/** svc-airports' answer for an airport it does not have (yet). */
const NOT_IMPORTED = 'Airport not found';

/**
 * The admin's list of the FBOs at `code` (GET /api/admin/fbos?airport=CODE), asked again while the airport is not
 * imported yet (404 "Airport not found"), until `timeoutMs`; then the last answer, whatever its status (the caller
 * checks it). Says once that it waits.
 */
export async function fbosAtImportedAirport(
  code,
  cookie,
  { timeoutMs = 180_000, intervalMs = 2000, port, say = console.log } = {},
) {
  const deadline = Date.now() + timeoutMs;
  let waiting = false;
  for (;;) {
    const res = await gatewayCall('GET', `/api/admin/fbos?airport=${encodeURIComponent(code)}`, { cookie, port });
    if (res.status !== 404 || res.json?.error !== NOT_IMPORTED || Date.now() >= deadline) return res;
    if (!waiting)
      say(
        `${code} is not among the airports yet: waiting for svc-airports' first import (up to ${Math.round(timeoutMs / 1000)} s) ...`,
      );
    waiting = true;
    await sleep(intervalMs);
  }
}
