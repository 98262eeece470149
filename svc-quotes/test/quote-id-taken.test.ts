import { QUOTE_ID_PATTERN } from '@rampquote/contracts';
import { newQuoteId } from '../src/shared/ids';
import { formPayload, startQuotes, type QuotesTestApp } from './support/quotes-app';

// The quote IDs create draws, steered per test (the real drawing otherwise).
const drawn: string[] = [];
jest.mock('../src/shared/ids', () => {
  const real = jest.requireActual<typeof import('../src/shared/ids')>('../src/shared/ids');
  return { ...real, newQuoteId: jest.fn(() => drawn.shift() ?? real.newQuoteId()) };
});

describe('a quote ID that is already taken (real PostgreSQL)', () => {
  let t: QuotesTestApp;

  beforeAll(async () => {
    t = await startQuotes({ env: { LOG_LEVEL: 'warn' } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('is drawn again: the request is stored whole under a new ID, and the first holder keeps its own', async () => {
    const { user, aircraft } = await t.pilot();
    const { fbos } = await t.airportWithFbos(2);
    const first = await t.http().post('/api/quote-requests').use(t.as(user)).send(formPayload(aircraft, fbos));
    expect(first.status).toBe(201);

    drawn.push(first.body.uniqueId, first.body.uniqueId);
    jest.mocked(newQuoteId).mockClear();
    const written: string[] = [];
    const stdout = jest
      .spyOn(process.stdout, 'write')
      .mockImplementation(
        ((chunk: string | Uint8Array) => written.push(String(chunk)) > 0) as typeof process.stdout.write,
      );
    const stderr = jest
      .spyOn(process.stderr, 'write')
      .mockImplementation(
        ((chunk: string | Uint8Array) => written.push(String(chunk)) > 0) as typeof process.stderr.write,
      );
    let second;
    try {
      second = await t.http().post('/api/quote-requests').use(t.as(user)).send(formPayload(aircraft, fbos));
      await new Promise((resolve) => setImmediate(resolve)); // the logger writes a turn's lines before the next turn
    } finally {
      stdout.mockRestore();
      stderr.mockRestore();
    }
    expect(second.status).toBe(201);
    expect(newQuoteId).toHaveBeenCalledTimes(3);
    expect(second.body.uniqueId).toMatch(QUOTE_ID_PATTERN);
    expect(second.body.uniqueId).not.toBe(first.body.uniqueId);
    // The failed tries are logged as such, without what they were given (the requester's e-mail, the link nonces).
    const failed = written
      .join('')
      .split('\n')
      .filter((l) => l.includes('query failed'));
    expect(failed).toHaveLength(2);
    expect(JSON.parse(failed[0]!)).toMatchObject({
      level: 'warn',
      context: 'Database',
      code: '23505',
      constraint: 'quote_requests_unique_id_key',
    });
    expect(written.join('')).not.toContain(user.email);

    const rows = await t.db.query(
      `SELECT id, unique_id FROM quote_requests WHERE requester_id = $1 ORDER BY created_at`,
      [user.id],
    );
    expect(rows).toEqual([
      { id: first.body.id, unique_id: first.body.uniqueId },
      { id: second.body.id, unique_id: second.body.uniqueId },
    ]);
    // The failed tries left no invitation and no event behind: two per request, one quote-submitted each.
    const invitations = await t.db.query(
      `SELECT quote_request_id FROM quote_invitations WHERE quote_request_id = ANY($1)`,
      [[first.body.id, second.body.id]],
    );
    expect(invitations).toHaveLength(4);
    const events = await t.db.query(
      `SELECT payload FROM outbox_events WHERE type = 'quote-submitted' AND payload->'data'->>'requesterId' = $1`,
      [user.id],
    );
    expect(events.map((e: { payload: { data: { uniqueId: string } } }) => e.payload.data.uniqueId).sort()).toEqual(
      [first.body.uniqueId, second.body.uniqueId].sort(),
    );
  });
});
