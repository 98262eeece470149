import { fboInputSchema, fboUpdateSchema } from './airports';
import { toFieldErrors } from './validation';

const errorsOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.success ? [] : toFieldErrors(result.error!);

describe('FBO request bodies (admin FBO directory)', () => {
  it('parses a new FBO: airport uppercase, e-mail lowercase, blank phone and logo null', () => {
    expect(
      fboInputSchema.parse({
        airport: ' kbfi ',
        name: ' Jet Center ',
        email: 'Ops@Example.com',
        phone: ' ',
        logo: null,
      }),
    ).toEqual({
      airport: 'KBFI',
      name: 'Jet Center',
      email: 'ops@example.com',
      phone: null,
      logo: null,
    });
  });

  it('names each bad field, in form order', () => {
    expect(
      errorsOf(fboInputSchema.safeParse({ airport: '', name: ' ', email: 'nope', phone: 'x', logo: 'ftp://x' })),
    ).toEqual([
      { field: 'airport', message: 'Airport is required' },
      { field: 'name', message: 'Name is required' },
      { field: 'email', message: 'Please enter a valid email address' },
      { field: 'phone', message: 'Please enter a valid phone number' },
      { field: 'logo', message: 'Logo must be an http(s) URL' },
    ]);
    expect(
      errorsOf(
        fboInputSchema.safeParse({ airport: 'KBFI', name: 'x'.repeat(201), email: 'a@b.co', phone: '1'.repeat(41) }),
      ),
    ).toEqual([
      { field: 'name', message: 'Name must be at most 200 characters' },
      { field: 'phone', message: 'Please enter a valid phone number' },
    ]);
  });

  it('changes only the fields sent on PATCH and checks active', () => {
    expect(fboUpdateSchema.parse({ phone: '509-555-0100', airport: 'KXXX' })).toStrictEqual({ phone: '509-555-0100' });
    expect(fboUpdateSchema.parse({ active: false, logo: '' })).toStrictEqual({ active: false, logo: null });
    expect(errorsOf(fboUpdateSchema.safeParse({ active: 'no', name: '' }))).toEqual([
      { field: 'name', message: 'Name is required' },
      { field: 'active', message: 'Active must be true or false' },
    ]);
  });
});
