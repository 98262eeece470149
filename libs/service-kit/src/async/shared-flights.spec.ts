import { sharedFlights } from './shared-flights';

describe('sharedFlights', () => {
  it('starts the work of a key once while it is on its way, and again once it has settled', async () => {
    const run = sharedFlights<number>();
    let started = 0;
    const work = () => Promise.resolve(++started);
    const [a, b] = await Promise.all([run('k', work), run('k', work)]);
    expect([a, b, started]).toEqual([1, 1, 1]);
    expect(await run('k', work)).toBe(2);
  });

  it('keeps keys apart', async () => {
    const run = sharedFlights<string>();
    expect(await Promise.all([run('a', async () => 'A'), run('b', async () => 'B')])).toEqual(['A', 'B']);
  });

  it('shares a failure with those waiting, and starts again after it', async () => {
    const run = sharedFlights<number>();
    let started = 0;
    const failing = () => Promise.reject(new Error(`failed ${++started}`));
    const outcomes = await Promise.allSettled([run('k', failing), run('k', failing)]);
    expect(outcomes.map((o) => o.status === 'rejected' && (o.reason as Error).message)).toEqual([
      'failed 1',
      'failed 1',
    ]);
    await expect(run('k', () => Promise.resolve(7))).resolves.toBe(7);
  });
});
