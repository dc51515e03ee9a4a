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
