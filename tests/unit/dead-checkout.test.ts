/**
 * A checkout handed a connection that died unseen (db/dead-checkout.ts): its first statement, when it cannot
 * have changed anything, goes again on another connection — on as many as the pool holds, plus one; anything else
 * fails as it did.
 */
import { describe, expect, it } from 'vitest';
import type { PostgresPool } from 'kysely';
import { repeatable, retryingDeadCheckouts } from '../../src/server/db/dead-checkout';

const terminated = () => Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });

/** A pool whose clients answer in turn from `answers` (an Error rejects), recording what each was sent and how it was released. */
function fakePool(answers: Array<unknown | Error>) {
  const log: string[] = [];
  let n = 0;
  return {
    log,
    pool: {
      end: async () => undefined,
      async connect() {
        const id = ++n;
        log.push(`connect ${id}`);
        return {
          async query(text: unknown) {
            log.push(`${id}: ${String(text)}`);
            const a = answers.shift();
            if (a instanceof Error) throw a;
            return a;
          },
          release(err?: unknown) { log.push(`release ${id}${err ? ' (broken)' : ''}`); },
        };
      },
    } as unknown as PostgresPool,
  };
}

describe('a checkout of a connection that died unseen', () => {
  it('sends a first read or BEGIN again on a fresh connection, and the rest of the checkout goes there', async () => {
    const { pool, log } = fakePool([terminated(), { rows: [1] }, { rows: [2] }]);
    const c = await retryingDeadCheckouts(pool, 1).connect();
    expect(await c.query('begin', [])).toEqual({ rows: [1] });
    expect(await c.query('insert into t values (1)', [])).toEqual({ rows: [2] });
    c.release();
    expect(log).toEqual(['connect 1', '1: begin', 'release 1 (broken)', 'connect 2', '2: begin', '2: insert into t values (1)', 'release 2']);
  });

  it('fails a write outside a transaction, a later statement and any other error as before', async () => {
    for (const [first, err] of [['insert into t values (1)', terminated()], ['select 1', new Error('syntax error')]] as const) {
      const { pool, log } = fakePool([err]);
      const c = await retryingDeadCheckouts(pool, 1).connect();
      await expect(c.query(first, [])).rejects.toBe(err);
      expect(log).toEqual(['connect 1', `1: ${first}`]);
    }
    const { pool } = fakePool([{ rows: [] }, terminated()]);
    const c = await retryingDeadCheckouts(pool, 1).connect();
    await c.query('begin', []);
    await expect(c.query('select 1', [])).rejects.toMatchObject({ code: '57P01' });
  });

  it('fails when the fresh connection fails too, releasing each connection once', async () => {
    const { pool, log } = fakePool([terminated(), terminated()]);
    const c = await retryingDeadCheckouts(pool, 1).connect();
    await expect(c.query('select 1', [])).rejects.toMatchObject({ code: '57P01' });
    (c.release as (err?: unknown) => void)(true);
    expect(log).toEqual(['connect 1', '1: select 1', 'release 1 (broken)', 'connect 2', '2: select 1', 'release 2 (broken)']);
  });

  it('tries each pooled connection that died with it, then a new one, and no more', async () => {
    const { pool, log } = fakePool([terminated(), terminated(), terminated(), { rows: [1] }]);
    const c = await retryingDeadCheckouts(pool, 3).connect();
    expect(await c.query('select 1', [])).toEqual({ rows: [1] });
    expect(log.filter((l) => l.startsWith('connect'))).toHaveLength(4);
    const down = fakePool([terminated(), terminated(), terminated(), terminated(), { rows: [1] }]);
    const d = await retryingDeadCheckouts(down.pool, 3).connect();
    await expect(d.query('select 1', [])).rejects.toMatchObject({ code: '57P01' });
    expect(down.log).toEqual(['connect 1', '1: select 1', 'release 1 (broken)', 'connect 2', '2: select 1', 'release 2 (broken)',
      'connect 3', '3: select 1', 'release 3 (broken)', 'connect 4', '4: select 1']);
  });

  it('lets pg read the waiting goodbyes before the next checkout, so the pool hands a live connection', async () => {
    // Like pg's pool: the dead idle connections are handed out until the event loop has turned and their
    // sockets' goodbyes are read (then the pool drops them).
    let read = false;
    const log: string[] = [];
    const pool = {
      end: async () => undefined,
      async connect() {
        const dead = !read;
        log.push(dead ? 'dead' : 'live');
        return {
          async query() {
            if (dead) { setImmediate(() => { read = true; }); throw terminated(); }
            return { rows: [1] };
          },
          release() {},
        };
      },
    } as unknown as PostgresPool;
    const c = await retryingDeadCheckouts(pool, 10).connect();
    expect(await c.query('begin', [])).toEqual({ rows: [1] });
    expect(log).toEqual(['dead', 'live']);
  });

  it('hands a cursor (a streamed read) over as it is, at once', async () => {
    const cursor = { read: async () => [] };
    const inner = { query: (c: unknown) => c, release: () => undefined };
    const c = await retryingDeadCheckouts({ connect: async () => inner, end: async () => undefined } as unknown as PostgresPool, 1).connect();
    expect((c.query as (x: unknown) => unknown)(cursor)).toBe(cursor);
  });

  it('takes only what cannot have changed anything as repeatable', () => {
    for (const s of ['begin', 'BEGIN', 'start transaction isolation level serializable', 'select * from users', '  SELECT 1',
      'with x as (select 1) select * from x']) expect(repeatable(s), s).toBe(true);
    for (const s of ['insert into t values (1)', 'update t set a = 1', 'commit', 'with x as (delete from t returning *) select * from x',
      'select * from users where id = 1 for update', 'select * from t for no key update', 'set statement_timeout = 1', { text: 'select 1' }]) {
      expect(repeatable(s), String(s)).toBe(false);
    }
  });
});
