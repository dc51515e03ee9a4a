/**
 * The bounds on the database while the server serves requests (config.ts reads them from DB_*), and
 * the failures they raise. Migrations, the demo seed and the command-line tools run before any bound is
 * set (Database.setLimits, called by buildApp), so their long statements are never cut.
 */

export interface DatabaseLimits {
  /**
   * PostgreSQL: a statement's limit. The server cancels it (statement_timeout); when no answer comes at
   * all (a stalled network) the client gives up a second later and destroys the connection. 0: none.
   */
  statementMs: number;
  /**
   * PostgreSQL: the limit of a statement of a request that only reads (GET): a list or a page staff wait on
   * should take milliseconds, and one that runs for seconds holds a connection others need. ≤ statementMs.
   */
  readStatementMs: number;
  /**
   * Both databases: how many reading requests of one route may be under way at once; the next ones wait
   * their turn (within queueWaitMs, else server.busy). A list holds up to two connections (its page and its
   * count), so one route's requests, however many arrive, leave the rest of the pool to the other routes.
   */
  routeShare: number;
  /**
   * PostgreSQL: how long a list's capped count (db/queries/count.ts) may take before it is cancelled and the
   * list's Total is estimated instead (`Total-Estimated`). The page is cheap (the first entries of an index
   * walk) where counting 10,000 matches of a filter its index does not hold visits every row. 0: count always.
   */
  countBudgetMs: number;
  /** PostgreSQL: from BEGIN to the answer of its COMMIT (and idle_in_transaction_session_timeout). 0: none. */
  transactionMs: number;
  /** PGlite: callers that may wait for its one connection; one more is refused at once (server.busy). */
  queue: number;
  /** PGlite: how long a caller may wait for the connection before being refused (server.busy). 0: no bound. */
  queueWaitMs: number;
  /** PGlite: free bytes the data directory's volume must keep; below it writes are refused (server.storage_full). */
  diskReserveBytes: number;
}

/** No bound at all: the state before buildApp, and of the command-line tools. */
export const NO_LIMITS: DatabaseLimits = { statementMs: 0, readStatementMs: 0, routeShare: Infinity, countBudgetMs: 0, transactionMs: 0, queue: Infinity, queueWaitMs: 0, diskReserveBytes: 0 };

/**
 * A statement or transaction passed its deadline on the client: the connection was destroyed, so the
 * transaction cannot commit any more — unless it was its COMMIT that went unanswered (`outcomeUnknown`):
 * the server may have committed it before the network failed.
 */
export class DatabaseTimeout extends Error {
  constructor(readonly outcomeUnknown: boolean) {
    super(outcomeUnknown ? 'the database did not answer a COMMIT in time' : 'the database did not answer in time');
  }
}

/** PGlite's one connection has too many callers waiting, or this one waited too long: nothing was run. */
export class DatabaseBusy extends Error {
  constructor() { super('the embedded database is busy'); }
}

/** The data directory's volume is (nearly) full: the write was not run. */
export class StorageFull extends Error {
  readonly code = '53100';
  constructor(free: number) { super(`only ${free} bytes free on the data directory's volume`); }
}

/** How a statement failed when the fault is the database's rather than the statement's. */
export type DatabaseFailure = 'unavailable' | 'timeout' | 'outcome_unknown' | 'busy' | 'full';

/** Codes of PostgreSQL meaning "not reachable now" rather than "wrong statement". */
const UNAVAILABLE_SQLSTATE = /^(08...|57P0[123]|53300)$/;
/** Socket errors, and pg's own words for a connection it lost or could not open in time. */
const UNAVAILABLE_SOCKET = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
const UNAVAILABLE_MESSAGE = /^(Connection terminated|Client has encountered a connection error|Client was closed|timeout exceeded when trying to connect|Cannot use a pool after calling end)/;
/** 57014: cancelled (statement_timeout); 25P03: idle_in_transaction_session_timeout. */
const TIMEOUT_SQLSTATE = new Set(['57014', '25P03']);
/** disk_full: PostgreSQL's, and PGlite's (its file layer's ENOSPC reaches PostgreSQL as the same code). */
const FULL_SQLSTATE = '53100';

/** The kind of database failure `err` is, or null for any other error (a bad statement, a bug). */
export function databaseFailure(err: unknown): DatabaseFailure | null {
  if (err instanceof DatabaseTimeout) return err.outcomeUnknown ? 'outcome_unknown' : 'timeout';
  if (err instanceof DatabaseBusy) return 'busy';
  if (!err || typeof err !== 'object') return null;
  const { code, message } = err as { code?: unknown; message?: unknown };
  if (code === FULL_SQLSTATE) return 'full';
  if (typeof code === 'string' && TIMEOUT_SQLSTATE.has(code)) return 'timeout';
  if (typeof code === 'string' && (UNAVAILABLE_SQLSTATE.test(code) || UNAVAILABLE_SOCKET.has(code))) return 'unavailable';
  return typeof message === 'string' && UNAVAILABLE_MESSAGE.test(message) ? 'unavailable' : null;
}
