import { classifyChange } from './subscriptions.service';
import type { Subscription } from './subscription.entity';

const base = {
  id: 'sub_1',
  userId: 'u',
  planId: 'pro',
  status: 'active',
  currentPeriodEnd: new Date('2026-06-01T00:00:00Z'),
  cancelAtPeriodEnd: false,
  endedAt: null,
} as Subscription;
const after = (over: Partial<Subscription>) => ({ ...base, ...over }) as Subscription;

describe('classifyChange (what subscription-changed says happened)', () => {
  it('names ended, switched, cancelled, renewed and other updates, in that order of precedence', () => {
    expect(classifyChange(base, after({ endedAt: new Date(), status: 'canceled', planId: 'enterprise' }))).toBe(
      'ended',
    );
    expect(classifyChange(base, after({ planId: 'enterprise', cancelAtPeriodEnd: true }))).toBe('switched');
    expect(classifyChange(base, after({ cancelAtPeriodEnd: true }))).toBe('cancelled');
    expect(classifyChange(base, after({ currentPeriodEnd: new Date('2026-07-01T00:00:00Z') }))).toBe('renewed');
    expect(classifyChange(base, after({ status: 'past_due' }))).toBe('updated');
    expect(classifyChange(after({ cancelAtPeriodEnd: true }), base)).toBe('updated');
  });
  it('is null when nothing a consumer keeps changed', () => {
    expect(classifyChange(base, after({}))).toBeNull();
  });
});
