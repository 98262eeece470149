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

/** A loopback port free at the time of asking. */
export function freePort(): Promise<number> {
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
 * API. Needs the `maildev` package (a development dependency). A catcher that exits before it answers (a port taken
 * between choosing it and binding it) is started again on other ports.
 */
export async function startMailCatcher(choosePort: () => Promise<number> = freePort): Promise<MailCatcher> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startMaildev(choosePort);
    } catch (error) {
      if (!(error instanceof MaildevExited) || attempt >= START_ATTEMPTS) throw error;
    }
  }
}

const START_ATTEMPTS = 3;
/** How long a starting maildev may take to answer (a loaded 2-core machine runs several test suites at once). */
const START_DEADLINE_MS = 30000;

class MaildevExited extends Error {}

async function startMaildev(choosePort: () => Promise<number>): Promise<MailCatcher> {
  const smtpPort = await choosePort();
  let webPort = await choosePort();
  while (webPort === smtpPort) webPort = await choosePort();
  const bin = join(dirname(require.resolve('maildev/package.json')), 'bin', 'maildev');
  const child: ChildProcess = spawn(
    process.execPath,
    [bin, '--smtp', String(smtpPort), '--web', String(webPort), '--ip', '127.0.0.1', '--silent'],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => void (stderr = (stderr + chunk.toString()).slice(-2000)));
  let exited: number | string | null = null;
  child.once('exit', (code, signal) => void (exited = code ?? signal));
  const base = `http://127.0.0.1:${webPort}`;
  for (const deadline = Date.now() + START_DEADLINE_MS; ;) {
    try {
      if ((await fetch(`${base}/email`)).ok) break;
    } catch {
      /* starting */
    }
    if (exited !== null)
      throw new MaildevExited(`mail catcher exited (${exited}) before it answered: ${stderr.trim() || 'no output'}`);
    if (Date.now() > deadline) {
      child.kill();
      throw new Error(`mail catcher did not answer within ${START_DEADLINE_MS} ms: ${stderr.trim() || 'no output'}`);
    }
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
