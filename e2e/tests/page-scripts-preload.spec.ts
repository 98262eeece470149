import { expect, test, type Page } from '@playwright/test';
import { newFboLink } from './support/fbo-link';
import { KSEA_FBO_USER, signIn } from './support/session';

// A page of a remote that arrives without a first view preloads, in its HTML, the chunks of its own code that the
// remote's build lists (page-scripts.json): they come with the shell's scripts instead of after them. Each check waits
// for what the page shows, then reads how each of the remote's scripts was fetched: by a preload from the HTML
// ('link') or by the page's code once it had run ('script', one round trip later).

/** The remote's base URL (where its entry is), from the remote list the gateway inlined in the page. */
const remoteBase = (page: Page, name: string) =>
  page.evaluate((remote) => {
    const { remotes } = JSON.parse(document.getElementById('rq-remotes')!.textContent!) as {
      remotes: { name: string; entry: string }[];
    };
    const entry = new URL(remotes.find((r) => r.name === remote)!.entry, location.href).href;
    return entry.slice(0, entry.lastIndexOf('/') + 1);
  }, name);

/** Each script the page fetched from `base`, by file name, with how it was fetched. */
const scriptsFrom = (page: Page, base: string) =>
  page.evaluate(
    (from) =>
      Object.fromEntries(
        performance
          .getEntriesByType('resource')
          .filter((e) => e.name.startsWith(from) && e.name.endsWith('.js'))
          .map((e) => [e.name.slice(from.length), (e as PerformanceResourceTiming).initiatorType]),
      ),
    base,
  );

/** The files the remote's page-scripts.json lists for `pattern`. */
async function listedFor(page: Page, base: string, pattern: string): Promise<string[]> {
  const res = await page.request.get(`${base}page-scripts.json`);
  expect(res.status()).toBe(200);
  const files = ((await res.json()) as { pages: Record<string, string[]> }).pages[pattern];
  expect(files?.length, `page-scripts.json lists ${pattern}`).toBeGreaterThan(0);
  return files;
}

test("a pilot's request details arrive with their own chunks preloaded, and no script of the remote comes late", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(60_000);
  const link = await newFboLink(baseURL!);
  try {
    await signIn(page);
    await page.goto(`/quote-details/${link.quoteRequestId}`);
    await expect(page.getByRole('heading', { name: 'Waiting for Quotes' })).toBeVisible();
    const base = await remoteBase(page, 'quotes');
    const fetched = await scriptsFrom(page, base);
    for (const file of await listedFor(page, base, '/quote-details/:id')) expect(fetched[file]).toBe('link');
    expect(Object.entries(fetched).filter(([, how]) => how !== 'link')).toEqual([]);
    // Nor does any of the shell's: its entry (the page's one script tag) fetches none of the chunks it needs itself.
    const shellScripts = await scriptsFrom(page, new URL('/', page.url()).href);
    expect(Object.keys(shellScripts)).toContain('main.js');
    expect(Object.entries(shellScripts).filter(([file, how]) => file !== 'main.js' && how !== 'link')).toEqual([]);
  } finally {
    await link.cleanUp();
  }
});

test("an FBO member's inbox arrives with its own chunks preloaded", async ({ page }) => {
  await signIn(page, KSEA_FBO_USER);
  await page.goto('/fbo-portal');
  await expect(page.getByRole('heading', { level: 1, name: 'FBO Inbox' })).toBeVisible();
  const base = await remoteBase(page, 'fbo_portal');
  const fetched = await scriptsFrom(page, base);
  for (const file of await listedFor(page, base, '/fbo-portal')) expect(fetched[file]).toBe('link');
});
