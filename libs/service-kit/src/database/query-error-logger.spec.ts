import type { LoggerService } from '@nestjs/common';
import { QueryErrorLogger } from './query-error-logger';

describe('QueryErrorLogger', () => {
  const capture = () => {
    const warnings: unknown[] = [];
    const logger = {
      warn: (m: unknown) => warnings.push(m),
      log: jest.fn(),
      error: jest.fn(),
    } as unknown as LoggerService;
    return { warnings, typeorm: new QueryErrorLogger(logger) };
  };

  it('logs a failed statement with its code, constraint and text, never its parameters nor the detail', () => {
    const { warnings, typeorm } = capture();
    const error = Object.assign(new Error('duplicate key value violates unique constraint "users_email_key"'), {
      code: '23505',
      constraint: 'users_email_key',
      detail: 'Key (email)=(amelia@example.com) already exists.',
    });
    typeorm.logQueryError(error, 'INSERT INTO users (email, phone)\n     VALUES ($1, $2)', [
      'amelia@example.com',
      '+1 425 555 0199',
    ]);
    expect(warnings).toEqual([
      {
        msg: 'query failed: duplicate key value violates unique constraint "users_email_key"',
        code: '23505',
        constraint: 'users_email_key',
        query: 'INSERT INTO users (email, phone) VALUES ($1, $2)',
      },
    ]);
    expect(JSON.stringify(warnings)).not.toMatch(/amelia@example\.com|555 0199/);
  });

  it('keeps the first 300 characters of a long statement, and takes a plain message', () => {
    const { warnings, typeorm } = capture();
    typeorm.logQueryError('Connection terminated', `SELECT ${'x, '.repeat(400)}1`);
    expect(warnings).toHaveLength(1);
    const [line] = warnings as { msg: string; query: string }[];
    expect(line.msg).toBe('query failed: Connection terminated');
    expect(line.query).toHaveLength(300);
  });

  it('says nothing of the statements that succeed', () => {
    const { warnings, typeorm } = capture();
    typeorm.logQuery();
    typeorm.log();
    expect(warnings).toEqual([]);
  });
});
