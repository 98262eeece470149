import { z } from 'zod';
import { PLANS, plansResponseSchema } from './billing';
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
});
