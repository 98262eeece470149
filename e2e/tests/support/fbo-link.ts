import { expect, request as playwrightRequest, type APIRequestContext } from '@playwright/test';
import { DEMO_PASSWORD, ORIGIN, PILOT } from './session';

const MAIL_API = 'http://localhost:1080/email';
const ADMIN = { email: 'admin@rampquote.dev', password: DEMO_PASSWORD };

export interface FboLink {
  /** `/quote/{fboId}/{token}`, as e-mailed to the FBO. */
  path: string;
  quoteRequestId: string;
  fbo: { id: string; name: string; email: string };
  cleanUp: () => Promise<void>;
}

/**
 * The seeded pilot asks the demo FBO "demo-fbo-ksea-2" at KSEA for an estimate (through the API); the link mailed to
 * it is read from the mail catcher. `cleanUp` cancels and deletes the request and its aircraft.
 */
export async function newFboLink(baseURL: string): Promise<FboLink> {
  const api = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: ORIGIN });
  const pilot = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: ORIGIN });
  try {
    // The admin's list names each FBO's e-mail address (the public list does not).
    expect((await api.post('/api/auth/login', { data: ADMIN })).status()).toBe(200);
    const listed = await api.get('/api/admin/fbos?airport=KSEA');
    expect(listed.status()).toBe(200);
    const fbo = ((await listed.json()) as { fbos: FboLink['fbo'][] }).fbos.find(
      (f) => f.email === 'demo-fbo-ksea-2@example.com',
    );
    expect(fbo, 'the demo FBO demo-fbo-ksea-2@example.com at KSEA (development seed)').toBeDefined();

    expect((await pilot.post('/api/auth/login', { data: PILOT })).status()).toBe(200);
    const tail = `A${Date.now().toString(36).slice(-5)}${Math.random().toString(36).slice(2, 4)}`.toUpperCase();
    const aircraftRes = await pilot.post('/api/aircraft', {
      data: { make: 'Cessna', model: '172S Skyhawk', tailNumber: tail },
    });
    expect(aircraftRes.status()).toBe(201);
    const aircraft = (await aircraftRes.json()) as { id: string };
    const arrival = new Date(Date.now() + 10 * 24 * 3600_000);
    arrival.setUTCHours(15, 0, 0, 0);
    const created = await pilot.post('/api/quote-requests', {
      data: {
        aircraftId: aircraft.id,
        departureAirportCode: 'KBFI',
        airportCode: 'KSEA',
        arrival: arrival.toISOString(),
        departure: new Date(arrival.getTime() + 24 * 3600_000).toISOString(),
        services: { fuelJetA: true, fuelEstimatedAmount: 300, hangar: true, hangarTypeOvernight: true },
        notes: 'E2E: FBO link page',
        selectedFbos: [fbo!.id],
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const { id } = (await created.json()) as { id: string };
    const cleanUp = async () => {
      const again = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: ORIGIN });
      try {
        await again.post('/api/auth/login', { data: PILOT });
        await again.post(`/api/quote-requests/${id}/cancel`);
        await again.delete(`/api/quote-requests/${id}`);
        await again.delete(`/api/aircraft/${aircraft.id}`);
      } finally {
        await again.dispose();
      }
    };
    return { path: await linkFromMail(api, fbo!, id), quoteRequestId: id, fbo: fbo!, cleanUp };
  } finally {
    await api.dispose();
    await pilot.dispose();
  }
}

/**
 * The link path (/quote/{fboId}/{token}) mailed to `fbo` for request `quoteRequestId`, read from the mail catcher;
 * each candidate is checked against the page data (older runs left other mails to the same FBO).
 */
export async function linkFromMail(
  api: APIRequestContext,
  fbo: { id: string; email: string },
  quoteRequestId: string,
): Promise<string> {
  const pattern = new RegExp(`/quote/${fbo.id}/([A-Za-z0-9_-]+)`, 'g');
  const tried = new Set<string>();
  let path: string | undefined;
  await expect
    .poll(
      async () => {
        const mails = (await (await api.get(MAIL_API)).json()) as { text?: string; to: { address: string }[] }[];
        const tokens = mails
          .filter((m) => m.to.some((t) => t.address.toLowerCase() === fbo.email.toLowerCase()))
          .flatMap((m) => [...(m.text ?? '').matchAll(pattern)].map((match) => match[1]))
          .reverse();
        for (const token of tokens) {
          if (tried.has(token)) continue;
          tried.add(token);
          const res = await api.get(`/api/fbo-quote/${fbo.id}/${token}`);
          if (res.ok() && ((await res.json()) as { quoteRequest: { id: string } }).quoteRequest.id === quoteRequestId) {
            path = `/quote/${fbo.id}/${token}`;
            return true;
          }
        }
        return false;
      },
      { timeout: 20_000, message: `the invitation mail to ${fbo.email}` },
    )
    .toBe(true);
  return path!;
}
