import { expect, test, type Page } from '@playwright/test';
import { newFboLink } from './support/fbo-link';
import { KSEA_FBO_USER, signIn } from './support/session';

// A signed-in user's page arrives with the API requests its first view waits for preloaded in its HTML (My Quotes'
// list, a request's details and answers, the FBO inbox and the memberships its gate reads): the answers come with the
// scripts instead of after them. Each page must take those answers: its requests are the preloads (Chromium's
// resource type "other"), never a second request of its own ("fetch"). Each check waits until the page shows what
// the request's answer holds, so a request of the page's own would have been sent by then.

/**
 * The resource types of the requests the page sent to an API path, in the order sent. `to(path)` counts the page's
 * first requests only: those sent before it opened a live stream (`…/events`), after which My Quotes and the details
 * page read their data again (what changed while the stream was not open yet).
 */
function apiRequestsOf(page: Page) {
  let sent: { path: string; type: string }[] = [];
  page.on('request', (req) => {
    const { pathname } = new URL(req.url());
    if (pathname.startsWith('/api/')) sent.push({ path: pathname, type: req.resourceType() });
  });
  return {
    to: (path: string) => {
      const stream = sent.findIndex((r) => r.path.endsWith('/events'));
      return (stream < 0 ? sent : sent.slice(0, stream)).filter((r) => r.path === path).map((r) => r.type);
    },
    clear: () => void (sent = []),
  };
}

test("a pilot's My Quotes and request details take their data from the page's preloads", async ({ page, baseURL }) => {
  test.setTimeout(60_000);
  const link = await newFboLink(baseURL!);
  try {
    await signIn(page);
    const details = await page.request.get(`/api/quote-requests/${link.quoteRequestId}`);
    expect(details.status()).toBe(200);
    const { uniqueId } = (await details.json()) as { uniqueId: string };
    const sent = apiRequestsOf(page);

    await page.goto('/history');
    await expect(page.getByRole('heading', { level: 1, name: 'My Quotes' })).toBeVisible();
    await expect(page.getByText(uniqueId).first()).toBeVisible();
    expect(sent.to('/api/quote-requests')).toEqual(['other']);

    sent.clear();
    const id = link.quoteRequestId;
    await page.goto(`/quote-details/${id}`);
    await expect(page.getByRole('heading', { level: 1, name: `Quote ${uniqueId}` })).toBeVisible();
    // Shown once the (still empty) answers have arrived.
    await expect(page.getByRole('heading', { name: 'Waiting for Quotes' })).toBeVisible();
    expect(sent.to(`/api/quote-requests/${id}`)).toEqual(['other']);
    expect(sent.to(`/api/quote-requests/${id}/responses`)).toEqual(['other']);
  } finally {
    await link.cleanUp();
  }
});

test("an FBO member's inbox takes its requests from the page's preloads", async ({ page }) => {
  await signIn(page, KSEA_FBO_USER);
  const sent = apiRequestsOf(page);
  await page.goto('/fbo-portal');
  await expect(page.getByRole('heading', { level: 1, name: 'FBO Inbox' })).toBeVisible();
  // The FBO's name comes with the memberships (the portal's gate waits for them); the list (or its empty state) with
  // the inbox.
  await expect(page.getByText('Quote requests sent to Demo FBO Seattle Jet Center, newest first.')).toBeVisible();
  await expect(
    page.getByRole('list', { name: 'Quote requests' }).or(page.getByText('No quote requests yet')),
  ).toBeVisible();
  expect(sent.to('/api/fbo/memberships')).toEqual(['other']);
  expect(sent.to('/api/fbo-portal/inbox')).toEqual(['other']);
});

test("a visitor's page preloads no signed-in request", async ({ page }) => {
  const sent = apiRequestsOf(page);
  await page.goto('/history');
  // A visitor is sent to the login page.
  await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
  expect(sent.to('/api/quote-requests')).toEqual([]);
});
