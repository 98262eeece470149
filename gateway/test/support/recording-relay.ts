import { createServer, request as httpRequest, type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordingRelay {
  /** http://127.0.0.1:<port>: give it to the gateway as a service's URL. */
  url: string;
  /** Every request passed on: method, path and headers as the service received them. */
  seen: { method: string; url: string; headers: IncomingHttpHeaders }[];
  close: () => Promise<void>;
}

/**
 * A transparent HTTP hop in front of a real service that keeps a copy of what passes (as someone who can read the
 * traffic between the gateway and a service would): method, path, headers. Bodies and answers stream through.
 * `hold` picks requests it keeps without an answer (a service that does not answer in time).
 */
export async function startRecordingRelay(
  target: string,
  options: { hold?: (req: IncomingMessage) => boolean } = {},
): Promise<RecordingRelay> {
  const seen: RecordingRelay['seen'] = [];
  const to = new URL(target);
  const server = createServer((req, res) => {
    seen.push({ method: req.method ?? '', url: req.url ?? '', headers: { ...req.headers } });
    // A fault case: the service never answers this request.
    if (options.hold?.(req)) return;
    const upstream = httpRequest(
      { host: to.hostname, port: to.port, method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => {
      res.writeHead(502);
      res.end();
    });
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
