import {
  clientProfileRequestSchema,
  createInviteSchema,
  forgotPasswordSchema,
  profilePatchSchema,
  resetPasswordFormSchema,
  resetPasswordSchema,
} from './accounts';
import { localToday, toFieldErrors } from './validation';

const errorsOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.success ? [] : toFieldErrors(result.error!);

describe('profilePatchSchema (PATCH /api/user/profile)', () => {
  it('keeps only the editable fields sent, trimmed; empty and null clear, preferredUnits back to Standard', () => {
    expect(
      profilePatchSchema.parse({
        firstName: ' Patricia ',
        companyName: '',
        medicalDate: null,
        preferredUnits: '',
        avfuelAccountNumber: 'AV-1',
        email: 'x@y.z',
        role: 'admin',
      }),
    ).toStrictEqual({
      firstName: 'Patricia',
      companyName: null,
      medicalDate: null,
      preferredUnits: 'Standard',
      avfuelAccountNumber: 'AV-1',
    });
  });

  it('gives one detail per bad field, in the profile’s field order', () => {
    expect(
      errorsOf(
        profilePatchSchema.safeParse({
          primaryUse: 'Fun',
          firstName: '',
          dateOfBirth: '1980-02-30',
          phoneNumber: 42,
          lastName: null,
          jobTitle: 'x'.repeat(201),
        }),
      ),
    ).toEqual([
      { field: 'firstName', message: 'First name is required' },
      { field: 'lastName', message: 'Last name is required' },
      { field: 'phoneNumber', message: 'Must be text' },
      { field: 'jobTitle', message: 'Must be at most 200 characters' },
      { field: 'dateOfBirth', message: 'Enter a date as YYYY-MM-DD' },
      { field: 'primaryUse', message: 'Must be one of: Professional/Business, Government, Personal' },
    ]);
  });

  it('accepts a leap day and every enumeration value of both profile forms', () => {
    expect(
      profilePatchSchema.safeParse({
        dateOfBirth: '1980-02-29',
        pilotCertificationLevel: 'ATP',
        medicalClass: '1st Class',
      }).success,
    ).toBe(true);
    expect(
      profilePatchSchema.safeParse({ pilotCertificationLevel: 'Airline Transport Pilot', medicalClass: '1st' }).success,
    ).toBe(true);
  });
});

describe('clientProfileRequestSchema (PUT /api/user/profile, spec section 5)', () => {
  const client = {
    firstName: 'Pat',
    lastName: 'Pilot',
    email: 'pat@example.com',
    phoneNumber: '555-010-1234',
    dateOfBirth: '1975-05-05',
    pilotCertificateNumber: 'C-9',
    pilotCertificationLevel: 'ATP',
    hasInstrumentRating: 'Yes',
    isFlightInstructor: 'No',
    flightHoursPerYear: '151-225',
    homeAirportCode: 'KBFI',
    medicalClass: '2nd',
    jetAviationAccountNumber: 'JA-1',
    jetFuelXAccountNumber: 'JX-2',
  };

  it('accepts the form, with empty optional fields cleared', () => {
    expect(
      clientProfileRequestSchema.parse({
        ...client,
        medicalClass: '',
        isFlightInstructor: null,
        avfuelAccountNumber: ' AV ',
      }),
    ).toEqual({
      ...client,
      medicalClass: null,
      isFlightInstructor: null,
      avfuelAccountNumber: 'AV',
    });
  });

  it('names each missing requirement with its message, in form order', () => {
    expect(
      errorsOf(
        clientProfileRequestSchema.safeParse({
          firstName: 'P',
          lastName: 'Q',
          email: 'x',
          phoneNumber: '123',
          dateOfBirth: '2999-01-01',
        }),
      ),
    ).toEqual([
      { field: 'firstName', message: 'First name must be at least 2 characters' },
      { field: 'lastName', message: 'Last name must be at least 2 characters' },
      { field: 'dateOfBirth', message: 'Date of birth cannot be in the future' },
      { field: 'email', message: 'Please enter a valid email address' },
      { field: 'phoneNumber', message: 'Please enter a valid phone number' },
      { field: 'pilotCertificateNumber', message: 'Pilot Certificate Number is required' },
      { field: 'pilotCertificationLevel', message: 'Certification level is required' },
      { field: 'hasInstrumentRating', message: 'Instrument rating is required' },
      { field: 'flightHoursPerYear', message: 'Flight hours per year is required' },
    ]);
  });

  it.each([
    [{ dateOfBirth: '' }, 'dateOfBirth', 'Date of birth is required'],
    [{ dateOfBirth: '1975-13-01' }, 'dateOfBirth', 'Enter a date as YYYY-MM-DD'],
    [{ dateOfBirth: '1899-12-31' }, 'dateOfBirth', 'Date of birth cannot be before 1900-01-01'],
    [{ firstName: 42 }, 'firstName', 'First name must be at least 2 characters'],
    [{ hasInstrumentRating: 'Maybe' }, 'hasInstrumentRating', 'Must be one of: Yes, No'],
    [
      { medicalClass: '4th' },
      'medicalClass',
      'Must be one of: 1st Class, 2nd Class, 3rd Class, BasicMed, 1st, 2nd, 3rd',
    ],
    [{ primaryUse: 'Fun' }, 'primaryUse', 'Must be one of: Professional/Business, Government, Personal'],
  ])('refuses %j with one message', (change, field, message) => {
    expect(errorsOf(clientProfileRequestSchema.safeParse({ ...client, ...change }))).toEqual([{ field, message }]);
  });

  it('accepts a date of birth of today, not of tomorrow', () => {
    const tomorrow = new Date();
    tomorrow.setDate(tomorrow.getDate() + 1);
    expect(clientProfileRequestSchema.safeParse({ ...client, dateOfBirth: localToday() }).success).toBe(true);
    expect(errorsOf(clientProfileRequestSchema.safeParse({ ...client, dateOfBirth: localToday(tomorrow) }))).toEqual([
      { field: 'dateOfBirth', message: 'Date of birth cannot be in the future' },
    ]);
  });
});

