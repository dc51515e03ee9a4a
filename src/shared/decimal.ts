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

/**
 * Digits before the point a stored amount has room for: every money column is NUMERIC(36,18), so an
 * amount is below 10¹⁸ (the migrations; the ledger's running totals alone are NUMERIC(38,18)).
 */
export const INTEGER_DIGITS = 36 - SCALE;
/** An amount as text: plain decimal digits, an optional '-', at most SCALE places; no '+', exponent or spaces. */
export const DECIMAL_TEXT = /^-?\d+(\.\d{1,18})?$/;

/** Digits before the point, leading zeros aside ('-0012.5' has 2). */
export const integerDigits = (s: string): number => (s.replace(/^-/, '').split('.')[0] ?? '').replace(/^0+/, '').length;

/** Places after the point, trailing zeros aside ('2.50' has 1). */
export const placesOf = (s: string): number => (s.split('.')[1] ?? '').replace(/0+$/, '').length;

/** Whether a decimal string fits a money column (below 10¹⁸, at most 18 places). */
export const fitsColumn = (s: string): boolean => DECIMAL_TEXT.test(s) && integerDigits(s) <= INTEGER_DIGITS;
/** A non-negative amount that fits a money column, as text (up to 18 digits before the point and 18 after). */
export const AMOUNT_TEXT = /^\d{1,18}(\.\d{1,18})?$/;

export type AmountRefusal = 'invalid_amount' | 'amount_too_large' | 'non_positive_amount' | 'amount_exceeds_precision';
/** A signed amount's refusals: zero instead of not positive. */
export type SignedAmountRefusal = Exclude<AmountRefusal, 'non_positive_amount'> | 'zero_amount';

/**
 * The one check of a money amount against its column and its currency, made by every money write before
 * anything is written (wallet transfers, fiat deposits, adjustments, bonuses, rewards, investments, swap
 * quotes): plain decimal text; below 10¹⁸ (a 20-digit amount overflowed the column: 500); positive, or
 * for a signed amount (an adjustment) not zero; no more places than the currency's precision. The field
 * structs refuse the first two already (validation.ts decimal); this repeats them for callers that get
 * amounts elsewhere (the seed, a provider's webhook) and keeps the refusal a code, never an overflow.
 */
export function amountRefusal(amount: string, precision: number): AmountRefusal | null;
export function amountRefusal(amount: string, precision: number, sign: 'nonzero'): SignedAmountRefusal | null;
export function amountRefusal(amount: string, precision: number, sign: 'positive' | 'nonzero' = 'positive'): AmountRefusal | SignedAmountRefusal | null {
  if (!DECIMAL_TEXT.test(amount)) return 'invalid_amount';
  if (integerDigits(amount) > INTEGER_DIGITS) return 'amount_too_large';
  const units = toUnits(amount);
  if (sign === 'positive' && units <= 0n) return 'non_positive_amount';
  if (units === 0n) return 'zero_amount';
  if (placesOf(amount) > precision) return 'amount_exceeds_precision';
  return null;
}

/**
 * A JSON number as decimal text: its shortest form, which is the value that was sent (the server's JSON
 * parser makes any number JavaScript cannot hold exactly NaN: plugins/json-text.ts), in plain digits
 * for an integer from 10²¹ on, which String() writes as 1e+21, so the amount rules see its size. A tiny
 * one such as 1e-7 keeps its exponent and is no decimal.
 */
export const numberText = (v: number): string => (Number.isInteger(v) && Math.abs(v) >= 1e21 ? BigInt(v).toString() : String(v));
