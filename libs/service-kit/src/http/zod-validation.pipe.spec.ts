import { BadRequestException } from '@nestjs/common';
import { z } from 'zod';
import { ZodValidationPipe } from './zod-validation.pipe';

const schema = z.object({
  name: z.string({ error: 'Name is required' }).trim().min(2, 'Name must be at least 2 characters'),
  tags: z.array(z.string()).optional(),
  age: z.number({ error: 'Age must be a number' }).optional(),
});

/** The 400 body the pipe answers, or the parsed value. */
function run(body: unknown, pipe = new ZodValidationPipe(schema)): unknown {
  try {
    return pipe.transform(body);
  } catch (err) {
    if (!(err instanceof BadRequestException)) throw err;
    return { status: err.getStatus(), body: err.getResponse() };
  }
}

describe('ZodValidationPipe', () => {
  it('hands the handler the parsed body, unknown keys dropped', () => {
    expect(run({ name: ' Al ', role: 'admin' })).toEqual({ name: 'Al' });
  });

  it('answers 400 Invalid request data with a detail per failed field, in schema order', () => {
    expect(run({ age: 'old', name: 'A' })).toEqual({
      status: 400,
      body: {
        error: 'Invalid request data',
        details: [
          { field: 'name', message: 'Name must be at least 2 characters' },
          { field: 'age', message: 'Age must be a number' },
        ],
      },
    });
  });

  it('reads a body that is not a JSON object as {}, naming each required field', () => {
    for (const body of [undefined, null, [], 'text', 42]) {
      expect(run(body)).toEqual({
        status: 400,
        body: { error: 'Invalid request data', details: [{ field: 'name', message: 'Name is required' }] },
      });
    }
  });

  it('uses the error text it is given', () => {
    expect(
      run({}, new ZodValidationPipe(schema, { error: 'Password does not meet the password requirements' })),
    ).toMatchObject({
      body: { error: 'Password does not meet the password requirements' },
    });
  });

  it('refuses text with a NUL character anywhere in the body, naming each field', () => {
    expect(run({ name: 'Al\u0000', tags: ['ok', 'b\u0000d'], extra: { deep: '\u0000' } })).toEqual({
      status: 400,
      body: {
        error: 'Invalid request data',
        details: [
          { field: 'name', message: 'Text must not contain NUL characters' },
          { field: 'tags.1', message: 'Text must not contain NUL characters' },
          { field: 'extra.deep', message: 'Text must not contain NUL characters' },
        ],
      },
    });
  });

  it('refuses text or a field name holding a lone surrogate (PostgreSQL json refuses it: was a 500, found by the fuzz suite)', () => {
    expect(run({ name: 'Al', tags: ['ok', 'b\ud800'], extra: { ['k\udfff']: 'v' } })).toEqual({
      status: 400,
      body: {
        error: 'Invalid request data',
        details: [
          { field: 'tags.1', message: 'Text must be valid Unicode' },
          { field: 'extra.k\ufffd', message: 'Text must be valid Unicode' },
        ],
      },
    });
    expect(run({ name: 'Al \ud83d\udee9' })).toEqual({ name: 'Al \ud83d\udee9' });
  });

  it('walks a deeply nested body without exhausting the stack', () => {
    let body: unknown = 'x\u0000';
    for (let i = 0; i < 100_000; i++) body = { a: body };
    const answer = run(body) as { body: { details: unknown[] } };
    expect(answer.body.details).toHaveLength(1);
  });
});
