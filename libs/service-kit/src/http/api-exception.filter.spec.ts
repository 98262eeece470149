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
      body: { error: 'Invalid request data', details: [{ message: 'email must be an email' }, { message: 'name should not be empty' }] },
    });
  });
  it("uses the message of Nest's own exceptions", () => {
    expect(toApiError(new NotFoundException('Cannot GET /nowhere'))).toEqual({ status: 404, body: { error: 'Cannot GET /nowhere' } });
  });
  it('hides unknown errors behind a 500', () => {
    expect(toApiError(new Error('secret detail'))).toEqual({ status: 500, body: { error: 'Internal server error' } });
  });
  it('answers body-parser errors in the same shape', () => {
    expect(toApiError(Object.assign(new SyntaxError('x'), { type: 'entity.parse.failed', status: 400 }))).toEqual({
      status: 400,
      body: { error: 'Invalid JSON body' },
    });
  });
});
