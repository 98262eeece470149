// The benchmarks' FBOs live at an airport that svc-airports imports on its first development start, in the
// background (DEV_AUTO_IMPORT): on a new machine a benchmark can reach its fixtures before that import reached the
// airport, and the gateway answers 404 "Airport not found".
import { setTimeout as sleep } from 'node:timers/promises';
import { gatewayCall } from './gateway-call.mjs';

/** The development seed's demo FBOs at KSEA the benchmarks ask for estimates (not ksea-1, the demo FBO user's own). */
export const DEMO_FBO_EMAIL = /^demo-fbo-ksea-[23]@example\.com$/;

/** svc-airports' answer for an airport it does not have (yet). */
const NOT_IMPORTED = 'Airport not found';

/**
 * The admin's list of the FBOs at `code` (GET /api/admin/fbos?airport=CODE), asked again while the airport is not
 * imported yet (404 "Airport not found") or while a 200 list does not satisfy `until` (the development seed adds its
 * demo FBOs only after the whole import), until `timeoutMs`; then the last answer, whatever it is (the caller checks
 * it). Says once that it waits, and once what for.
 */
export async function fbosAtImportedAirport(
  code,
  cookie,
  { timeoutMs = 180_000, intervalMs = 2000, port, say = console.log, until = null } = {},
) {
  const deadline = Date.now() + timeoutMs;
  const said = new Set();
  const sayOnce = (message) => {
    if (!said.has(message)) say(message);
    said.add(message);
  };
  for (;;) {
    const res = await gatewayCall('GET', `/api/admin/fbos?airport=${encodeURIComponent(code)}`, { cookie, port });
    const notImported = res.status === 404 && res.json?.error === NOT_IMPORTED;
    const notYet = res.status === 200 && until !== null && !until.test(res.json);
    if ((!notImported && !notYet) || Date.now() >= deadline) return res;
    sayOnce(
      notImported
        ? `${code} is not among the airports yet: waiting for svc-airports' first import (up to ${Math.round(timeoutMs / 1000)} s) ...`
        : `${code} has no ${until.what} yet: waiting for the development seed ...`,
    );
    await sleep(intervalMs);
  }
}

/** `until` for fbosAtImportedAirport: at least one FBO whose e-mail matches `pattern`, named `what` when it waits. */
export function someFboEmailed(pattern, what) {
  return { what, test: (list) => (list?.fbos ?? []).some((f) => pattern.test(f.email ?? '')) };
}