describe('createInviteSchema (POST /api/admin/invites)', () => {
  it('reads an e-mail or a domain, lowercased', () => {
    expect(createInviteSchema.parse({ value: ' New.Person@Example.com ' })).toEqual({
      kind: 'email',
      value: 'new.person@example.com',
    });
    expect(createInviteSchema.parse({ value: '@Example.org' })).toEqual({ kind: 'domain', value: 'example.org' });
  });

  it.each([undefined, 42, '', 'not an address', 'x@', 'a@b', 'foo@bar..com'])(
    'refuses %j with the field message',
    (value) => {
      expect(errorsOf(createInviteSchema.safeParse({ value }))).toEqual([
        { field: 'value', message: 'Enter an e-mail address or a domain such as example.com' },
      ]);
    },
  );
});

describe('password recovery bodies', () => {
  it('forgot-password needs a valid e-mail, lowercased', () => {
    expect(forgotPasswordSchema.parse({ email: ' Pat@Example.COM ' })).toEqual({ email: 'pat@example.com' });
    expect(errorsOf(forgotPasswordSchema.safeParse({ email: 'nope' }))).toEqual([
      { field: 'email', message: 'Please enter a valid email address' },
    ]);
    expect(errorsOf(forgotPasswordSchema.safeParse({}))).toEqual([
      { field: 'email', message: 'Please enter a valid email address' },
    ]);
  });

  it('reset lists each failed password rule and leaves the token to the service', () => {
    expect(errorsOf(resetPasswordSchema.safeParse({ token: 'abc', password: 'weak' }))).toEqual([
      { field: 'password', message: 'Password must be at least 8 characters' },
      { field: 'password', message: 'Password must contain at least one uppercase letter' },
      { field: 'password', message: 'Password must contain at least one number' },
      { field: 'password', message: 'Password must contain at least one special character' },
    ]);
    expect(resetPasswordSchema.parse({ password: 'Str0ng#Pass' })).toEqual({ token: '', password: 'Str0ng#Pass' });
    expect(resetPasswordSchema.parse({ token: 42, password: 'Str0ng#Pass' })).toEqual({
      token: '',
      password: 'Str0ng#Pass',
    });
  });

  it('the reset form says "Passwords don\'t match"', () => {
    expect(
      errorsOf(resetPasswordFormSchema.safeParse({ password: 'Str0ng#Pass', confirmPassword: 'Str0ng#Pas' })),
    ).toEqual([{ field: 'confirmPassword', message: "Passwords don't match" }]);
  });
});
