import { expect, test } from '@playwright/test';
import { newFboLink } from './support/fbo-link';
import { requestInitiators } from './support/resource-initiators';

// The FBO's e-mailed link at the site's own origin is answered by the FBO portal's light standalone page (no shell
// code, no /remotes.json), and everything it loads arrives compressed.

test("the e-mailed link at the site opens the portal's standalone page: its HTML and scripts, brotli-compressed, no shell code", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(60_000);
  const link = await newFboLink(baseURL!);
  try {
    // Chromium asks for brotli over plain http only when told (it does over https).
    await page.setExtraHTTPHeaders({ 'Accept-Encoding': 'br, gzip' });
    const responses: { path: string; type: string; encoding: string | null }[] = [];
    page.on('response', async (res) => {
      const url = new URL(res.url());
      if (url.origin !== new URL(baseURL!).origin || url.pathname.startsWith('/api/')) return;
      responses.push({
        path: url.pathname,
        type: res.request().resourceType(),
        encoding: (await res.headerValue('content-encoding')) ?? null,
      });
    });
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto(link.path);
    await expect(page.getByText(`Estimate Kindly Requested from ${link.fbo.name}`)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Submit Estimate' })).toBeVisible();
    await page.waitForLoadState('networkidle');

    const documentResponse = responses.find((r) => r.type === 'document');
    expect(documentResponse).toEqual({ path: link.path, type: 'document', encoding: 'br' });
    const scripts = responses.filter((r) => r.type === 'script');
    expect(scripts.length).toBeGreaterThan(1);
    // Every script is the standalone bundle's (served under /mf-fbo-portal/), none of the shell's.
    expect(scripts.filter((s) => !s.path.startsWith('/mf-fbo-portal/'))).toEqual([]);
    expect(scripts.filter((s) => s.encoding !== 'br')).toEqual([]);
    expect(responses.map((r) => r.path)).not.toContain('/remotes.json');
    // The estimate request the page preloads is the one its code reads: fetched once, by the preload.
    expect(await requestInitiators(page, '/api/fbo-quote/')).toEqual(['link']);
    // Outside the site's chrome: no header navigation.
    await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
  } finally {
    await link.cleanUp();
  }
});

test('the link page shows its first view (the portal line, the request loading) before any script has run, and the app takes that view over without building it again or moving anything', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(60_000);
  const link = await newFboLink(baseURL!);
  try {
    let release!: () => void;
    const scriptsHeld = new Promise<void>((resolve) => (release = resolve));
    await page.route(
      (url) => url.pathname.startsWith('/mf-fbo-portal/') && url.pathname.endsWith('.js'),
      async (route) => {
        await scriptsHeld;
        await route.continue();
      },
    );
    await page.addInitScript(() => {
      const page = window as unknown as { layoutShift: number };
      page.layoutShift = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries())
          page.layoutShift += (entry as PerformanceEntry & { value: number }).value;
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto(link.path, { waitUntil: 'commit' });

    await expect(page.getByRole('status')).toHaveText('Loading estimate request...');
    await expect(page.getByRole('main')).toContainText('RampQuote·FBO Portal');
    await page.evaluate(() => {
      (window as unknown as { portalLine: Element | null }).portalLine = document.querySelector('main p');
    });
    release();

    await expect(page.getByText(`Estimate Kindly Requested from ${link.fbo.name}`)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Submit Estimate' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Decline request' })).toBeAttached();
    // The same element as prerendered (taken over, not replaced), and nothing on screen moved.
    expect(
      await page.evaluate(
        () => (window as unknown as { portalLine: Element }).portalLine === document.querySelector('main p'),
      ),
    ).toBe(true);
    expect(await page.evaluate(() => (window as unknown as { layoutShift: number }).layoutShift)).toBe(0);
  } finally {
    await link.cleanUp();
  }
});
