import type { LoggerService } from '@nestjs/common';
import { currentRequestContext } from './request-context/request-context';

type Level = 'debug' | 'info' | 'warn' | 'error';
const ORDER: Record<Level, number> = { debug: 10, info: 20, warn: 30, error: 40 };

/** `json`: one JSON object per line (production, log collectors); `pretty`: one readable line (a developer's terminal). */
export type LogFormat = 'json' | 'pretty';

/** The log format of a mode: readable lines only in the explicit development mode (NODE_ENV=development). */
export const logFormatFor = (nodeEnv: string | undefined): LogFormat => (nodeEnv === 'development' ? 'pretty' : 'json');

/** The most a batch of lines holds before it is written at once (64 KiB). */
const BATCH_BYTES = 64 * 1024;

/**
 * A writer of log lines to `out` that writes the lines of one event-loop turn together, in one write, before the
 * next turn (setImmediate), at once when they pass 64 KiB, and when the process exits. Under load a line per request
 * was one write call each (stdout is a pipe under `npm start` and a container runtime, written synchronously):
 * 4-6 % of a busy service's CPU. Lines keep their order; a process killed
 * with SIGKILL loses at most the current turn's lines.
 */
export function batchedLines(
  out: { write(chunk: string): unknown } = process.stdout,
  onExit: (flush: () => void) => void = (flush) => process.on('exit', flush),
): (line: string) => void {
  let pending: string[] = [];
  let bytes = 0;
  let scheduled = false;
  const flush = () => {
    scheduled = false;
    if (!pending.length) return;
    const text = pending.join('');
    pending = [];
    bytes = 0;
    out.write(text);
  };
  onExit(flush);
  return (line) => {
    pending.push(line + '\n');
    bytes += line.length + 1;
    if (bytes >= BATCH_BYTES) flush();
    else if (!scheduled) {
      scheduled = true;
      setImmediate(flush);
    }
  };
}

/** This process's stdout, batched (made when the first logger writes to it). */
let stdoutWriter: ((line: string) => void) | undefined;
const toStdout = (line: string) => (stdoutWriter ??= batchedLines())(line);

/**
 * One JSON object per line on stdout (written per event-loop turn, see batchedLines): time, level, service,
 * requestId (of the request or event being handled, when there is one), context, msg and any extra fields. With format `pretty`: `12:00:01.234 INFO  svc-quotes <requestId>
 * [context] msg key=value`.
 */
export class JsonLogger implements LoggerService {
  constructor(
    private readonly service: string,
    private readonly minLevel: Level = 'info',
    private readonly write: (line: string) => void = toStdout,
    private readonly format: LogFormat = 'json',
  ) {}

  private emit(level: Level, message: unknown, context?: string, extra?: Record<string, unknown>) {
    if (ORDER[level] < ORDER[this.minLevel]) return;
    const entry: Record<string, unknown> = { time: new Date().toISOString(), level, service: this.service };
    const work = currentRequestContext();
    if (work) {
      entry.requestId = work.requestId;
      if (work.fields) Object.assign(entry, work.fields);
    }
    if (context) entry.context = context;
    if (message instanceof Error) {
      entry.msg = message.message;
      entry.stack = message.stack;
    } else if (typeof message === 'object' && message !== null) {
      Object.assign(entry, message);
    } else {
      entry.msg = String(message);
    }
    if (extra) Object.assign(entry, extra);
    this.write(this.format === 'pretty' ? prettyLine(entry) : JSON.stringify(entry));
  }

  /** Whether lines of `level` are written (skip building a line that would be dropped). */
  enabled(level: Level): boolean {
    return ORDER[level] >= ORDER[this.minLevel];
  }

  /** Nest calls log(message, context?) / error(message, stack?, context?). */
  log(message: unknown, ...rest: unknown[]) {
    this.emit('info', message, lastString(rest));
  }
  info(message: unknown, extra?: Record<string, unknown>) {
    this.emit('info', message, undefined, extra);
  }
  error(message: unknown, ...rest: unknown[]) {
    const [stack, context] = rest.length >= 2 ? (rest as string[]) : [undefined, lastString(rest)];
    this.emit('error', message, context, stack ? { stack } : undefined);
  }
  warn(message: unknown, ...rest: unknown[]) {
    this.emit('warn', message, lastString(rest));
  }
  debug(message: unknown, ...rest: unknown[]) {
    this.emit('debug', message, lastString(rest));
  }
  verbose(message: unknown, ...rest: unknown[]) {
    this.emit('debug', message, lastString(rest));
  }
}

function lastString(rest: unknown[]): string | undefined {
  const last = rest[rest.length - 1];
  return typeof last === 'string' ? last : undefined;
}

const PRETTY_SKIP = new Set(['time', 'level', 'service', 'requestId', 'context', 'msg', 'stack']);

/** `12:00:01.234 INFO  svc-quotes 5f0c… [Mailer] mail sent key=value` (and the stack on the next lines). */
function prettyLine(entry: Record<string, unknown>): string {
  const time = String(entry.time).slice(11, 23);
  const level = String(entry.level).toUpperCase().padEnd(5);
  const parts = [time, level, String(entry.service)];
  if (entry.requestId) parts.push(String(entry.requestId));
  if (entry.context) parts.push(`[${String(entry.context)}]`);
  if (entry.msg !== undefined) parts.push(String(entry.msg));
  for (const [key, value] of Object.entries(entry)) {
    if (PRETTY_SKIP.has(key) || value === undefined) continue;
    parts.push(
      `${key}=${typeof value === 'string' ? (/\s/.test(value) ? JSON.stringify(value) : value) : JSON.stringify(value)}`,
    );
  }
  const line = parts.join(' ');
  return entry.stack ? `${line}\n${String(entry.stack)}` : line;
}
