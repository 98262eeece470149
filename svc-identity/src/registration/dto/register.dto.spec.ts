import { validateRegisterRequest } from './register.dto';

const valid = { firstName: 'Jane', lastName: 'Doe', email: 'Jane.Doe@Example.com', password: 'Str0ng#Pass' };

describe('validateRegisterRequest', () => {
  it('accepts a complete request, lowercases the e-mail and defaults the role to pilot', () => {
    expect(validateRegisterRequest({ ...valid, confirmPassword: 'whatever' })).toEqual({
      ok: true,
      value: { firstName: 'Jane', lastName: 'Doe', email: 'jane.doe@example.com', password: 'Str0ng#Pass', role: 'pilot', companyName: null, aircraftProfileName: null },
    });
  });

  it('lists every failed password rule with the spec message, in order', () => {
    const result = validateRegisterRequest({ ...valid, password: 'abc' });
    expect(result).toEqual({
      ok: false,
      details: [
        { field: 'password', message: 'Password must be at least 8 characters' },
        { field: 'password', message: 'Password must contain at least one uppercase letter' },
        { field: 'password', message: 'Password must contain at least one number' },
        { field: 'password', message: 'Password must contain at least one special character' },
      ],
    });
  });

  it('names each missing field with its message', () => {
    const result = validateRegisterRequest({});
    expect(result).toEqual({
      ok: false,
      details: [
        { field: 'firstName', message: 'First name is required' },
        { field: 'lastName', message: 'Last name is required' },
        { field: 'email', message: 'Please enter a valid email address' },
        { field: 'password', message: 'Password is required' },
      ],
    });
  });

  it('treats blank names as missing and refuses a role other than pilot or fbo', () => {
    const result = validateRegisterRequest({ ...valid, firstName: '   ', role: 'admin' });
    expect(result).toEqual({
      ok: false,
      details: [
        { field: 'firstName', message: 'First name is required' },
        { field: 'role', message: 'Role must be pilot or fbo' },
      ],
    });
  });

  it('keeps the optional company and aircraft profile names', () => {
    const result = validateRegisterRequest({ ...valid, role: 'fbo', companyName: ' Acme Aviation ', aircraftProfileName: 'Citation N123AB' });
    expect(result.ok && result.value).toMatchObject({ role: 'fbo', companyName: 'Acme Aviation', aircraftProfileName: 'Citation N123AB' });
  });
});
