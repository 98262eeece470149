import type { EntityManager } from 'typeorm';
import { runWithRequestId } from '../request-context/request-context';
import { Outbox, outboxInsert } from './outbox';

/** A manager that records its statements, inside a transaction or not. */
function fakeManager(inTransaction: boolean) {
  const queries: { sql: string; params: unknown[] }[] = [];
  const queryRunner = { isTransactionActive: inTransaction, data: {} as Record<string, unknown> };
  const manager = {
    queryRunner,
    query: (sql: string, params: unknown[]) => {
      queries.push({ sql, params });
      return Promise.resolve([]);
    },
  } as unknown as EntityManager;
  return { manager, queries, queryRunner };
}

describe('Outbox', () => {
  it('records the envelope of the current request in outbox_events with one INSERT', async () => {
    const { manager, queries } = fakeManager(true);
    const outbox = new Outbox('svc-test');
    const envelope = await runWithRequestId('req-123', () => outbox.add(manager, 'thing-happened', { thingId: 't1' }));
    expect(envelope).toMatchObject({
      type: 'thing-happened',
      source: 'svc-test',
      requestId: 'req-123',
      data: { thingId: 't1' },
    });
    expect(queries).toHaveLength(1);
    expect(queries[0]!.sql).toBe(outboxInsert(1));
    expect(queries[0]!.params).toEqual([
      envelope.id,
      'thing-happened',
      JSON.stringify(envelope),
      new Date(envelope.occurredAt),
    ]);
  });

  it('nudges the relay after the commit inside a transaction, at once outside one', () => {
    const afterCommit = jest.fn();
    const outbox = new Outbox('svc-test', afterCommit);
    const inside = fakeManager(true);
    outbox.recorded(inside.manager, outbox.envelope('a', {}).envelope);
    expect(afterCommit).not.toHaveBeenCalled();
    expect(inside.queryRunner.data).toEqual({ rampquoteOutboxPending: true });

    outbox.recorded(fakeManager(false).manager, outbox.envelope('b', {}).envelope);
    expect(afterCommit).toHaveBeenCalledTimes(1);
  });

  it('numbers the INSERT a caller puts in its own statement from the parameter it is given', () => {
    expect(outboxInsert(19)).toBe(
      'INSERT INTO outbox_events (id, type, payload, occurred_at) VALUES ($19, $20, $21::jsonb, $22)',
    );
    const { values, envelope } = new Outbox('svc-test').envelope('c', { n: 1 });
    expect(values).toEqual([envelope.id, 'c', JSON.stringify(envelope), new Date(envelope.occurredAt)]);
  });
});
