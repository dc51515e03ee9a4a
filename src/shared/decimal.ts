/** Decimal strings, exactly: amounts never pass through a float (NUMERIC on both ends). */

/** Compares two decimal strings exactly (sign, integer digits, then fraction digits). */
export function compareDecimal(a: string, b: string): number {
  const parse = (s: string) => {
    const neg = s.trim().startsWith('-');
    const [i = '0', f = ''] = s.trim().replace(/^[-+]/, '').split('.');
    return { neg, i: i.replace(/^0+(?=\d)/, ''), f: f.replace(/0+$/, '') };
  };
  const x = parse(a), y = parse(b);
  const zero = (p: { i: string; f: string }) => /^0*$/.test(p.i) && p.f === '';
  if (zero(x) && zero(y)) return 0;
  if (x.neg !== y.neg) return x.neg ? -1 : 1;
  const abs = x.i.length !== y.i.length ? x.i.length - y.i.length
    : x.i !== y.i ? (x.i < y.i ? -1 : 1)
    : (() => { const n = Math.max(x.f.length, y.f.length); const p = x.f.padEnd(n, '0'), q = y.f.padEnd(n, '0'); return p === q ? 0 : p < q ? -1 : 1; })();
  return Math.sign(abs) * (x.neg ? -1 : 1);
}

/**
 * Moves the decimal point `places` to the right (negative: left), exactly: a fee's fraction 0.0015 is
 * 0.15 percent. Trailing zeros of the fraction and leading zeros of the integer part are trimmed.
 */
export function shiftDecimal(s: string, places: number): string {
  const t = s.trim();
  if (!/^-?\d+(\.\d+)?$/.test(t)) return t;
  const neg = t.startsWith('-');
  const [i = '0', f = ''] = t.replace(/^-/, '').split('.');
  let digits = i + f, point = i.length + places;
  if (point < 0) { digits = '0'.repeat(-point) + digits; point = 0; }
  if (point > digits.length) digits = digits.padEnd(point, '0');
  const int = digits.slice(0, point).replace(/^0+(?=\d)/, '') || '0';
  const frac = digits.slice(point).replace(/0+$/, '');
  const out = frac ? `${int}.${frac}` : int;
  return neg && out !== '0' ? `-${out}` : out;
}

/** Places of every stored amount (NUMERIC(36,18)). */
export const SCALE = 18;
const UNIT = 10n ** BigInt(SCALE);

/** A decimal string as an integer count of 10⁻¹⁸ (exact; at most 18 places, else it throws). */
export function toUnits(s: string): bigint {
  const t = s.trim();
  const m = /^(-?)(\d+)(?:\.(\d+))?$/.exec(t);
  if (!m) throw new Error(`not a decimal: ${s}`);
  const frac = (m[3] ?? '').replace(/0+$/, '');
  if (frac.length > SCALE) throw new Error(`more than ${SCALE} places: ${s}`);
  const v = BigInt(m[2]!) * UNIT + BigInt(frac.padEnd(SCALE, '0') || '0');
  return m[1] ? -v : v;
}

/** The plain decimal string of an integer count of 10⁻¹⁸, trailing zeros trimmed. */
export function fromUnits(u: bigint): string {
  const neg = u < 0n, a = neg ? -u : u;
  const frac = (a % UNIT).toString().padStart(SCALE, '0').replace(/0+$/, '');
  const out = frac ? `${a / UNIT}.${frac}` : String(a / UNIT);
  return neg ? `-${out}` : out;
}
