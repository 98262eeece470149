import type { QueryRunner } from 'typeorm';
import { createChangeAnnouncements, dropChangeAnnouncements } from './change-announcements';

/** A query runner that records the SQL it is given. */
function recorder() {
  const sql: string[] = [];
  return {
    sql,
    runner: {
      query: async (text: string) => void sql.push(text.replace(/\s+/g, ' ').trim()),
    } as unknown as QueryRunner,
  };
}

describe('change announcements (migration helper)', () => {
  it('creates the function and, per table, a row trigger and a TRUNCATE trigger passing the key column', async () => {
    const { sql, runner } = recorder();
    await createChangeAnnouncements(runner, 'notify_fn', 'some_changes', [
      { table: 'users', key: 'id' },
      { table: 'user_subscriptions', key: 'user_id' },
    ]);
    expect(sql[0]).toMatch(/^CREATE FUNCTION notify_fn\(\) RETURNS trigger/);
    expect(sql[0]).toContain("pg_notify('some_changes', '*')");
    expect(sql.slice(1)).toEqual([
      "CREATE TRIGGER users_announce_change AFTER INSERT OR UPDATE OR DELETE ON users FOR EACH ROW EXECUTE FUNCTION notify_fn('id')",
      "CREATE TRIGGER users_announce_truncate AFTER TRUNCATE ON users FOR EACH STATEMENT EXECUTE FUNCTION notify_fn('id')",
      "CREATE TRIGGER user_subscriptions_announce_change AFTER INSERT OR UPDATE OR DELETE ON user_subscriptions FOR EACH ROW EXECUTE FUNCTION notify_fn('user_id')",
      "CREATE TRIGGER user_subscriptions_announce_truncate AFTER TRUNCATE ON user_subscriptions FOR EACH STATEMENT EXECUTE FUNCTION notify_fn('user_id')",
    ]);
    const dropped = recorder();
    await dropChangeAnnouncements(dropped.runner, 'notify_fn', [{ table: 'users' }]);
    expect(dropped.sql).toEqual([
      'DROP TRIGGER IF EXISTS users_announce_truncate ON users',
      'DROP TRIGGER IF EXISTS users_announce_change ON users',
      'DROP FUNCTION IF EXISTS notify_fn()',
    ]);
  });

  it('refuses a name that is not a plain identifier before running anything', async () => {
    const { sql, runner } = recorder();
    await expect(
      createChangeAnnouncements(runner, 'fn', "x'); DROP TABLE users; --", [{ table: 'users', key: 'id' }]),
    ).rejects.toThrow('not an identifier');
    await expect(createChangeAnnouncements(runner, 'fn', 'changes', [{ table: 'users', key: 'id"' }])).rejects.toThrow(
      'not an identifier',
    );
    expect(sql).toEqual([]);
  });
});
