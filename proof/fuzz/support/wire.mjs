// Sends a request exactly as built (raw path bytes, any header, any body bytes) and judges the answer: no 5xx, and an
// error answer in the system's JSON error shape `{ error, details?: [{ message, field? }] }` (libs/contracts
// ApiErrorBody, ARCHITECTURE section 6).
import http from 'node:http';
import { PORTS } from '../../../scripts/lib/system.mjs';

const agent = new http.Agent({ keepAlive: true, maxSockets: 32 });

/** Most bytes of an answer read (a PDF or a stream is cut there; error answers are small). */
const MAX_ANSWER_BYTES = 256 * 1024;

/** Bodies this big are over every parser's limit (the gateway's 100 kB, the services' 1 MB). */
export const OVERSIZED_BYTES = 1024 * 1024;

/**
 * One request to host:port. Resolves `{ status, contentType, text }` or `{ status: 0, error }` (no answer: reset,
 * timeout). A Server-Sent Events answer is closed once its headers arrived.
 */
export function send(
  { method, path, headers, body },
  { host = '127.0.0.1', port = PORTS.gateway, timeoutMs = 15_000 } = {},
) {
  return new Promise((resolve) => {
    let done = false;
    let timer;
    const finish = (result) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      resolve(result);
    };
    const h = { ...headers };
    if (body) h['content-length'] = String(body.length);
    let req;
    try {
      req = http.request({ host, port, method, path, headers: h, agent, insecureHTTPParser: false });
    } catch (err) {
      // The request cannot even be written (Node refuses the path or a header): not a finding about the system.
      finish({ status: -1, error: err });
      return;
    }
    timer = setTimeout(() => {
      req.destroy(new Error(`no answer within ${timeoutMs} ms`));
    }, timeoutMs);
    req.on('response', (res) => {
      const contentType = String(res.headers['content-type'] ?? '');
      if (contentType.startsWith('text/event-stream')) {
        res.destroy();
        finish({ status: res.statusCode, contentType, text: '' });
        return;
      }
      const chunks = [];
      let size = 0;
      res.on('data', (c) => {
        size += c.length;
        if (size <= MAX_ANSWER_BYTES) chunks.push(c);
        else res.destroy();
      });
      const end = () =>
        finish({
          status: res.statusCode,
          contentType,
          text: Buffer.concat(chunks).toString('utf8'),
          truncated: size > MAX_ANSWER_BYTES,
        });
      res.on('end', end);
      res.on('close', end);
      res.on('error', end);
    });
    // A body far over the limits may be cut short by the server's answer-and-close (TCP reset before the client has
    // read the 413): reported apart, not a finding.
    const oversized = (body?.length ?? 0) >= OVERSIZED_BYTES;
    req.on('error', (err) =>
      finish({ status: 0, error: err, resetWhileUploading: oversized && ['ECONNRESET', 'EPIPE'].includes(err.code) }),
    );
    if (body && body.length) req.end(body);
    else req.end();
  });
}

/** Why an answer breaks the rules (null when it is fine). */
export function problemOf(answer) {
  if (answer.status === 0 && answer.resetWhileUploading) return null;
  if (answer.status === 0) return `no answer (${answer.error?.code ?? answer.error?.message})`;
  if (answer.status >= 500) return `answered ${answer.status}: ${answer.text?.slice(0, 300)}`;
  if (answer.status < 400) return null;
  if (!/^application\/json\b/i.test(answer.contentType))
    return `error ${answer.status} is not JSON (content-type "${answer.contentType}"): ${answer.text?.slice(0, 200)}`;
  let body;
  try {
    body = JSON.parse(answer.text);
  } catch {
    return `error ${answer.status} body does not parse as JSON: ${answer.text?.slice(0, 200)}`;
  }
  if (!isApiErrorBody(body)) return `error ${answer.status} is not in the error shape: ${answer.text?.slice(0, 300)}`;
  return null;
}

/** `{ error: non-empty text, details?: [{ message: text, field?: text }] }` and nothing else. */
export function isApiErrorBody(body) {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return false;
  if (typeof body.error !== 'string' || body.error.trim() === '') return false;
  if (Object.keys(body).some((k) => k !== 'error' && k !== 'details')) return false;
  if (body.details === undefined) return true;
  return (
    Array.isArray(body.details) &&
    body.details.every(
      (d) =>
        d !== null &&
        typeof d === 'object' &&
        typeof d.message === 'string' &&
        (d.field === undefined || typeof d.field === 'string'),
    )
  );
}

export function closeAgent() {
  agent.destroy();
}
