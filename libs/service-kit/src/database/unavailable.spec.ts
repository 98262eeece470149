import { isDatabaseUnavailable, isDependencyUnavailable } from './unavailable';

const coded = (message: string, code: string) => Object.assign(new Error(message), { code });

describe('isDatabaseUnavailable', () => {
  it('recognises a refused, reset or timed-out connection and a lost one', () => {
    expect(isDatabaseUnavailable(coded('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'))).toBe(true);
    expect(isDatabaseUnavailable(coded('read ECONNRESET', 'ECONNRESET'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('timeout exceeded when trying to connect'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
  });
  it('looks through TypeORM driver errors and causes', () => {
    expect(
      isDatabaseUnavailable(
        Object.assign(new Error('QueryFailedError'), {
          driverError: coded('the database system is shutting down', '57P03'),
        }),
      ),
    ).toBe(true);
    expect(isDatabaseUnavailable(new Error('outer', { cause: coded('connection failure', '08006') }))).toBe(true);
  });
  it('leaves other errors alone', () => {
    expect(isDatabaseUnavailable(coded('duplicate key value', '23505'))).toBe(false);
    expect(isDatabaseUnavailable(new Error('boom'))).toBe(false);
    expect(isDatabaseUnavailable(undefined)).toBe(false);
  });
});

describe('isDependencyUnavailable', () => {
  it('adds SMTP connection failures and "try again later" replies', () => {
    expect(isDependencyUnavailable(coded('Connection closed', 'ECONNECTION'))).toBe(true);
    expect(
      isDependencyUnavailable(Object.assign(new Error('421 try later'), { code: 'EENVELOPE', responseCode: 421 })),
    ).toBe(true);
    expect(
      isDependencyUnavailable(Object.assign(new Error('550 no such user'), { code: 'EENVELOPE', responseCode: 550 })),
    ).toBe(false);
  });
});
