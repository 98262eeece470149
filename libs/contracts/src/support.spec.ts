import { supportFieldError, supportMessageSchema, SupportMessages, validateSupportContact } from './support';

const valid = { name: 'Al', email: 'al@example.com', subject: 'Fuel', message: 'x' };

describe('support contact rules (quote-workflow spec section 5)', () => {
  it('accepts the minimum lengths 2, 5 and 10 and a valid e-mail', () => {
    expect(validateSupportContact({ ...valid, subject: 'Fuel?', message: '0123456789' })).toEqual([]);
  });

  it('refuses an invisible NUL at the field that holds it', () => {
    expect(validateSupportContact({ ...valid, subject: 'Fuel?', message: 'Fuel price for N1\u0000 please' })).toEqual([
      { field: 'message', message: 'Text must not contain NUL characters' },
    ]);
  });

  it('gives each failed field its exact message, in form order', () => {
    expect(validateSupportContact({ name: 'A', email: 'not-an-email', subject: 'Fuel', message: '012345678' })).toEqual(
      [
        { field: 'name', message: 'Name must be at least 2 characters' },
        { field: 'email', message: 'Please enter a valid email address' },
        { field: 'subject', message: 'Subject must be at least 5 characters' },
        { field: 'message', message: 'Message must be at least 10 characters' },
      ],
    );
  });

  it('does not count surrounding spaces and refuses missing or non-string fields', () => {
    expect(validateSupportContact({ name: ' A ', email: 'a@b.co', subject: 'Hello', message: '0123456789' })).toEqual([
      { field: 'name', message: SupportMessages.nameTooShort },
    ]);
    expect(validateSupportContact(null).map((e) => e.field)).toEqual(['name', 'email', 'subject', 'message']);
    expect(validateSupportContact({ ...valid, name: 42, subject: 'Hello', message: '0123456789' })).toEqual([
      { field: 'name', message: SupportMessages.nameTooShort },
    ]);
  });

  it('bounds the message size', () => {
    expect(
      validateSupportContact({ name: 'Al', email: 'a@b.co', subject: 'Hello', message: 'x'.repeat(5001) }),
    ).toEqual([{ field: 'message', message: 'Message must be at most 5000 characters' }]);
  });

  it('parses a message trimmed, with the e-mail lowercased', () => {
    expect(
      supportMessageSchema.parse({
        name: ' Sam ',
        email: ' Sam@Example.com',
        subject: ' Fuel question ',
        message: ' How do I add it? ',
      }),
    ).toEqual({
      name: 'Sam',
      email: 'sam@example.com',
      subject: 'Fuel question',
      message: 'How do I add it?',
    });
  });

  it('checks one field as a form does while typing', () => {
    expect(supportFieldError('subject', 'Hey')).toBe('Subject must be at least 5 characters');
    expect(supportFieldError('email', 'a@b.co')).toBeNull();
  });
});
