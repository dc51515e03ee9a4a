/**
 * A JSON body's text before it is parsed, read once (plugins/input.ts): how deep it nests, and which of
 * its numbers JavaScript cannot hold as they were sent.
 *
 * JSON.parse reads every number into a double, silently: 9007199254740993 becomes 9007199254740992,
 * 0.10000000000000001 becomes 0.1, 1e400 Infinity — and an amount, an id or a count was then taken as a
 * value nobody sent (a wallet transfer of 9007199254740993 BTC was stored as …992). A number literal is
 * inexact when its value is not the decimal JavaScript writes back for the double it read (String(Number
 * (text)), compared as a decimal, so 2.50, 1e3 and 1.0 are exact); after parsing each such value becomes
 * NaN, which no field takes: the field answers its own invalid code (`…invalid_amount`, `…invalid_id`).
 * Exact numbers are untouched. Amounts of any size up to the column travel exactly as decimal strings.
 */

const QUOTE = 0x22, BACKSLASH = 0x5c, MINUS = 0x2d, PLUS = 0x2b, DOT = 0x2e, ZERO = 0x30, NINE = 0x39, E = 0x65, BIG_E = 0x45;
const OPEN_ARRAY = 0x5b, OPEN_OBJECT = 0x7b, CLOSE_ARRAY = 0x5d, CLOSE_OBJECT = 0x7d;
const LITERAL = /^(-?)(\d+)(?:\.(\d+))?(?:[eE]([+-]?\d+))?$/;
/** Integers this short always survive a double (15 digits is a double's guaranteed precision). */
const SHORT_INTEGER = /^-?\d{1,15}$/;

const isDigit = (c: number) => c >= ZERO && c <= NINE;
const inNumber = (c: number) => isDigit(c) || c === DOT || c === E || c === BIG_E || c === PLUS || c === MINUS;

/**
 * One pass over a JSON text, outside its strings: true as soon as arrays and objects nest deeper than
 * `max` (counted before parsing: plugins/input.ts), and each number-like run of characters handed to
 * `onNumber` on the way (the parser refuses the ones that are not JSON).
 */
export function scanJson(text: string, max: number, onNumber?: (literal: string) => void): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) inString = false;
    } else if (c === QUOTE) {
      inString = true;
    } else if (c === OPEN_ARRAY || c === OPEN_OBJECT) {
      if (++depth > max) return true;
    } else if (c === CLOSE_ARRAY || c === CLOSE_OBJECT) {
      depth--;
    } else if (onNumber && (c === MINUS || isDigit(c))) {
      let j = i + 1;
      while (j < text.length && inNumber(text.charCodeAt(j))) j++;
      onNumber(text.slice(i, j));
      i = j - 1;
    }
  }
  return false;
}

/** A decimal's value as sign, significant digits and exponent ('2.50' and '25e-1' alike); null for Infinity. */
function decimalValue(text: string): string | null {
  const m = LITERAL.exec(text);
  if (!m) return null;
  const [, sign, int = '', frac = '', exp = '0'] = m;
  const digits = (int + frac).replace(/^0+/, '');
  if (!digits) return '0';
  const kept = digits.replace(/0+$/, '');
  return `${sign}${kept}e${Number(exp) - frac.length + digits.length - kept.length}`;
}

/** The double a JSON number literal is read as, when that is not the literal's value; else undefined. */
export function inexact(literal: string): number | undefined {
  if (SHORT_INTEGER.test(literal) || !LITERAL.test(literal)) return undefined;
  const read = Number(literal);
  return decimalValue(String(read)) === decimalValue(literal) ? undefined : read;
}

/** The doubles of the number literals of a JSON text that JavaScript cannot hold as sent. */
export function inexactNumbers(text: string): Set<number> {
  const out = new Set<number>();
  scanJson(text, Infinity, (literal) => {
    const read = inexact(literal);
    if (read !== undefined) out.add(read);
  });
  return out;
}

/**
 * The parsed value with every number that came from an inexact literal replaced by NaN (the same double
 * sent exactly elsewhere in the body goes too: it cannot be told apart, and a refusal is the safe side).
 */
export function withoutInexact(value: unknown, inexact: ReadonlySet<number>): unknown {
  if (typeof value === 'number') return inexact.has(value) ? Number.NaN : value;
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) value[i] = withoutInexact(value[i], inexact);
    return value;
  }
  const o = value as Record<string, unknown>;
  for (const k of Object.keys(o)) o[k] = withoutInexact(o[k], inexact);
  return o;
}
