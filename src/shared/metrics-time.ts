/**
 * Calendar arithmetic in an IANA time zone with nothing but Intl, so the server, the client and the
 * tests agree without a time-zone library. A "unit" (hour, day, month, year) in a zone is the span
 * between two local boundaries; its UTC start is what the rollup queries slice by.
 */

export type TimeUnit = 'hour' | 'day' | 'month' | 'year';

const QUARTER = 900_000;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** Local wall-clock fields of an instant in a zone (month 1-12). */
export interface ZonedFields { year: number; month: number; day: number; hour: number; minute: number; second: number }

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric',
      hour: 'numeric', minute: 'numeric', second: 'numeric',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** True for a zone name this runtime's Intl knows (the same check on server and client). */
export function isTimeZone(name: string): boolean {
  if (typeof name !== 'string' || name.length === 0 || name.length > 64) return false;
  try {
    formatter(name);
    return true;
  } catch {
    return false;
  }
}

export function zonedFields(timeZone: string, ms: number): ZonedFields {
  const out: Record<string, number> = {};
  for (const p of formatter(timeZone).formatToParts(new Date(ms))) {
    if (p.type !== 'literal') out[p.type] = Number(p.value);
  }
  return { year: out.year!, month: out.month!, day: out.day!, hour: out.hour!, minute: out.minute!, second: out.second! };
}

/** The zone's offset from UTC at an instant, in ms (east positive). */
export function offsetAt(timeZone: string, ms: number): number {
  const f = zonedFields(timeZone, ms);
  const wall = Date.UTC(f.year, f.month - 1, f.day, f.hour, f.minute, f.second);
  return wall - (ms - (((ms % 1000) + 1000) % 1000));
}

function sameWall(f: ZonedFields, y: number, mo: number, d: number, h: number, mi: number): boolean {
  return f.year === y && f.month === mo && f.day === d && f.hour === h && f.minute === mi && f.second === 0;
}

/**
 * The UTC instant of a local wall time. When it occurs twice (clocks going back) the earlier one; when
 * it does not exist (clocks going forward) it is read with the offset before the change, which is the
 * instant of the change itself for a gap starting at that time (PostgreSQL's AT TIME ZONE does the same).
 * Month and day overflow like Date.UTC (month 13 is January of the next year).
 */
export function wallToUtc(timeZone: string, y: number, mo: number, d = 1, h = 0, mi = 0): number {
  const wall = Date.UTC(y, mo - 1, d, h, mi);
  const n = new Date(wall);
  const [Y, M, D, H, MI] = [n.getUTCFullYear(), n.getUTCMonth() + 1, n.getUTCDate(), n.getUTCHours(), n.getUTCMinutes()];
  // Offsets a day either side bracket any single transition near this wall time.
  const before = wall - offsetAt(timeZone, wall - DAY);
  const after = wall - offsetAt(timeZone, wall + DAY);
  if (before === after) return before; // no transition nearby: the common case, two Intl calls
  const valid = [before, after].filter((t) => sameWall(zonedFields(timeZone, t), Y, M, D, H, MI));
  return valid.length > 0 ? Math.min(...valid) : before;
}

const hourKey = (f: ZonedFields) => ((f.year * 16 + f.month) * 32 + f.day) * 24 + f.hour;

/** The start of the unit containing an instant. */
export function unitStart(timeZone: string, unit: TimeUnit, ms: number): number {
  const f = zonedFields(timeZone, ms);
  switch (unit) {
    case 'hour': {
      // Back to local :00, then forward to where this local hour really began (after a jump by a
      // fraction of an hour, local :00 may not exist or belong to the previous hour).
      const label = hourKey(f);
      let g = ms - ((f.minute * 60 + f.second) * 1000 + (((ms % 1000) + 1000) % 1000));
      for (let i = 0; i < 8 && g + QUARTER <= ms && hourKey(zonedFields(timeZone, g)) !== label; i++) g += QUARTER;
      return g;
    }
    case 'day': return wallToUtc(timeZone, f.year, f.month, f.day);
    case 'month': return wallToUtc(timeZone, f.year, f.month, 1);
    case 'year': return wallToUtc(timeZone, f.year, 1, 1);
  }
}

/** The start of the unit after the one starting at `start`. */
export function nextUnitStart(timeZone: string, unit: TimeUnit, start: number): number {
  if (unit === 'hour') {
    // Normally an hour later. Near a transition, walk the 15-minute grid (every offset change lands
    // on it) to where the local hour label changes: a repeated hour stays one slot, like grouping by
    // the local hour does, and a shifted hour starts where it really starts.
    const c = start + HOUR;
    if (offsetAt(timeZone, c) === offsetAt(timeZone, start) && zonedFields(timeZone, c).minute === 0) return c;
    const label = hourKey(zonedFields(timeZone, start));
    let g = start + QUARTER;
    // Bounded: historical offsets off the grid (local mean time) fall back to the plain hour.
    for (let i = 0; hourKey(zonedFields(timeZone, g)) === label; i++, g += QUARTER) if (i > 12) return c;
    return g;
  }
  const f = zonedFields(timeZone, start);
  if (unit === 'day') return wallToUtc(timeZone, f.year, f.month, f.day + 1);
  if (unit === 'month') return wallToUtc(timeZone, f.year, f.month + 1, 1);
  return wallToUtc(timeZone, f.year + 1, 1, 1);
}

/** Moves n units back from a unit start (n ≥ 0), landing on a unit start. */
export function unitsBefore(timeZone: string, unit: TimeUnit, start: number, n: number): number {
  if (unit === 'hour') return unitStart(timeZone, 'hour', start - n * HOUR);
  const f = zonedFields(timeZone, start);
  if (unit === 'day') return wallToUtc(timeZone, f.year, f.month, f.day - n);
  if (unit === 'month') return wallToUtc(timeZone, f.year, f.month - n, 1);
  return wallToUtc(timeZone, f.year - n, 1, 1);
}

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

/**
 * The label of the unit starting at an instant, in local time: 'YYYY-MM-DD HH:00' (hour),
 * 'YYYY-MM-DD' (day), 'YYYY-MM' (month), 'YYYY' (year).
 */
export function unitLabel(timeZone: string, unit: TimeUnit, start: number): string {
  const f = zonedFields(timeZone, start);
  const y = pad(f.year, 4);
  switch (unit) {
    case 'hour': return `${y}-${pad(f.month)}-${pad(f.day)} ${pad(f.hour)}:00`;
    case 'day': return `${y}-${pad(f.month)}-${pad(f.day)}`;
    case 'month': return `${y}-${pad(f.month)}`;
    case 'year': return y;
  }
}

/** One point of a series: its label and the UTC span [start, end) it counts. */
export interface SeriesSlot { date: string; start: number; end: number }

/**
 * The slots of [from, to) cut at the zone's unit boundaries; the first and last may be partial.
 * Throws past `max` slots so a caller cannot ask for an unbounded series.
 */
export function seriesSlots(timeZone: string, unit: TimeUnit, from: number, to: number, max = 4000): SeriesSlot[] {
  const slots: SeriesSlot[] = [];
  for (let s = unitStart(timeZone, unit, from), e = 0; s < to; s = e) {
    if (slots.length >= max) throw new RangeError('series too long');
    e = nextUnitStart(timeZone, unit, s);
    slots.push({ date: unitLabel(timeZone, unit, s), start: Math.max(s, from), end: Math.min(e, to) });
  }
  return slots;
}
