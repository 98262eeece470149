import { expect, type APIRequestContext } from '@playwright/test';

/** The development mail catcher's list of every mail the system sent. */
export const MAIL_API = 'http://localhost:1080/email';

export interface Mail {
  subject: string;
  text?: string;
  html?: string;
  date?: string;
  to: { address: string }[];
  attachments?: { fileName: string; contentType: string }[];
}

/** The newest mail to `address` with `subject`, waited for at the mail catcher. */
export async function mailTo(request: APIRequestContext, address: string, subject: string): Promise<Mail> {
  let found: Mail | undefined;
  await expect
    .poll(
      async () => {
        const mails = (await (await request.get(MAIL_API)).json()) as Mail[];
        found = mails
          .filter((m) => m.subject === subject && m.to.some((t) => t.address.toLowerCase() === address.toLowerCase()))
          .pop();
        return Boolean(found);
      },
      { timeout: 20_000, message: `a mail "${subject}" to ${address}` },
    )
    .toBe(true);
  return found!;
}

/** The items of a titled list in a mail's plain text ("What changed:" then "- ..." lines), without the dashes. */
export function mailListItems(mail: Mail, title: string): string[] {
  const lines = (mail.text ?? '').split('\n');
  const start = lines.indexOf(`${title}:`);
  if (start < 0) return [];
  const items: string[] = [];
  for (const line of lines.slice(start + 1)) {
    if (!line.startsWith('- ')) break;
    items.push(line.slice(2));
  }
  return items;
}

/** The /quote/{fboId}/{token} path of the first FBO link in a mail's plain text. */
export function fboLinkPathOf(mail: Mail, fboId: string): string | null {
  return new RegExp(`/quote/${fboId}/[A-Za-z0-9_-]+`).exec(mail.text ?? '')?.[0] ?? null;
}
