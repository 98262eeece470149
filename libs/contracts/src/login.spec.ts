import { loginRequestSchema } from './login';
import { toFieldErrors } from './validation';

describe('loginRequestSchema (spec section 5)', () => {
  it('accepts an e-mail (trimmed) and a password, remember optional', () => {
    expect(loginRequestSchema.parse({ email: ' Pat@Example.com ', password: 'x' })).toEqual({
      email: 'Pat@Example.com',
      password: 'x',
    });
    expect(loginRequestSchema.parse({ email: 'pat@example.com', password: 'x', remember: true }).remember).toBe(true);
  });

  it('gives the spec’s messages for a bad e-mail and a missing password', () => {
    const result = loginRequestSchema.safeParse({ email: 'nope', password: '', remember: 'yes' });
    expect(result.success || toFieldErrors(result.error)).toEqual([
      { field: 'email', message: 'Please enter a valid email address' },
      { field: 'password', message: 'Password is required' },
      { field: 'remember', message: 'remember must be true or false' },
    ]);
  });
});
