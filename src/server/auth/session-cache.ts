/**
 * Per-node cache of session lookups, for reads only.
 *
 * The session gate costs every request one indexed query (~0.3 ms plus a round trip). A console page
 * fires bursts of reads under one session, so a GET or HEAD may reuse a lookup this node made within
 * SESSION_CACHE_MS (default 5 s; 0 turns the cache off). What keeps that safe:
 * - writes never use it: every POST, PUT and DELETE checks the database;
 * - invalidation is pushed, not waited out: triggers (migration 0006) NOTIFY steward_auth when a session
 *   is deleted (logout, expiry, sign-in elsewhere) or a user's role, state, level, otp, uid, email or
 *   username changes, from any node or hand-run SQL; every node drops the entries at once;
 * - the cache works only while the node is listening: a dropped LISTEN connection empties and disables it
 *   until it is back, so a missed notification cannot leave a stale entry;
 * - a lookup that raced an invalidation is not stored (the generation check);
 * - idle expiry stays exact: the gate touches the session through the database as before, and an entry
 *   that would not pass the gate as it stands is never served (the gate goes to the database, which
 *   decides and deletes).
 * The cost: on another node, a read can pass for the time a NOTIFY takes to arrive (well under a
 * millisecond on one host) after a logout or ban commits.
 */
import type { SessionWithUser } from '../db/queries/sessions.js';
import type { Listen } from '../db/listen.js';

export const AUTH_CHANNEL = 'steward_auth';
const MAX_ENTRIES = 10_000;

interface Entry { s: SessionWithUser; at: number }

export class SessionCache {
  private readonly rows = new Map<string, Entry>();
  private listening = false;
  /** Bumped by every invalidation; a lookup that started before one is not stored. */
  private gen = 0;

  constructor(private readonly ttlMs: number) {}

  get enabled(): boolean { return this.ttlMs > 0 && this.listening; }
  get generation(): number { return this.gen; }
  get size(): number { return this.rows.size; }

  /** The session as looked up within the TTL, if the cache holds it. */
  get(idHash: string, now: number): SessionWithUser | undefined {
    if (!this.enabled) return undefined;
    const e = this.rows.get(idHash);
    if (!e) return undefined;
    if (now - e.at >= this.ttlMs || now < e.at) {
      this.rows.delete(idHash);
      return undefined;
    }
    return e.s;
  }

  /** Stores a lookup made at `at`, unless an invalidation came in since `generation` was read. */
  put(idHash: string, s: SessionWithUser, at: number, generation: number): void {
    if (!this.enabled || generation !== this.gen) return;
    this.rows.delete(idHash);
    if (this.rows.size >= MAX_ENTRIES) this.rows.delete(this.rows.keys().next().value!);
    this.rows.set(idHash, { s, at });
  }

  drop(idHash: string): void {
    this.gen++;
    this.rows.delete(idHash);
  }

  /** A steward_auth payload: 's:<id_hash>', 'u:<user id>' or '*'. Anything unknown clears all. */
  invalidate(payload: string): void {
    this.gen++;
    if (payload.startsWith('s:')) { this.rows.delete(payload.slice(2)); return; }
    const user = /^u:(\d+)$/.exec(payload);
    if (!user) { this.rows.clear(); return; }
    const id = Number(user[1]);
    for (const [k, e] of this.rows) if (e.s.user_id === id) this.rows.delete(k);
  }

  setListening(on: boolean): void {
    this.listening = on;
    this.gen++;
    this.rows.clear();
  }

  /** Subscribes to the invalidations; resolves to an unsubscribe. A cache that cannot listen stays off. */
  async listen(listen: Listen): Promise<() => Promise<void>> {
    if (this.ttlMs <= 0) return async () => undefined;
    const stop = await listen(AUTH_CHANNEL, {
      payload: (p) => this.invalidate(p),
      lost: () => this.setListening(false),
      ready: () => this.setListening(true),
    });
    return async () => { this.setListening(false); await stop(); };
  }
}
