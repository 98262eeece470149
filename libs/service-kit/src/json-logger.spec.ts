import { JsonLogger, logFormatFor } from './json-logger';
import { runWithRequestId } from './request-context/request-context';

describe('JsonLogger', () => {
  it('writes JSON lines carrying the request id of the work in progress (production and test modes)', () => {
    const lines: string[] = [];
    const logger = new JsonLogger('svc-quotes', 'info', (l) => lines.push(l), logFormatFor('production'));
    runWithRequestId('req-1', () => logger.log('mail sent', 'Mailer'), { eventType: 'quote-submitted' });
    logger.debug('hidden');
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0])).toMatchObject({ level: 'info', service: 'svc-quotes', requestId: 'req-1', eventType: 'quote-submitted', context: 'Mailer', msg: 'mail sent' });
    expect(logFormatFor('test')).toBe('json');
  });

  it('writes readable lines in development: time, level, service, request id, context, message, fields', () => {
    const lines: string[] = [];
    const logger = new JsonLogger('svc-quotes', 'info', (l) => lines.push(l), logFormatFor('development'));
    runWithRequestId('req-2', () => logger.warn({ msg: 'POST /api/quote-requests 201', status: 201, route: '/api/quote-requests' }, 'Http'));
    expect(lines[0]).toMatch(/^\d\d:\d\d:\d\d\.\d{3} WARN {2}svc-quotes req-2 \[Http\] POST \/api\/quote-requests 201 status=201 route=\/api\/quote-requests$/);
  });
});
