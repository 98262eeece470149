import { randomBytes } from 'node:crypto';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';

export interface RawAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
  /** Whether the server said `100 Continue` (and the body was sent). */
  continued: boolean;
}

/**
 * Sends a request the way curl sends an upload over 1 MB: the headers with `Expect: 100-continue` first, the
 * body only after the server's `100 Continue` (nothing, if a final answer comes first).
 */
export function sendWithExpectContinue(
  baseUrl: string,
  method: string,
  path: string,
  headers: Record<string, string>,
  body: Buffer,
): Promise<RawAnswer> {
  const url = new URL(path, baseUrl);
  return new Promise((resolve, reject) => {
    let continued = false;
    let answered = false;
    const req = httpRequest({
      hostname: url.hostname,
      port: url.port,
      path: url.pathname + url.search,
      method,
      headers: { ...headers, 'content-length': String(body.length), expect: '100-continue' },
    });
    req.on('continue', () => {
      continued = true;
      req.end(body);
    });
    req.on('response', (res) => {
      answered = true;
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          text: Buffer.concat(chunks).toString('utf8'),
          continued,
        });
        if (!continued) req.destroy();
      });
    });
    // Once answered, a connection the server closes while the rest of the body is sent is not our failure.
    req.on('error', (err) => (answered ? undefined : reject(err)));
    req.flushHeaders();
  });
}

/** A multipart/form-data body with one file field. */
export function multipartFile(
  field: string,
  filename: string,
  content: Buffer,
  type = 'text/csv',
): { body: Buffer; contentType: string } {
  const boundary = `----rampquote${randomBytes(8).toString('hex')}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`;
  return {
    body: Buffer.concat([Buffer.from(head), content, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}
