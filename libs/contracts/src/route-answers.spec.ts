import { z } from 'zod';
import { PLANS, plansResponseSchema } from './billing';
import { servicesQuotedAnswerSchema, submitEstimateSchema } from './fbo-quotes';
import { quoteServicesDtoSchema, quoteServicesSchema } from './quote-requests';
import { listRoutePolicies } from './route-policy';

describe("the route policy's answers", () => {
  const routes = listRoutePolicies().map((p) => [`${p.method} ${p.path}`, p] as const);

  it.each(routes)('%s says what it answers, and its body schema has a JSON Schema', (_, policy) => {
    const { status, body, mediaType } = policy.answer;
    expect(status.length).toBeGreaterThan(0);
    if (status.includes(204) || mediaType) expect(body).toBeUndefined();
    else expect(() => z.toJSONSchema(body!, { io: 'output' })).not.toThrow();
    if (policy.stream === 'sse') expect(mediaType).toBe('text/event-stream');
  });

  it('parses what the code answers and refuses what it does not', () => {
    expect(plansResponseSchema.parse(PLANS)).toEqual(PLANS);
    const { pro: _, ...twoPlans } = PLANS;
    expect(plansResponseSchema.safeParse(twoPlans).success).toBe(false);
  });

  // Stored request parts are answered as the request schemas' outputs: the answer schemas take those, field for field.
  it.each([
    ["a quote request's services", quoteServicesDtoSchema, quoteServicesSchema.parse({ fuel: true, fuelJetA: true })],
    [
      "an FBO's priced services",
      servicesQuotedAnswerSchema,
      submitEstimateSchema.parse({
        servicesQuoted: { hangar: { price: 150, days: 1 }, customServices: [{ id: 's1', name: 'Car', price: 80 }] },
        totalPrice: 230,
      }).servicesQuoted,
    ],
  ])('takes %s exactly as the request schema gives them', (_, answer, stored) => {
    expect(z.parse(answer, stored)).toEqual(stored);
  });
});
