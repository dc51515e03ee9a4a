/**
 * Counting over trigger-kept rollup tables (metric_rollups 0003, service_log_rollups 0024): each span
 * is covered by the fewest aligned day, hour and 15-minute buckets, and only the ragged ends that no
 * bucket fits are counted from the raw table by the source's own edge query.
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DB } from '../schema.js';

const MINUTE = 60_000;
/** Rollup grains in minutes, coarsest first; 0 stands for the raw table. */
const GRAINS = [1440, 60, 15] as const;
export type Grain = 0 | (typeof GRAINS)[number];
export interface CoverRange { grain: Grain; lo: number; hi: number }
/** One ragged end: the index of its span and its bounds (ISO). */
export interface EdgeSpan { g: number; lo: string; hi: string }

/** Splits [lo, hi) into aligned rollup spans, coarsest first, plus unaligned raw ends. */
export function coverRanges(lo: number, hi: number, grains: readonly number[] = GRAINS): CoverRange[] {
  if (lo >= hi) return [];
  const [g, ...finer] = grains;
  if (g === undefined) return [{ grain: 0, lo, hi }];
  const size = g * MINUTE;
  const a = Math.ceil(lo / size) * size, b = Math.floor(hi / size) * size;
  if (a >= b) return coverRanges(lo, hi, finer);
  return [...coverRanges(lo, a, finer), { grain: g as Grain, lo: a, hi: b }, ...coverRanges(b, hi, finer)];
}

/** A rollup table keyed (grain, country, bucket) with one bigint column per counted series. */
export interface RollupSource<K extends string> {
  table: 'metric_rollups' | 'service_log_rollups';
  columns: readonly K[];
  /** Rows `{g, ...columns}` counting each edge straight from the raw table, with the rollups' rule. */
  edge: (spans: EdgeSpan[], country: string | null) => RawBuilder<Record<string, number>>;
}

const iso = (ms: number) => new Date(ms).toISOString();

/** The counts of each span, in order; `country` null = all countries ('*'). */
export async function countRollupSpans<K extends string>(
  db: Kysely<DB>, src: RollupSource<K>, spans: ReadonlyArray<{ start: number; end: number }>, country: string | null,
): Promise<Array<Record<K, number>>> {
  const rolled: object[] = [], raw: EdgeSpan[] = [];
  spans.forEach((s, g) => {
    for (const r of coverRanges(s.start, s.end)) {
      if (r.grain === 0) raw.push({ g, lo: iso(r.lo), hi: iso(r.hi) });
      else rolled.push({ g, grain: r.grain, lo: iso(r.lo), hi: iso(r.hi) });
    }
  });
  const out = spans.map(() => Object.fromEntries(src.columns.map((k) => [k, 0])) as Record<K, number>);
  const add = (rows: Array<Record<string, number>>) => {
    for (const row of rows) for (const k of src.columns) out[row.g!]![k] += Number(row[k]);
  };
  if (rolled.length > 0) {
    const outer = sql.join(src.columns.map((k) => sql`sum(m.${sql.id(k)})::int8 AS ${sql.id(k)}`));
    const inner = sql.join(src.columns.map((k) => sql`sum(${sql.id(k)}) AS ${sql.id(k)}`));
    // LATERAL makes each range one primary-key range scan; a plain join lets the planner hash-join
    // the whole country's rollups instead.
    const { rows } = await sql<Record<string, number>>`
      SELECT r.g, ${outer}
      FROM json_to_recordset(${JSON.stringify(rolled)}::json) AS r(g int, grain smallint, lo timestamptz, hi timestamptz)
      CROSS JOIN LATERAL (
        SELECT ${inner} FROM ${sql.table(src.table)}
        WHERE grain = r.grain AND country = ${country ?? '*'} AND bucket >= r.lo AND bucket < r.hi
      ) AS m
      GROUP BY r.g`.execute(db);
    add(rows);
  }
  if (raw.length > 0) add((await src.edge(raw, country).execute(db)).rows);
  return out;
}

/** The start of the first 15-minute bucket with anything counted (a primary-key lookup), or null. */
export async function firstRollupAt(db: Kysely<DB>, table: RollupSource<string>['table'], country: string | null): Promise<number | null> {
  const { rows } = await sql<{ first: Date | null }>`
    SELECT min(bucket) AS first FROM ${sql.table(table)} WHERE grain = 15 AND country = ${country ?? '*'}`.execute(db);
  return rows[0]?.first ? new Date(rows[0].first).getTime() : null;
}
