import type { LoggerService } from '@nestjs/common';

type Level = 'debug' | 'info' | 'warn' | 'error';
const ORDER: Record<Level, number> = { debug: 10, info: 20, warn: 30, error: 40 };

/** One JSON object per line on stdout: time, level, service, context, msg and any extra fields. */
export class JsonLogger implements LoggerService {
  constructor(
    private readonly service: string,
    private readonly minLevel: Level = 'info',
    private readonly write: (line: string) => void = (line) => process.stdout.write(line + '\n'),
  ) {}

  private emit(level: Level, message: unknown, context?: string, extra?: Record<string, unknown>) {
    if (ORDER[level] < ORDER[this.minLevel]) return;
    const entry: Record<string, unknown> = { time: new Date().toISOString(), level, service: this.service };
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
    this.write(JSON.stringify(entry));
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
