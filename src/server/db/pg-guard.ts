/**
 * Deadlines on a pooled pg connection (DatabaseLimits). The server bounds itself too — statement_timeout
 * cancels a slow statement and idle_in_transaction_session_timeout ends a transaction whose client went
 * quiet, releasing its locks — but a stalled network delivers neither the statement nor the
 * cancellation, and pg itself waits for an answer forever. So the client keeps its own deadlines:
 * a statement gets the statement limit plus a second (the server's cancellation normally comes first, and
 * leaves the connection usable); every statement of a transaction must also be answered before
 * BEGIN + the transaction limit. Past a deadline the socket is destroyed (the pool drops a connection
 * that is not queryable on release) and every later call on it — Kysely's ROLLBACK included — fails with
 * the same DatabaseTimeout. With the connection gone the transaction can no longer commit, so the write
 * is not done; the one unknown outcome is a COMMIT that was sent and never answered (outcomeUnknown).
 */
import { DatabaseTimeout, type DatabaseLimits } from './limits.js';
import { currentScope } from './request-scope.js';

/** How much longer than the server's own statement_timeout the client waits for an answer. */
export const GRACE_MS = 1_000;

type Query = (text: unknown, values?: unknown) => Promise<unknown>;

/** The parts of a pg Client the guard uses. */
export interface GuardedClient {
  query: Query;
  /** A cancel of this connection's statement on its way to the server (db/index.ts cancelRunning). */
  cancelling?: Promise<void>;
  connection?: { stream?: { destroy(): void } };
}

/** The server-side settings for these limits, as one simple-protocol round trip. */
function settingsFor(statementMs: number, transactionMs: number): string {
  return `SET statement_timeout = ${statementMs}; SET idle_in_transaction_session_timeout = ${transactionMs}`;
}

/** A statement's text: pg takes a string or a config object (a cursor) carrying it. */
function textOf(query: unknown): string {
  const s = typeof query === 'string' ? query : (query as { text?: unknown } | null)?.text;
  return typeof s === 'string' ? s : '';
}

const STARTS = new Set(['begin', 'start']);
const COMMITS = new Set(['commit', 'end']);

/**
 * Wraps `client.query` with the deadlines of `limits()` (read at each statement: they change once, at buildApp):
 * a reading request's statements get the read limit, and can be cancelled while they run (`cancel`: a
 * CancelRequest for this connection's backend, request-scope.ts) when that request's client goes away.
 */
export function guardClient(client: GuardedClient, limits: () => DatabaseLimits, cancel: () => void = () => undefined): void {
  const send = client.query.bind(client) as Query;
  let txStart: number | null = null;
  let broken: DatabaseTimeout | null = null;
  // A new connection has the server's defaults: no statement or idle-in-transaction timeout.
  let applied = settingsFor(0, 0);

  const fail = (outcomeUnknown: boolean): DatabaseTimeout => {
    broken ??= new DatabaseTimeout(outcomeUnknown);
    client.connection?.stream?.destroy();
    return broken;
  };

  /** One statement, answered by `deadline` (performance.now() ms) or the connection is destroyed. */
  const bounded = async (text: unknown, values: unknown, deadline: number, commit: boolean): Promise<unknown> => {
    const left = deadline - performance.now();
    // Past the deadline before sending: a COMMIT never sent cannot have committed.
    if (left <= 0) throw fail(false);
    const timer = setTimeout(() => fail(commit), left);
    try {
      return await send(text, values);
    } catch (err) {
      throw broken ?? err;
    } finally {
      clearTimeout(timer);
    }
  };

  const guarded = async (text: unknown, values?: unknown) => {
    if (broken) throw broken;
    if (client.cancelling) { await client.cancelling; client.cancelling = undefined; }
    const l = limits();
    const scope = currentScope();
    // Cancelled before it was sent (request-scope.ts cancellable): fails as a cancelled statement would.
    if (scope?.stopped) throw Object.assign(new Error('canceling statement due to user request'), { code: '57014' });
    const statementMs = scope?.read && l.readStatementMs > 0 ? Math.min(l.readStatementMs, l.statementMs || Infinity) : l.statementMs;
    const statement = textOf(text);
    const verb = (/^\s*([a-z]+)/i.exec(statement)?.[1] ?? '').toLowerCase();
    const now = performance.now();
    const statementDeadline = statementMs > 0 ? now + statementMs + GRACE_MS : Infinity;
    if (txStart === null) {
      const settings = settingsFor(statementMs, l.transactionMs);
      // Outside a transaction, so the settings hold for the session (SET inside one would end with it).
      if (settings !== applied) {
        await bounded(settings, undefined, statementDeadline, false);
        applied = settings;
      }
      if (STARTS.has(verb)) txStart = now;
    }
    const txDeadline = txStart !== null && l.transactionMs > 0 ? txStart + l.transactionMs : Infinity;
    const deadline = Math.min(statementDeadline, txDeadline);
    // ROLLBACK TO SAVEPOINT stays in the transaction.
    const ends = COMMITS.has(verb) || (verb === 'rollback' && !/^\s*rollback\s+to\b/i.test(statement));
    scope?.running.add(cancel);
    try {
      return deadline === Infinity ? await send(text, values) : await bounded(text, values, deadline, COMMITS.has(verb));
    } finally {
      scope?.running.delete(cancel);
      if (ends) txStart = null;
    }
  };
  // pg's callback form too: pg-pool's Pool.query calls client.query(text, values, callback), and a callback
  // never called left it waiting forever (the bench's raw pool hung on its first statement).
  client.query = ((text: unknown, values?: unknown, callback?: unknown) => {
    const cb = typeof values === 'function' ? values : callback;
    const answer = guarded(text, typeof values === 'function' ? undefined : values);
    if (typeof cb !== 'function') return answer;
    answer.then((res) => cb(null, res), (err: unknown) => cb(err));
    return undefined;
  }) as Query;
}
