import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { matchRoute, type RouteAnswer } from '@rampquote/contracts';
import { z } from 'zod';

/** The 500 body that replaces an answer its contract does not describe. */
export const CONTRACT_MISMATCH = 'The answer does not match its contract (route policy)';

/** Paths present in what was sent but dropped by the schema's parse: fields the contract does not declare. */
function undeclared(sent: unknown, parsed: unknown, path = ''): string[] {
  if (Array.isArray(sent) && Array.isArray(parsed))
    return sent.flatMap((item, i) => undeclared(item, parsed[i], `${path}[${i}]`));
  if (typeof sent !== 'object' || sent === null || typeof parsed !== 'object' || parsed === null) return [];
  return Object.entries(sent).flatMap(([key, value]) =>
    key in parsed
      ? undeclared(value, (parsed as Record<string, unknown>)[key], `${path}.${key}`)
      : [`${path}.${key}`.slice(1)],
  );
}

/** What is wrong with a 2xx answer of a route, measured against the route policy's answer; undefined when nothing. */
export function answerProblem(
  answer: RouteAnswer,
  res: ServerResponse,
  status: number,
  body: Buffer,
): string | undefined {
  if (!(answer.status as readonly number[]).includes(status))
    return `answered ${status}; the contract says ${answer.status.join(' or ')}`;
  if (!answer.body) return body.length ? `answered a body with ${status}; the contract says none` : undefined;
  const type = String(res.getHeader('content-type') ?? '');
  if (!type.includes('application/json')) return `answered ${type || 'no content type'}; the contract says JSON`;
  const raw = res.getHeader('content-encoding') === 'gzip' ? gunzipSync(body) : body;
  let sent: unknown;
  try {
    sent = JSON.parse(raw.toString('utf8'));
  } catch {
    return 'answered a body that is not JSON';
  }
  const parsed = z.safeParse(answer.body, sent);
  if (!parsed.success) return z.prettifyError(new z.ZodError(parsed.error.issues.slice(0, 5)));
  const extra = undeclared(sent, parsed.data);
  return extra.length ? `answered fields the contract does not declare: ${extra.slice(0, 10).join(', ')}` : undefined;
}

type Chunk = string | Uint8Array;
const toBuffer = (chunk: Chunk, encoding?: BufferEncoding) =>
  typeof chunk === 'string' ? Buffer.from(chunk, encoding) : Buffer.from(chunk);

/** What a deferred writeHead(status, [message], [headers]) said, set on the response instead. */
function applyHead(res: ServerResponse, [status, ...rest]: unknown[]): void {
  res.statusCode = status as number;
  const [message, headers] = typeof rest[0] === 'string' ? [rest[0], rest[1]] : [undefined, rest[0]];
  if (message) res.statusMessage = message;
  if (Array.isArray(headers))
    for (let i = 0; i + 1 < headers.length; i += 2) res.setHeader(String(headers[i]), headers[i + 1] as string);
  else if (headers && typeof headers === 'object')
    for (const [name, value] of Object.entries(headers as Record<string, string | number | string[] | undefined>))
      if (value !== undefined) res.setHeader(name, value);
}

/** Holds the answer's head and body until it ends, then sends it as it was, or a 500 naming what does not match. */
function holdAnswer(req: IncomingMessage, res: ServerResponse, answer: RouteAnswer): void {
  const { writeHead, write, end } = res;
  const chunks: Buffer[] = [];
  let head: unknown[] | undefined;
  const restore = () => Object.assign(res, { writeHead, write, end });
  res.writeHead = ((...args: unknown[]) => {
    head = args;
    return res;
  }) as ServerResponse['writeHead'];
  res.write = ((chunk: Chunk, encoding?: unknown, callback?: unknown) => {
    chunks.push(toBuffer(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : undefined));
    const done = typeof encoding === 'function' ? encoding : callback;
    if (typeof done === 'function') process.nextTick(done as () => void);
    return true;
  }) as ServerResponse['write'];
  res.end = ((chunk?: unknown, encoding?: unknown, callback?: unknown) => {
    if (typeof chunk === 'function') [callback, chunk] = [chunk, undefined];
    if (typeof encoding === 'function') [callback, encoding] = [encoding, undefined];
    if (chunk) chunks.push(toBuffer(chunk as Chunk, encoding as BufferEncoding | undefined));
    restore();
    if (head) applyHead(res, head);
    const body = Buffer.concat(chunks);
    const status = res.statusCode;
    const problem = status >= 200 && status < 300 ? answerProblem(answer, res, status, body) : undefined;
    if (!problem) return res.end(body, callback as () => void);
    console.error(`${req.method} ${req.url}: ${CONTRACT_MISMATCH}: ${problem}`);
    for (const name of res.getHeaderNames()) res.removeHeader(name);
    res.statusCode = 500;
    res.setHeader('content-type', 'application/json; charset=utf-8');
    return res.end(
      JSON.stringify({ error: CONTRACT_MISMATCH, details: [{ message: problem }] }),
      callback as () => void,
    );
  }) as ServerResponse['end'];
}

/**
 * For integration tests: every answer of a route in the route policy is held to the route's answer (status, and the
 * JSON body parsed with its zod schema, with no undeclared field); an answer that does not match becomes a 500 whose
 * body and log line say what differs, so the test that received it fails. Streams and files (a media type) pass.
 */
export function checkAnswersAgainstContracts(server: Server): void {
  server.prependListener('request', (req: IncomingMessage, res: ServerResponse) => {
    if (req.method === 'HEAD') return;
    const answer = matchRoute(req.method ?? 'GET', req.url ?? '/')?.policy.answer;
    if (answer && !answer.mediaType) holdAnswer(req, res, answer);
  });
}
