import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { Mailer, MAIL_FROM } from '../src/mail/mailer';

/** A free TCP port on loopback. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

interface CaughtMail {
  subject: string;
  text: string;
  from: { address: string; name: string }[];
  to: { address: string }[];
}

describe('Mailer over SMTP (real dev mail catcher)', () => {
  let catcher: ChildProcess;
  let webPort: number;
  let smtpPort: number;

  beforeAll(async () => {
    smtpPort = await freePort();
    webPort = await freePort();
    const bin = join(dirname(require.resolve('maildev/package.json')), 'bin', 'maildev');
    catcher = spawn(process.execPath, [bin, '--smtp', String(smtpPort), '--web', String(webPort), '--ip', '127.0.0.1', '--silent'], {
      stdio: 'ignore',
    });
    const deadline = Date.now() + 15000;
    for (;;) {
      try {
        if ((await fetch(`http://127.0.0.1:${webPort}/email`)).ok) break;
      } catch {
        /* starting */
      }
      if (Date.now() > deadline) throw new Error('mail catcher did not start');
      await new Promise((r) => setTimeout(r, 200));
    }
  });

  afterAll(() => {
    catcher?.kill();
  });

  it('delivers a message from RampQuote that the mail catcher shows with subject, recipient and text', async () => {
    const mailer = new Mailer(`smtp://127.0.0.1:${smtpPort}`);
    try {
      await mailer.send({ to: 'pilot@example.com', subject: 'Your quote is ready', text: 'Three FBOs answered.' });
    } finally {
      mailer.close();
    }
    // The catcher stores a message a moment after the SMTP exchange ends: poll its JSON API briefly.
    let mails: CaughtMail[] = [];
    for (const deadline = Date.now() + 5000; mails.length === 0 && Date.now() < deadline; ) {
      mails = (await (await fetch(`http://127.0.0.1:${webPort}/email`)).json()) as CaughtMail[];
      if (mails.length === 0) await new Promise((r) => setTimeout(r, 100));
    }
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe('Your quote is ready');
    expect(mails[0].to[0].address).toBe('pilot@example.com');
    expect(mails[0].from[0].address).toBe('no-reply@rampquote.dev');
    expect(MAIL_FROM).toContain(mails[0].from[0].name);
    expect(mails[0].text.trim()).toBe('Three FBOs answered.');
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
