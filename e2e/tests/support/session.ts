import { expect, request as playwrightRequest, type APIRequestContext, type Page } from '@playwright/test';

/** The gateway refuses state-changing calls without the site's Origin. */
export const ORIGIN = { Origin: 'http://localhost:8080' };
export const DEMO_PASSWORD = 'RampQuote#2026';
export const PILOT = { email: 'pilot@rampquote.dev', password: DEMO_PASSWORD };
/** The FBO user of "Demo FBO Seattle Jet Center" at KSEA (development seed). */
export const KSEA_FBO_USER = { email: 'demo-fbo-ksea-1@example.com', password: DEMO_PASSWORD };

/** Signs the page's browser context in through the API (the session cookie is shared with the page). */
export async function signIn(page: Page, who: { email: string; password: string } = PILOT): Promise<void> {
  const res = await page.request.post('/api/auth/login', { headers: ORIGIN, data: who });
  expect(res.status(), await res.text()).toBe(200);
}

/** A signed-in API client of its own (another user beside the page's); dispose it at the end. */
export async function apiAs(baseURL: string, who: { email: string; password: string }): Promise<APIRequestContext> {
  const ctx = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: ORIGIN });
  const res = await ctx.post('/api/auth/login', { data: who });
  expect(res.status(), await res.text()).toBe(200);
  return ctx;
}

/** Removes a quote request of the page's user, whatever state a test left it in (only a closed one can go). */
export async function removeQuoteRequest(page: Page, id: string): Promise<void> {
  await page.request.post(`/api/quote-requests/${id}/cancel`, { headers: ORIGIN });
  await page.request.delete(`/api/quote-requests/${id}`, { headers: ORIGIN });
}
