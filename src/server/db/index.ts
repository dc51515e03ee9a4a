/**
 * The only place that opens a database. Same Kysely API over PGlite (embedded, default) and a
 * PostgreSQL server (DATABASE_URL). Both return the same JS values: bigint → number, numeric → string
 * (money never becomes a float), date → 'YYYY-MM-DD', timestamptz → Date.
 */
import { Kysely, PostgresDialect, sql } from 'kysely';
import type { DB } from './schema.js';
import { pgliteDialect } from './pglite-dialect.js';
import { KEEP_ALIVE, pgListen, pgliteListen, type Listen } from './listen.js';
import { databaseFailure, NO_LIMITS, type DatabaseLimits } from './limits.js';
import { retryingDeadCheckouts } from './dead-checkout.js';
import { guardClient, type GuardedClient } from './pg-guard.js';
import { asRequest } from './one-connection.js';
import { earlyPgliteWasm } from './pglite-wasm.js';
import { inScope, type RequestScope } from './request-scope.js';

export type { DB } from './schema.js';
export { sql };
export { databaseFailure, type DatabaseFailure, type DatabaseLimits } from './limits.js';

export interface Database {
  kysely: Kysely<DB>;
  kind: 'pglite' | 'postgres';
  /** Tarball of the whole data dir (PGlite only): tests clone migrated databases from it. */
  dump?: () => Promise<Blob>;
  /** LISTEN on a NOTIFY channel (listen.ts). */
  listen: Listen;
  /**
   * Bounds every statement from now on (limits.ts): buildApp sets the configured ones, after main.ts has
   * migrated and seeded without any.
   */
  setLimits(limits: DatabaseLimits): void;
  /**
   * Runs `fn` — the rest of a request — in the request's scope (request-scope.ts): on PostgreSQL its
   * statements get the read limit if it only reads and are cancelled when its client goes away; on PGlite
   * they wait for the one connection ahead of those of requests that came after it (one-connection.ts).
   */
  asRequest<T>(fn: () => T, scope: RequestScope): T;
  close(): Promise<void>;
}

const INT8 = 20, NUMERIC = 1700, DATE = 1082;
const asInt = (v: string) => Number(v);
const asText = (v: string) => v;

export interface OpenOptions {
  url?: string;
  dataDir?: string;
  /** PGlite: start from a dump made by Database.dump(). */
  loadDataDir?: Blob;
  /** PGlite in memory (tests). */
  memory?: boolean;
  poolSize?: number;
  /**
   * PostgreSQL only: told of every statement sent, with when it was sent and when its answer came
   * (performance.now() ms). The benchmark replays a request's exact statements through the driver.
   */
  onQuery?: (q: SentQuery) => void;
}

/** One statement as the driver sent it. */
export interface SentQuery { text: string; values: unknown[]; start: number; end: number }

type QueryFn = (text: unknown, values?: unknown) => Promise<unknown>;

/** Wraps a pg client's query(text, values) so each call is reported with its timing. */
function recordQueries(client: { query: QueryFn }, onQuery: (q: SentQuery) => void): void {
  const send = client.query.bind(client);
  client.query = (async (text: unknown, values?: unknown) => {
    const start = performance.now();
    const out = await send(text, values);
    if (typeof text === 'string') onQuery({ text, values: Array.isArray(values) ? values : [], start, end: performance.now() });
    return out;
  }) as QueryFn;
}

/**
 * Tables nearly every console request reads. A new server connection knows no table: its first
 * statement on one loads the relation, every index and the statistics from the catalogs (7–12 ms for
 * activities on a fresh backend, 2 ms once loaded). Planning a read of each table loads them all in one
 * round trip (~20 ms) when the connection opens, so a pool that has just reconnected (after a database
 * restart) is not slow for its first requests. A table that does not exist (yet) is skipped.
 */
