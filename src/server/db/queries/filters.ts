/**
 * A list's filter as data: its table and its conditions, in order. The capped count (count.ts) keeps
 * its compiled statement by the filter's shape — which columns, operators and casts, how many values —
 * and sends it with this request's values before any Kysely builder is made: building and compiling
 * the filtered query came to ~0.1 ms of every list request, all of it before the first statement could
 * go. The builder itself (`query()`) is made once, for the page's statement, while the count is at the
 * database (list-page.ts).
 */
import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyQuery = SelectQueryBuilder<any, any, any>;
export type FilterOp = '=' | '<>' | '>=' | '<=' | 'in';
/** `numeric`: the value is sent as text and compared as a number (a price typed in a filter). */
type Cast = 'numeric';
interface Condition { col: string; op: FilterOp; value: unknown; cast?: Cast }

export class Filters {
  private readonly conditions: Condition[] = [];
  private built: AnyQuery | undefined;

  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  constructor(private readonly db: Kysely<any>, readonly table: string) {}

  /** Adds `col op value`; an undefined value is no condition (the filter was not asked for), nor one already there. */
  where(col: string, op: FilterOp, value: unknown, cast?: Cast): this {
    if (value === undefined) return this;
    if (this.built) throw new Error('Filters: a condition added after the query was built');
    // Twice the same condition would be priced twice: the planner multiplies the selectivities.
    if (op !== 'in' && this.conditions.some((c) => c.col === col && c.op === op && c.cast === cast && c.value === value)) return this;
    this.conditions.push({ col, op, value, cast });
    return this;
  }

  /** What the compiled statement depends on besides the values. */
  get shape(): string {
    let out = this.table;
    for (const c of this.conditions) out += `|${c.col} ${c.op}${c.cast ? `::${c.cast}` : ''}${c.op === 'in' ? (c.value as unknown[]).length : ''}`;
    return out;
  }

  /** The values, in the order the compiled statement takes them. */
  get values(): unknown[] {
    return this.conditions.flatMap((c) => (c.op === 'in' ? (c.value as unknown[]) : [c.value]));
  }

  /**
   * Whether no row can match: a column equal to two different values, equal to one outside a list it must be
   * in (an account code's kind, among the ledger kinds a role may read), or equal to and unequal to one (a
   * trade's maker asked for by e-mail while the same member's either-side walk pages its taker side with
   * `maker_id <> member`). PostgreSQL does not see it and walks the index of one condition to its end.
   */
  get contradictory(): boolean {
    const eq = new Map<string, string>();
    for (const c of this.conditions) if (c.op === '=' && !c.cast) {
      const had = eq.get(c.col);
      if (had !== undefined && had !== String(c.value)) return true;
      eq.set(c.col, String(c.value));
    }
    return this.conditions.some((c) => (c.op === '<>' && eq.get(c.col) === String(c.value))
      || (c.op === 'in' && !c.cast && eq.has(c.col) && !(c.value as unknown[]).some((x) => String(x) === eq.get(c.col))));
  }

  /** The filtered query (made once). */
  query(): AnyQuery {
    if (this.built) return this.built;
    let q: AnyQuery = this.db.selectFrom(this.table);
    for (const c of this.conditions) {
      q = q.where(c.col, c.op, c.cast ? sql`${c.value}::${sql.raw(c.cast)}` : c.value);
    }
    return (this.built = q);
  }
}
