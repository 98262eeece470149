import { batchedLines, JsonLogger, logFormatFor } from './json-logger';
import { runWithRequestId } from './request-context/request-context';

describe('JsonLogger', () => {
  it('writes JSON lines carrying the request id of the work in progress (production and test modes)', () => {
    const lines: string[] = [];
    const logger = new JsonLogger('svc-quotes', 'info', (l) => lines.push(l), logFormatFor('production'));
    runWithRequestId('req-1', () => logger.log('mail sent', 'Mailer'), { eventType: 'quote-submitted' });
    logger.debug('hidden');
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0])).toMatchObject({
      level: 'info',
      service: 'svc-quotes',
      requestId: 'req-1',
      eventType: 'quote-submitted',
      context: 'Mailer',
      msg: 'mail sent',
    });
    expect(logFormatFor('test')).toBe('json');
  });

  it('writes readable lines in development: time, level, service, request id, context, message, fields', () => {
    const lines: string[] = [];
    const logger = new JsonLogger('svc-quotes', 'info', (l) => lines.push(l), logFormatFor('development'));
    runWithRequestId('req-2', () =>
      logger.warn({ msg: 'POST /api/quote-requests 201', status: 201, route: '/api/quote-requests' }, 'Http'),
    );
    expect(lines[0]).toMatch(
      /^\d\d:\d\d:\d\d\.\d{3} WARN {2}svc-quotes req-2 \[Http\] POST \/api\/quote-requests 201 status=201 route=\/api\/quote-requests$/,
    );
  });

  describe('batchedLines (the default writer, to stdout)', () => {
    const setup = () => {
      const writes: string[] = [];
      let atExit: (() => void) | undefined;
      const write = batchedLines({ write: (chunk: string) => writes.push(chunk) }, (flush) => (atExit = flush));
      return { writes, write, exit: () => atExit!() };
    };
    const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

    it('writes the lines of one event-loop turn in one write, in order, before the next turn', async () => {
      const { writes, write } = setup();
      write('one');
      write('two');
      write('three');
      expect(writes).toEqual([]);
      await nextTurn();
      expect(writes).toEqual(['one\ntwo\nthree\n']);
      write('four');
      await nextTurn();
      expect(writes).toEqual(['one\ntwo\nthree\n', 'four\n']);
    });

    it('writes at once when the lines of a turn pass 64 KiB, and what is left when the process exits', () => {
      const { writes, write, exit } = setup();
      const long = 'x'.repeat(40 * 1024);
      write(long);
      expect(writes).toEqual([]);
      write(long);
      expect(writes).toEqual([`${long}\n${long}\n`]);
      write('last words');
      exit();
      expect(writes).toEqual([`${long}\n${long}\n`, 'last words\n']);
    });
  });
});