const WARM_TABLES = [
  'users', 'sessions', 'permissions', 'activities', 'labels', 'profiles', 'phones', 'comments', 'accounts',
  'currencies', 'levels', 'user_state_logs', 'metric_rollups', 'markets', 'orders', 'trades', 'operations', 'withdraws', 'deposits',
  'adjustments',
];
const WARM = `DO $$ DECLARE t text; BEGIN
  FOREACH t IN ARRAY ARRAY['${WARM_TABLES.join("','")}'] LOOP
    IF to_regclass(t) IS NOT NULL THEN EXECUTE 'EXPLAIN SELECT 1 FROM ' || quote_ident(t); END IF;
  END LOOP;
END $$`;
// No JIT: every statement here is a capped read, and JIT compiles its expressions whenever a plan's
// cost passes jit_above_cost — which the capped count's EXPLAIN of a 10M-row filter always does (the
// plan is compiled even when only explained). That cost 1–5 ms warm and, with LLVM's library to load
// from disk, 200–500 ms on a cold server.
const NO_JIT = 'SET jit = off';

/** A checkout waits this long for a new connection (or a free pooled one), then fails: answered 503. */
export const CONNECT_TIMEOUT_MS = 10_000;

/**
 * A pg pool that reads values as both drivers do here. Also used bare by the benchmark to send recorded
 * statements straight through the driver (raw-replay.ts).
 */
export async function pgPool(url: string, max: number, limits: () => DatabaseLimits = () => NO_LIMITS) {
  const pg = (await import('pg')).default;
  const pool = new pg.Pool({
    connectionString: url,
    max,
    // A staff console is idle a lot, and pg closes a connection after 10 s idle by default: each
    // reopening paid connection setup plus the catalog loading above (20–30 ms measured). Connections
    // stay open (at most `max`); TCP keep-alive finds a peer that vanished without a word.
    idleTimeoutMillis: 0,
    ...KEEP_ALIVE,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    onConnect: (client: PooledClient) => onConnect(client, limits, () => cancelRunning(pg, client)),
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') => {
        if (oid === INT8) return asInt;
        if (oid === NUMERIC || oid === DATE) return asText;
        return pg.types.getTypeParser(oid, format as 'text');
      }) as never,
    },
  });
  // An idle connection that dies (a server restart) is dropped by the pool; the next checkout opens a new one.
  pool.on('error', () => undefined);
  keepWarm(pool, Math.min(max, WARM_MINIMUM));
  return pool;
}

/**
 * Connections the pool opens ahead of demand, as poolers' "minimum idle" does. A request that needs a
 * new connection pays for opening it and for its warm-up (onConnect), which on a cold disk is most of
 * a first request's time: the dashboard sends its statements in parallel, and after a database restart
 * its first request waited 200+ ms on three new connections while the statements took 30–50 ms. So
 * whenever a connection opens (the first request after a start or a restart) the pool is filled to this
 * many in the background, off every request's path.
 */
const WARM_MINIMUM = 4;

type WarmablePool = {
  totalCount: number;
  connect(): Promise<{ release(): void }>;
  on(e: 'connect', f: () => void): unknown;
};

function keepWarm(pool: WarmablePool, minimum: number): void {
  let filling = false;
  const fill = async () => {
    const missing = minimum - pool.totalCount;
    if (filling || missing <= 0) return;
    filling = true;
    try {
      // Held together, so each checkout opens a connection rather than taking the one just released.
      const settled = await Promise.allSettled(Array.from({ length: missing }, () => pool.connect()));
      for (const s of settled) if (s.status === 'fulfilled') s.value.release();
    } finally {
      filling = false;
    }
  };
  pool.on('connect', () => { setImmediate(() => { fill().catch(() => undefined); }); });
}

type PooledClient = GuardedClient & { on(e: 'error', f: () => void): unknown };

/**
 * Asks the server to cancel what `client`'s backend is running (PostgreSQL's CancelRequest, on a connection of
 * its own: the pool may have none to spare), if it is running anything. The statement fails with 57014
 * (answered 503 server.database_timeout). As PostgreSQL documents, a cancel that arrives just after its
 * statement ended can hit the next statement on that backend; that one fails the same retryable way.
 */
