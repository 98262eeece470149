import { Mailer, MAIL_FROM } from '../src/mail/mailer';
import { freePort, startMailCatcher, type MailCatcher } from '../src/testing';

describe('Mailer over SMTP (real dev mail catcher)', () => {
  let catcher: MailCatcher;

  beforeAll(async () => {
    catcher = await startMailCatcher();
  });
  afterAll(() => catcher?.close());

  it('delivers a message from RampQuote that the mail catcher shows with subject, recipient and text', async () => {
    const mailer = new Mailer(catcher.smtpUrl);
    try {
      await mailer.send({ to: 'pilot@example.com', subject: 'Your quote is ready', text: 'Three FBOs answered.' });
    } finally {
      mailer.close();
    }
    const mail = await catcher.waitFor('pilot@example.com', 'Your quote is ready');
    expect(mail.from[0].address).toBe('no-reply@rampquote.dev');
    expect(MAIL_FROM).toContain(mail.from[0].name);
    expect(mail.text.trim()).toBe('Three FBOs answered.');
    expect(await catcher.all()).toHaveLength(1);
  });

  it('rejects when the SMTP server cannot be reached, so callers know the mail was not sent', async () => {
    const mailer = new Mailer(`smtp://127.0.0.1:${await freePort()}`);
    try {
      await expect(mailer.send({ to: 'pilot@example.com', subject: 'x', text: 'y' })).rejects.toThrow();
    } finally {
      mailer.close();
    }
  });
});
