/** SessionCache on its own: TTL, invalidation payloads, the lookup-vs-invalidation race, listening state. */
import { describe, expect, it } from 'vitest';
import { SessionCache } from '../../src/server/auth/session-cache.js';
import type { ListenHandlers } from '../../src/server/db/listen.js';
import type { SessionWithUser } from '../../src/server/db/queries/sessions.js';

const row = (hash: string, userId: number) => ({ id_hash: hash, user_id: userId } as SessionWithUser);

function listening(ttl = 1_000) {
  const c = new SessionCache(ttl);
  let handlers!: ListenHandlers;
  void c.listen(async (_channel, h) => { handlers = h; h.ready(); return async () => undefined; });
  return { c, handlers: () => handlers };
}

describe('SessionCache', () => {
  it('keeps a lookup for the TTL only, and not across a clock going back', () => {
    const { c } = listening(1_000);
    c.put('a', row('a', 1), 10_000, c.generation);
    expect(c.get('a', 10_999)?.user_id).toBe(1);
    expect(c.get('a', 11_000)).toBeUndefined();
    c.put('b', row('b', 1), 10_000, c.generation);
    expect(c.get('b', 9_000)).toBeUndefined();
  });

  it('drops by session, by user, or everything, as the NOTIFY payload says', () => {
    const { c, handlers } = listening();
    const fill = () => {
      for (const [h, u] of [['s1', 1], ['s2', 1], ['s3', 2]] as const) c.put(h, row(h, u), 0, c.generation);
    };
    fill();
    handlers().payload('s:s1');
    expect([c.get('s1', 1), c.get('s2', 1)?.id_hash]).toEqual([undefined, 's2']);
    handlers().payload('u:1');
    expect([c.get('s2', 1), c.get('s3', 1)?.id_hash]).toEqual([undefined, 's3']);
    fill();
    handlers().payload('*');
    expect(c.size).toBe(0);
    fill();
    handlers().payload('something new');
    expect(c.size).toBe(0);
  });

  it('does not store a lookup that an invalidation overtook', () => {
    const { c } = listening();
    const before = c.generation;
    c.invalidate('u:7');
    c.put('a', row('a', 7), 0, before);
    expect(c.get('a', 1)).toBeUndefined();
  });

  it('is off until listening, empties when the connection is lost, and with a TTL of 0 never listens', async () => {
    const { c, handlers } = listening();
    c.put('a', row('a', 1), 0, c.generation);
    handlers().lost();
    expect([c.enabled, c.size]).toEqual([false, 0]);
    c.put('a', row('a', 1), 0, c.generation);
    expect(c.get('a', 1)).toBeUndefined();
    handlers().ready();
    expect(c.enabled).toBe(true);

    const off = new SessionCache(0);
    let asked = false;
    await off.listen(async () => { asked = true; return async () => undefined; });
    expect([asked, off.enabled]).toEqual([false, false]);
  });
});
