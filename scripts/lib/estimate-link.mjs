// For the benchmarks that open an FBO's e-mailed link: a quote request of the signed-in pilot (`api`, a Playwright
// request context) to `fbos` at KSEA, and the link the dev mail catcher received for it.

/**
 * Saves an aircraft and sends a request to `fbos` for it; both are cancelled and deleted by `cleanUps` (run in
 * order by the caller). Resolves to the request's id.
 */
export async function requestEstimates(api, fbos, { services, notes, cleanUps }) {
  const tail = `B${Date.now().toString(36).slice(-5)}`.toUpperCase();
  const aircraftRes = await api.post('/api/aircraft', {
    data: { make: 'Cessna', model: '172S Skyhawk', tailNumber: tail },
  });
  if (aircraftRes.status() !== 201) throw new Error(`create aircraft: ${aircraftRes.status()}`);
  const aircraft = await aircraftRes.json();
  cleanUps.push(() => api.delete(`/api/aircraft/${aircraft.id}`));
  const arrival = new Date(Date.now() + 10 * 24 * 3600_000);
  arrival.setUTCHours(15, 0, 0, 0);
  const created = await api.post('/api/quote-requests', {
    data: {
      aircraftId: aircraft.id,
      departureAirportCode: 'KBFI',
      airportCode: 'KSEA',
      arrival: arrival.toISOString(),
      departure: new Date(arrival.getTime() + 24 * 3600_000).toISOString(),
      services,
      notes,
      selectedFbos: fbos.map((f) => f.id),
    },
  });
  if (created.status() === 403 && /monthly quote request limit/i.test(await created.text()))
    throw new Error(
      'The seeded pilot has sent its monthly quote requests on the running system (a pilot without a subscription ' +
        'sends 5 a month; each benchmark run sends one). Stop the system, and the benchmark starts its own without ' +
        'that limit, or start it with NO_PLAN_MONTHLY_QUOTE_REQUESTS=100000 npm start.',
    );
  if (created.status() !== 201) throw new Error(`create quote request: ${created.status()} ${await created.text()}`);
  const { id } = await created.json();
  cleanUps.unshift(async () => {
    await api.post(`/api/quote-requests/${id}/cancel`);
    await api.delete(`/api/quote-requests/${id}`);
  });
  return id;
}

/** The link path mailed to `fbo` for request `quoteRequestId`, read from the dev mail catcher (newest first). */
export async function linkFromMail(api, fbo, quoteRequestId) {
  const pattern = new RegExp(`/quote/${fbo.id}/([A-Za-z0-9_-]+)`, 'g');
  const tried = new Set();
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    const mails = await (await api.get('http://localhost:1080/email')).json();
    const tokens = mails
      .filter((m) => m.to.some((t) => t.address.toLowerCase() === fbo.email.toLowerCase()))
      .flatMap((m) => [...(m.text ?? '').matchAll(pattern)].map((match) => match[1]))
      .reverse();
    for (const token of tokens) {
      if (tried.has(token)) continue;
      tried.add(token);
      const res = await api.get(`/api/fbo-quote/${fbo.id}/${token}`);
      if (res.ok() && (await res.json()).quoteRequest?.id === quoteRequestId) return `/quote/${fbo.id}/${token}`;
    }
    await new Promise((r) => setTimeout(r, 250)); // polling the mail catcher until the invitation arrives
  }
  throw new Error(`no invitation mail to ${fbo.email} within 20 s`);
}
