import { BadRequestException, ConflictException, NotFoundException } from '@nestjs/common';
import { toApiError } from './api-exception.filter';

describe('toApiError', () => {
  it('keeps a body already in the { error, details } shape', () => {
    const body = { error: 'Email already exists', details: [{ field: 'email', message: 'Email already exists' }] };
    expect(toApiError(new ConflictException(body))).toEqual({ status: 409, body });
  });
  it("turns Nest's validation messages into details", () => {
    expect(toApiError(new BadRequestException(['email must be an email', 'name should not be empty']))).toEqual({
      status: 400,
      body: {
        error: 'Invalid request data',
        details: [{ message: 'email must be an email' }, { message: 'name should not be empty' }],
      },
    });
  });
  it("uses the message of Nest's own exceptions", () => {
    expect(toApiError(new NotFoundException('Cannot GET /nowhere'))).toEqual({
      status: 404,
      body: { error: 'Cannot GET /nowhere' },
    });
  });
  it('hides unknown errors behind a 500', () => {
    expect(toApiError(new Error('secret detail'))).toEqual({ status: 500, body: { error: 'Internal server error' } });
  });
  it('answers 503 in the error shape when PostgreSQL cannot be reached or the connection is lost', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    const terminated = new Error('Connection terminated unexpectedly');
    const wrapped = Object.assign(new Error('query failed'), {
      driverError: Object.assign(new Error('terminating connection'), { code: '57P01' }),
    });
    for (const err of [refused, terminated, wrapped]) {
      const { status, body } = toApiError(err);
      expect(status).toBe(503);
      expect(body).toEqual({
        error: 'Service temporarily unavailable',
        details: [{ message: expect.stringContaining('database') }],
      });
    }
  });
  it('keeps a query error that is not about the connection a 500', () => {
    expect(toApiError(Object.assign(new Error('syntax error'), { driverError: { code: '42601' } })).status).toBe(500);
  });
  it('answers body-parser errors in the same shape', () => {
    expect(toApiError(Object.assign(new SyntaxError('x'), { type: 'entity.parse.failed', status: 400 }))).toEqual({
      status: 400,
      body: { error: 'Invalid JSON body' },
    });
  });
  it('answers 400 for a body that says gzip but is not (zlib error with only status and expose, found by the fuzz suite)', () => {
    const zlib = Object.assign(new Error('incorrect header check'), {
      code: 'Z_DATA_ERROR',
      status: 400,
      statusCode: 400,
      expose: true,
    });
    expect(toApiError(zlib)).toEqual({ status: 400, body: { error: 'Invalid request body' } });
  });
});