function cancelRunning(pg: typeof import('pg').default, client: PooledClient): void {
  // pg 8.23 deprecates reading `activeQuery` (a warning on the server's output at the first cancel), and its
  // Client#cancel reads it: the running statement is asked by `_getActiveQuery`, and the cancel sent as
  // Client#cancel sends it (a connection of its own, then the backend's process id and secret key).
  const target = client as unknown as { _getActiveQuery(): unknown; host: string; port: number; processID: number; secretKey: number };
  if (!target._getActiveQuery()) return;
  const canceller = new pg.Client({ host: target.host, port: target.port }) as unknown as {
    connection: {
      on(e: 'error' | 'end' | 'connect', f: () => void): void;
      connect(portOrPath: number | string, host?: string): void;
      cancel(processID: number, secretKey: number): void;
    };
  };
  // The connection's next statement waits until the server has taken the cancel (it closes the cancel's
  // connection once it has signalled the backend): a cancel still on its way when the statement ended would
  // otherwise hit the next one on this connection — the request's own audit row, right after (the export
  // test lost it once in CI). A cancel that reaches an idle backend is ignored by PostgreSQL.
  client.cancelling = new Promise<void>((resolve) => {
    canceller.connection.on('end', resolve);
    canceller.connection.on('error', resolve);
    setTimeout(resolve, 1_000).unref();
  });
  const con = canceller.connection;
  con.on('connect', () => con.cancel(target.processID, target.secretKey));
  if (target.host?.startsWith('/')) con.connect(`${target.host}/.s.PGSQL.${target.port}`);
  else con.connect(target.port, target.host);
}

/** Run on each new connection before the pool hands it out. */
async function onConnect(client: PooledClient, limits: () => DatabaseLimits, cancel: () => void) {
  // First, so the warm-up below is bounded too: on a stalled network it would hold the checkout forever
  // (the pool's connection timeout ends once the connection is open).
  guardClient(client, limits, cancel);
  // A checked-out connection whose server goes away between two statements (a restart or
  // pg_terminate_backend: 57P01, e.g. inside a transaction) has no query to fail, so pg emits 'error' on
  // the client — and an 'error' event nobody listens to ends the process. The next statement on it fails
  // instead (answered 503, isDatabaseUnavailable), and the pool discards the connection on release.
  client.on('error', () => undefined);
  // A failure here (a server without the setting, a dying connection) only leaves the connection cold;
  // its next statement reports a real problem.
  for (const text of [NO_JIT, WARM]) await client.query(text).catch(() => undefined);
}

/**
 * Whether a failed statement failed because the database cannot be reached right now (restarting,
 * our backend terminated, connection refused or timed out) rather than because of the statement: such
 * a request is answered 503 server.database_unavailable, and the pool reconnects by itself.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  return databaseFailure(err) === 'unavailable';
}

/**
 * The embedded engine's buffer pool. PGlite keeps PostgreSQL's 128 MB, and every open paid for setting it
 * up: ~0.55 s of CPU of the ~1 s an open costs, at every start and every test's database. Pages beyond it
 * are read from the data directory through the OS's page cache, so the demo's lists (142 MB of data) were
 * no slower at 32 MB (src/server/db/README.md, "Warm start").
 */
const EMBEDDED_SHARED_BUFFERS = '32MB';

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  let limits = NO_LIMITS;
  const current = () => limits;
  const setLimits = (l: DatabaseLimits) => { limits = l; };
  if (opts.url) {
    const pg = (await import('pg')).default;
    const poolSize = opts.poolSize ?? 10;
    const pool = await pgPool(opts.url, poolSize, current);
    const { onQuery } = opts;
    if (onQuery) pool.on('connect', (client) => recordQueries(client as unknown as { query: QueryFn }, onQuery));
    const kysely = new Kysely<DB>({ dialect: new PostgresDialect({ pool: retryingDeadCheckouts(pool, poolSize) }) });
    return { kysely, kind: 'postgres', listen: pgListen(pg, opts.url), setLimits, asRequest: (fn, scope) => inScope(scope, fn), close: () => kysely.destroy() };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const early = earlyPgliteWasm();
  const parsers = { [INT8]: asInt, [NUMERIC]: asText, [DATE]: asText };
  const pg = await PGlite.create(opts.memory ? undefined : opts.dataDir, {
    parsers,
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${EMBEDDED_SHARED_BUFFERS}`],
    ...(opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {}),
    ...(early ? { pgliteWasmModule: await early } : {}),
  });
  const kysely = new Kysely<DB>({ dialect: pgliteDialect(pg, current, opts.memory ? undefined : opts.dataDir) });
  return {
    kysely,
    kind: 'pglite',
    dump: async () => pg.dumpDataDir('none'),
    listen: pgliteListen(pg, kysely),
    setLimits,
    asRequest: (fn, scope) => inScope(scope, () => asRequest(fn)),
    close: async () => { await kysely.destroy(); await pg.close(); },
  };
}
