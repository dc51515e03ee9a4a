/**
 * A real server process for the crash and load files: its database (a directory for PGlite, a fresh
 * database on TEST_DATABASE_URL's server for PostgreSQL), a staff session over HTTP, and a stream of
 * audited writes whose acknowledged effects can be checked in the database afterwards.
 */
import { startServer, type RunningServer } from '../../helpers/server-process.js';
import { type Store } from '../../helpers/store.js';
import type { Database } from '../../../src/server/db/index.js';

export { newStore, type Store } from '../../helpers/store.js';

export const UA = 'steward-reliability/1.0';
const PASSWORD = 'Reliability-demo-1';

/** Demo data small enough to seed in seconds, plus the demo staff accounts with a known password. */
export const SERVER_ENV = {
  STEWARD_STATIC_DIR: '', STEWARD_DEMO_USERS: '60', STEWARD_DEMO_ACTIVITIES: '5', STEWARD_DEMO_PASSWORD: PASSWORD, LOG_LEVEL: 'error',
};

/** Starts a server on the store (the first start finds the demo seeded: a copy of a seeded template). */
export async function start(store: Store, env: Record<string, string> = {}, port?: number): Promise<RunningServer> {
  await store.create?.({ ...SERVER_ENV, ...env });
  return startServer({ ...SERVER_ENV, ...store.env, ...env }, 150_000, { ...(store.dataDir ? { dataDir: store.dataDir } : {}), ...(port ? { port } : {}) });
}

export interface Session { headers: Record<string, string> }

/** A demo staff account signed in over HTTP. */
export async function signIn(base: string, role = 'superadmin'): Promise<Session> {
  const res = await fetch(`${base}/api/v2/barong/identity/sessions/new`, {
    method: 'POST', headers: { 'content-type': 'application/json', 'user-agent': UA },
    body: JSON.stringify({ identity: `${role}@steward.demo`, password: PASSWORD }),
  });
  if (res.status !== 200) throw new Error(`sign-in: ${res.status} ${await res.text()}`);
  const cookie = res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  const { csrf_token: csrf } = await res.json() as { csrf_token: string };
  return { headers: { cookie, 'x-csrf-token': csrf, 'user-agent': UA } };
}

export async function call(base: string, s: Session | null, method: string, path: string, body?: unknown) {
  const res = await fetch(base + path, {
    method, headers: { ...(s?.headers ?? { 'user-agent': UA }), ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const text = await res.text();
  return { status: res.status, text, json: () => JSON.parse(text) };
}

/** The first code of an error body, or null when it is not one. */
export function errorCode(text: string): string | null {
  try { return (JSON.parse(text) as { errors?: string[] }).errors?.[0] ?? null; } catch { return null; }
}

/** A customer's uid, for writes that need a target. */
export async function someUid(base: string, s: Session): Promise<string> {
  const res = await call(base, s, 'GET', '/api/v2/barong/admin/users?limit=1');
  return res.json()[0].uid;
}

/**
 * One request's answer: which loop sent it, when (performance.now()), its status (0: no answer), first
 * error code, and how long it took.
 */
export interface Answered { title: string; loop: number; at: number; status: number; code: string | null; ms: number }

export interface Stream {
  /** Titles of comments whose POST answered 2xx. */
  acked: Set<string>;
  /** Every write's answer, in the order they came. */
  answers: Answered[];
  /** Every answer that was not a 2xx, by status (0: no answer, the connection failed). */
  refused: Map<number, number>;
  /** Resolves once `n` more writes were acknowledged. */
  acks(n: number): Promise<void>;
  stop(): Promise<void>;
}

/**
 * `writers` loops posting comments with unique titles on `uid` (each POST writes the comment and its
 * admin activity in one transaction). A loop stops on a failed connection (the server is gone) and
 * keeps going on an HTTP refusal.
 */
export function writeStream(base: string, s: Session, uid: string, tag: string, writers = 8): Stream {
  const acked = new Set<string>();
  const answers: Answered[] = [];
  const refused = new Map<number, number>();
  let running = true, n = 0;
  const waiters: { at: number; resolve: () => void }[] = [];
  const loop = async (_: unknown, i: number) => {
    while (running) {
      const title = `${tag}-${n++}`;
      let status = 0, code: string | null = null;
      const start = performance.now();
      try {
        const res = await call(base, s, 'POST', '/api/v2/barong/admin/users/comments', { uid, title, data: 'reliability' });
        status = res.status;
        if (status >= 300) code = errorCode(res.text);
      } catch { /* the server went away */ }
      answers.push({ title, loop: i, at: start, status, code, ms: performance.now() - start });
      if (status >= 200 && status < 300) {
        acked.add(title);
        for (const w of waiters.filter((x) => acked.size >= x.at)) { waiters.splice(waiters.indexOf(w), 1); w.resolve(); }
      } else {
        refused.set(status, (refused.get(status) ?? 0) + 1);
        if (status === 0) return;
      }
    }
  };
  const loops = Array.from({ length: writers }, loop);
  return {
    acked, answers, refused,
    acks: (k) => new Promise((resolve) => { waiters.push({ at: acked.size + k, resolve }); }),
    stop: async () => { running = false; await Promise.all(loops); },
  };
}

/** Comments titled `<tag>-…` in the database, and the titles of their 'succeed' admin activities. */
export async function recorded(db: Database, tag: string): Promise<{ comments: string[]; audited: string[] }> {
  const comments = await db.kysely.selectFrom('comments').select('title').where('title', 'like', `${tag}-%`).execute();
  const acts = await db.kysely.selectFrom('activities').select('data').where('topic', '=', 'comments')
    .where('result', '=', 'succeed').where('category', '=', 'admin').execute();
  const audited = acts.map((a) => (a.data as { title?: string } | null)?.title).filter((t): t is string => !!t?.startsWith(`${tag}-`));
  return { comments: comments.map((c) => c.title), audited };
}
