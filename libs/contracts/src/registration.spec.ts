import { registerFormSchema, registerRequestSchema } from './registration';
import { toFieldErrors } from './validation';

const valid = { firstName: 'Jane', lastName: 'Doe', email: 'Jane.Doe@Example.com', password: 'Str0ng#Pass' };

const errors = (body: unknown) => {
  const result = registerRequestSchema.safeParse(body);
  return result.success ? [] : toFieldErrors(result.error);
};

describe('registerRequestSchema (spec section 5)', () => {
  it('accepts a complete request, lowercases the e-mail and defaults the role to pilot', () => {
    expect(registerRequestSchema.parse({ ...valid, confirmPassword: 'whatever' })).toEqual({
      firstName: 'Jane',
      lastName: 'Doe',
      email: 'jane.doe@example.com',
      password: 'Str0ng#Pass',
      role: 'pilot',
      companyName: null,
      aircraftProfileName: null,
    });
  });

  it('lists every failed password rule with the spec message, in order', () => {
    expect(errors({ ...valid, password: 'abc' })).toEqual([
      { field: 'password', message: 'Password must be at least 8 characters' },
      { field: 'password', message: 'Password must contain at least one uppercase letter' },
      { field: 'password', message: 'Password must contain at least one number' },
      { field: 'password', message: 'Password must contain at least one special character' },
    ]);
  });

  it('names each missing field with its message, in form order', () => {
    expect(errors({})).toEqual([
      { field: 'firstName', message: 'First name is required' },
      { field: 'lastName', message: 'Last name is required' },
      { field: 'email', message: 'Please enter a valid email address' },
      { field: 'password', message: 'Password is required' },
    ]);
  });

  it('treats blank names as missing and refuses a role other than pilot or fbo', () => {
    expect(errors({ ...valid, firstName: '   ', role: 'admin' })).toEqual([
      { field: 'firstName', message: 'First name is required' },
      { field: 'role', message: 'Role must be pilot or fbo' },
    ]);
  });

  it('keeps the optional company and aircraft profile names, trimmed; blank ones become null', () => {
    expect(
      registerRequestSchema.parse({
        ...valid,
        role: 'fbo',
        companyName: ' Acme Aviation ',
        aircraftProfileName: 'Citation N123AB',
      }),
    ).toMatchObject({
      role: 'fbo',
      companyName: 'Acme Aviation',
      aircraftProfileName: 'Citation N123AB',
    });
    expect(
      registerRequestSchema.parse({ ...valid, role: '', companyName: '  ', aircraftProfileName: null }),
    ).toMatchObject({
      role: 'pilot',
      companyName: null,
      aircraftProfileName: null,
    });
  });

  it('bounds names, optional texts and the password', () => {
    expect(
      errors({
        ...valid,
        lastName: 'x'.repeat(101),
        companyName: 42,
        aircraftProfileName: 'y'.repeat(201),
        password: `Aa1#${'x'.repeat(253)}`,
      }),
    ).toEqual([
      { field: 'lastName', message: 'Last name must be at most 100 characters' },
      { field: 'password', message: 'Password must be at most 256 characters' },
      { field: 'companyName', message: 'Company name must be text' },
      { field: 'aircraftProfileName', message: 'Aircraft profile name must be at most 200 characters' },
    ]);
  });
});

describe('registerFormSchema', () => {
  const form = { ...valid, confirmPassword: 'Str0ng#Pass', companyName: '', role: 'pilot' as const };

  it('accepts matching passwords', () => {
    expect(registerFormSchema.safeParse(form).success).toBe(true);
  });

  it('says "Passwords do not match" on the confirmation, beside other failed rules', () => {
    const result = registerFormSchema.safeParse({ ...form, firstName: '', confirmPassword: 'Other#Pass1' });
    expect(result.success || toFieldErrors(result.error)).toEqual([
      { field: 'firstName', message: 'First name is required' },
      { field: 'confirmPassword', message: 'Passwords do not match' },
    ]);
  });
});
