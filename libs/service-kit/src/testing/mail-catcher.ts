import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';

export interface CaughtMail {
  id: string;
  subject: string;
  text: string;
  from: { address: string; name: string }[];
  to: { address: string }[];
  replyTo?: { address: string }[];
  /** maildev's record of each attachment. */
  attachments?: { fileName: string; contentType: string; generatedFileName?: string }[];
}

export interface MailCatcher {
  smtpUrl: string;
  /** Every message caught so far. */
  all: () => Promise<CaughtMail[]>;
  /** Waits until a message to `address` (and matching `subject`, if given) arrives. */
  waitFor: (address: string, subject?: string, timeoutMs?: number) => Promise<CaughtMail>;
  close: () => void;
}

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

/**
 * For integration tests: a private maildev (the dev mail catcher) on free loopback ports, read through its JSON
 * API. Needs the `maildev` package (a development dependency).
 */
export async function startMailCatcher(): Promise<MailCatcher> {
  const smtpPort = await freePort();
  const webPort = await freePort();
  const bin = join(dirname(require.resolve('maildev/package.json')), 'bin', 'maildev');
  const child: ChildProcess = spawn(
    process.execPath,
    [bin, '--smtp', String(smtpPort), '--web', String(webPort), '--ip', '127.0.0.1', '--silent'],
    {
      stdio: 'ignore',
    },
  );
  const base = `http://127.0.0.1:${webPort}`;
  for (const deadline = Date.now() + 15000; ;) {
    try {
      if ((await fetch(`${base}/email`)).ok) break;
    } catch {
      /* starting */
    }
    if (Date.now() > deadline) throw new Error('mail catcher did not start');
    await new Promise((r) => setTimeout(r, 200));
  }
  const all = async () => (await (await fetch(`${base}/email`)).json()) as CaughtMail[];
  return {
    smtpUrl: `smtp://127.0.0.1:${smtpPort}`,
    all,
    waitFor: async (address, subject, timeoutMs = 15000) => {
      for (const deadline = Date.now() + timeoutMs; ;) {
        const found = (await all()).find(
          (m) => m.to.some((t) => t.address === address) && (!subject || m.subject === subject),
        );
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no mail to ${address}${subject ? ` "${subject}"` : ''}`);
        await new Promise((r) => setTimeout(r, 100));
      }
    },
    close: () => void child.kill(),
  };
}
