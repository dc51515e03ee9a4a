/**
 * For `npm run bench`: the exact statements one request sent (openDatabase's onQuery), and a replay of
 * them straight through the pg driver with the same concurrency, so "API − SQL" is what the server adds
 * over its own statements, not over query-builder calls that hide their own cost.
 *
 * The concurrency structure is read off the recording: a statement waits for every statement whose
 * answer had come before it was sent, and for no other, so statements that overlapped (the users
 * list's count and page) overlap again, and one that needed another's answer (a uid resolved before the
 * log is read) still follows it.
 */
import { pgPool, type SentQuery } from './index.js';

export type Statement = Pick<SentQuery, 'text' | 'values'> & { after: number[] };

/** The recorded statements in sending order, each with the indexes of the ones it followed. */
export function replayPlan(sent: readonly SentQuery[]): Statement[] {
  const byStart = [...sent].sort((a, b) => a.start - b.start);
  return byStart.map((q) => ({
    text: q.text, values: q.values,
    after: byStart.flatMap((o, j) => (o !== q && o.end <= q.start ? [j] : [])),
  }));
}

/** Records the statements `run` makes the database send (the sink is filled by openDatabase's onQuery). */
export class StatementRecorder {
  private sink: SentQuery[] | null = null;
  readonly onQuery = (q: SentQuery) => { this.sink?.push(q); };

  async record(run: () => Promise<unknown>): Promise<Statement[]> {
    this.sink = [];
    try {
      await run();
      return replayPlan(this.sink);
    } finally {
      this.sink = null;
    }
  }
}

export type RawPool = Awaited<ReturnType<typeof pgPool>>;

export const openRawPool = (url: string, size: number): Promise<RawPool> => pgPool(url, size);

/** Sends the plan's statements through the pool, each once its predecessors have answered. */
export async function replay(pool: RawPool, plan: readonly Statement[]): Promise<void> {
  const done: Promise<unknown>[] = [];
  plan.forEach((s, i) => {
    done[i] = Promise.all(s.after.map((j) => done[j])).then(() => pool.query(s.text, s.values as unknown[]));
  });
  await Promise.all(done);
}

/**
 * Opens `n` connections now, so a first timed call does not pay for connecting. Every connection is
 * given back, a broken one (a database restart ended it) with its error so the pool discards it: kept,
 * the broken ones filled the pool and the next attempt waited for a free connection forever.
 */
export async function connectAll(pool: RawPool, n: number): Promise<void> {
  const checkouts = await Promise.allSettled(Array.from({ length: n }, () => pool.connect()));
  const clients = checkouts.flatMap((c) => (c.status === 'fulfilled' ? [c.value] : []));
  const checks = await Promise.allSettled(clients.map((c) => c.query('SELECT 1')));
  clients.forEach((c, i) => { const r = checks[i]!; c.release(r.status === 'rejected' ? (r.reason as Error) : undefined); });
  const failed = [...checkouts, ...checks].find((r) => r.status === 'rejected');
  if (failed) throw (failed as PromiseRejectedResult).reason;
}

/** EXPLAIN (ANALYZE, BUFFERS) of each statement of a plan, for checking plans on the big database. */
export async function explainPlan(pool: RawPool, plan: readonly Statement[]): Promise<string[]> {
  const out: string[] = [];
  for (const s of plan) {
    if (!/^\s*select/i.test(s.text)) { out.push(`(not explained) ${s.text.slice(0, 120)}`); continue; }
    const res = await pool.query(`EXPLAIN (ANALYZE, BUFFERS) ${s.text}`, s.values as unknown[]);
    out.push([s.text.replace(/\s+/g, ' ').slice(0, 300), `params: ${JSON.stringify(s.values).slice(0, 200)}`,
      ...res.rows.map((r: Record<string, string>) => Object.values(r)[0])].join('\n'));
  }
  return out;
}
