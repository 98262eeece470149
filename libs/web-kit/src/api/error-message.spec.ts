import { buildErrorMessage, UNEXPECTED_ERROR } from './error-message';

describe('buildErrorMessage (spec section 8, shared request helper)', () => {
  it('uses the error field of a JSON body', () => {
    expect(buildErrorMessage(JSON.stringify({ error: 'Invalid email or password' }), 'Unauthorized')).toBe(
      'Invalid email or password',
    );
  });

  it('appends the details messages after a colon, joined by commas, when details is an array', () => {
    const body = JSON.stringify({
      error: 'Invalid request data',
      details: [{ field: 'firstName', message: 'First name is required' }, { message: 'Passwords do not match' }],
    });
    expect(buildErrorMessage(body, 'Bad Request')).toBe(
      'Invalid request data: First name is required, Passwords do not match',
    );
  });

  it('uses a JSON body that is itself a string when it has no error field', () => {
    expect(buildErrorMessage(JSON.stringify('Quote not found'), 'Not Found')).toBe('Quote not found');
  });

  it('says "An unexpected error occurred" for a JSON body without an error field that is not a string', () => {
    expect(buildErrorMessage(JSON.stringify({ message: 'nope' }), 'Internal Server Error')).toBe(UNEXPECTED_ERROR);
    expect(UNEXPECTED_ERROR).toBe('An unexpected error occurred');
  });

  it('uses the raw text of a body that is not JSON', () => {
    expect(buildErrorMessage('<html>Bad gateway</html>', 'Bad Gateway')).toBe('<html>Bad gateway</html>');
  });

  it('uses the status text when the body is empty', () => {
    expect(buildErrorMessage('', 'Service Unavailable')).toBe('Service Unavailable');
  });

  it('says "An unexpected error occurred" when there is neither a body nor a status text', () => {
    expect(buildErrorMessage('', '')).toBe('An unexpected error occurred');
  });
});
