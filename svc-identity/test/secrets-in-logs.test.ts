import { Routes } from '@rampquote/contracts';
import { startMailCatcher, type MailCatcher } from '@rampquote/service-kit/testing';
import { startIdentity, type IdentityTestApp } from './support/identity-app';

const PASSWORD = 'Orig1nal#Secret';
const WRONG = 'Wr0ng#Guess-42';
const NEW_PASSWORD = 'Fresh#Secret-77';

/**
 * No password or reset token ever appears in the logs. Every line the service writes
 * (stdout and stderr, at debug level) during registration, failed and successful credential checks, a
 * password reset request and the reset itself is captured and searched for those secrets.
 */
describe('secrets never reach the logs (real PostgreSQL, RabbitMQ and mail catcher)', () => {
  let t: IdentityTestApp;
  let mail: MailCatcher;
  const written: string[] = [];
  const capture = (chunk: unknown) => {
    written.push(typeof chunk === 'string' ? chunk : Buffer.isBuffer(chunk) ? chunk.toString('utf8') : String(chunk));
    return true;
  };

  beforeAll(async () => {
    jest.spyOn(process.stdout, 'write').mockImplementation(capture as typeof process.stdout.write);
    jest.spyOn(process.stderr, 'write').mockImplementation(capture as typeof process.stderr.write);
    mail = await startMailCatcher();
    t = await startIdentity({ SMTP_URL: mail.smtpUrl, LOG_LEVEL: 'debug', BETA_OPEN: 'true' });
  });
  afterAll(async () => {
    await t?.close();
    mail?.close();
    jest.restoreAllMocks();
  });

  it('logs the work but none of the passwords or the reset token', async () => {
    const email = 'secret-keeper@example.com';
    const gateway = t.asGateway();
    expect(
      (
        await t
          .http()
          .post(Routes.auth.register)
          .use(gateway)
          .send({ firstName: 'Sam', lastName: 'Secret', email, password: PASSWORD })
      ).status,
    ).toBe(201);
    // A refused registration echoes nothing of the password either.
    expect(
      (
        await t
          .http()
          .post(Routes.auth.register)
          .use(gateway)
          .send({ firstName: 'Sam', lastName: 'Secret', email: 'x@example.com', password: 'weakpassword' })
      ).status,
    ).toBe(400);
    expect(
      (await t.http().post('/internal/credentials/verify').use(gateway).send({ email, password: WRONG })).body,
    ).toEqual({ ok: false, error: 'invalid_credentials' });

    expect((await t.http().post(Routes.auth.forgotPassword).use(gateway).send({ email })).status).toBe(200);
    const message = await mail.waitFor(email, 'Reset your RampQuote password');
    const token = /reset-password\?token=([A-Za-z0-9_-]+)/.exec(message.text)?.[1];
    expect(token).toBeDefined();
    expect(
      (
        await t
          .http()
          .post(Routes.internal.resetPassword)
          .use(gateway)
          .send({ token: `${token}x`, password: NEW_PASSWORD })
      ).status,
    ).toBeGreaterThanOrEqual(400);
    expect(
      (await t.http().post(Routes.internal.resetPassword).use(gateway).send({ token, password: NEW_PASSWORD })).status,
    ).toBeLessThan(300);
    expect(
      (await t.http().post('/internal/credentials/verify').use(gateway).send({ email, password: NEW_PASSWORD })).body
        .ok,
    ).toBe(true);

    const logs = written.join('');
    // The capture works: the service did log during all this (the reset mail among others).
    expect(logs).toContain('Reset your RampQuote password');
    for (const secret of [PASSWORD, WRONG, NEW_PASSWORD, 'weakpassword', token!]) expect(logs).not.toContain(secret);
  });
});
