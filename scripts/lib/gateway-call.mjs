// One JSON call to the running system for the benchmarks (bench:load, bench:quotes).
import http from 'node:http';
import { GATEWAY } from './system.mjs';

const HOST = '127.0.0.1';
/** The site's origin: state-changing calls carry it (the gateway's CSRF rule). */
const ORIGIN = `http://localhost:${GATEWAY.port}`;

/**
 * One call; resolves with status, headers, text and the parsed JSON body (undefined when the body is not JSON), and
 * rejects when no answer comes (refused, reset, or nothing for `timeoutMs`). `port` defaults to the gateway's;
 * `agent` keeps connections (Node's global agent when unset); `localAddress`: a fresh connection from that address.
 */
export function gatewayCall(
  method,
  path,
  { body, cookie, agent, port = GATEWAY.port, headers = {}, localAddress, timeoutMs = 30_000 } = {},
) {
  const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: HOST,
        port,
        method,
        path,
        agent: localAddress ? false : agent,
        localAddress,
        headers: {
          accept: 'application/json',
          ...(method !== 'GET' && method !== 'HEAD' ? { origin: ORIGIN } : {}),
          ...(payload ? { 'content-type': 'application/json', 'content-length': payload.length } : {}),
          ...(cookie ? { cookie } : {}),
          ...headers,
        },
      },
      (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let json;
          try {
            json = text ? JSON.parse(text) : undefined;
          } catch {
            json = undefined;
          }
          resolve({ status: res.statusCode, headers: res.headers, text, json });
        });
        res.on('error', reject);
      },
    );
    req.setTimeout(timeoutMs, () =>
      req.destroy(new Error(`${method} ${path}: no answer within ${timeoutMs / 1000} s`)),
    );
    req.on('error', reject);
    req.end(payload);
  });
}
