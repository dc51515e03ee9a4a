/**
 * SQL fragments for the deterministic generator. Every pseudo-random value is a slice of an md5 of a
 * row number or uid plus a salt, so the same input gives the same rows on PGlite and PostgreSQL
 * (md5 is defined byte for byte; hashtext is not promised to be stable across versions).
 *
 * The fragments are spliced into SQL text, never bound: they only ever carry numbers we computed
 * and constant strings from reference.ts, and `lit` doubles quotes for the latter.
 */

/** A quoted SQL string literal. */
export const lit = (s: string): string => `'${s.replace(/'/g, "''")}'`;

/** A text[] literal. */
export const textArray = (xs: readonly string[]): string => `ARRAY[${xs.map(lit).join(',')}]::text[]`;

/** An int[] literal. */
export const intArray = (xs: readonly number[]): string => `ARRAY[${xs.map((x) => Math.trunc(x)).join(',')}]::int[]`;

/**
 * The 16 bytes of md5('salt:' || key). Values are read from it with get_byte, which is far cheaper
 * per row than parsing hex slices through bit strings.
 */
export const md5 = (salt: string, key: string): string => `decode(md5(${lit(salt + ':')} || ${key}), 'hex')`;

/** A fresh 16 bytes derived from the bytes `m`, when one md5 has too few slices. */
export const rehash = (m: string): string => `decode(md5(${m}), 'hex')`;

/** The bytes `m` as 32 hex digits (ids, message ids). */
export const hex = (m: string): string => `encode(${m}, 'hex')`;

/** A 16-bit integer, slice k (0..7) of the bytes `m`. */
export const h16 = (m: string, k: number): string => `(get_byte(${m}, ${2 * k}) << 8 | get_byte(${m}, ${2 * k + 1}))`;

/** A 32-bit non-negative integer, slice k (0..3) of `m` (overlaps the h16 slices 2k and 2k+1). */
export const h32 = (m: string, k: number): string => `((${h16(m, 2 * k)})::bigint << 16 | ${h16(m, 2 * k + 1)})`;

/**
 * A uniform double in [0, 1) from slice k (0..7) of `m`. Double, not numeric: numeric power()
 * and ln() cost microseconds per row, which at ten million rows is minutes.
 */
export const u01 = (m: string, k: number): string => `(${h16(m, k)} / 65536.0::float8)`;

/** One element of `xs` chosen by slice k of `m`. */
export const pick = (xs: readonly string[], m: string, k: number): string =>
  `(${textArray(xs)})[1 + ${h16(m, k)} % ${xs.length}]`;

/** One key of `weights` chosen with probability proportional to its weight, by slice k of `m`. */
export function pickWeighted(weights: Readonly<Record<string, number>>, m: string, k: number): string {
  const entries = Object.entries(weights);
  const total = entries.reduce((a, [, w]) => a + w, 0);
  const steps = entries.slice(0, -1).map(([v, w]): [string, number] => [lit(v), w / total]);
  return cases(u01(m, k), steps, lit(entries[entries.length - 1][0]));
}

/** A CASE that walks cumulative probabilities: `[['a', 0.1], ['b', 0.3]]` else `dflt`. */
export function cases(draw: string, steps: Array<[string, number]>, dflt: string): string {
  let acc = 0;
  const whens = steps.map(([v, p]) => { acc += p; return `WHEN ${draw} < ${acc.toFixed(6)} THEN ${v}`; });
  return `(CASE ${whens.join(' ')} ELSE ${dflt} END)`;
}

/** A timestamptz literal. */
export const tsLit = (d: Date): string => `${lit(d.toISOString())}::timestamptz`;

/**
 * Customer uids are a bijection of the row number, so they never collide: i * K mod 2^39, with the
 * top bit of the 40-bit value set. Staff uids have it clear (ID00000000xx), so the two never meet.
 */
const UID_K = 199_384_608_163n; // odd, below 2^38: i * K stays inside bigint for i < 2^25
const UID_MOD = 1n << 39n;

export const customerUidSql = (i: string): string =>
  `('ID' || upper(to_hex(((${i})::bigint * ${UID_K} % ${UID_MOD}) + ${UID_MOD})))`;

/** The same uid computed in JS (tests and docs can name customer n). */
export function customerUid(i: number): string {
  return 'ID' + (((BigInt(i) * UID_K) % UID_MOD) + UID_MOD).toString(16).toUpperCase();
}

/** A base32 secret (alphabet A-Z2-7) from the bytes `m`: the four hex digits outside it are mapped in. */
export const base32FromMd5 = (m: string): string => `upper(translate(${hex(m)}, '0189', 'wxyz'))`;
