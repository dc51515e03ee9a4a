/**
 * Exact decimal arithmetic on the wire's decimal strings for the lock preview: BigInt fixed point at
 * 18 places, the scale of the database's NUMERIC(36,18), truncating like the server's trunc(…, n).
 * Floats would show 0.30000000000000004 to staff moving real money.
 */
const SCALE = 18;
const ONE = 10n ** BigInt(SCALE);

const DECIMAL = /^\d+(\.\d+)?$/;

export const isDecimal = (s: string): boolean => DECIMAL.test(s.trim());

/** '12.5' → 12500000000000000000n; digits past 18 places are cut. */
export function toFixed18(s: string): bigint {
  const t = s.trim();
  if (!isDecimal(t)) throw new Error(`not a decimal: ${s}`);
  const [int, frac = ''] = t.split('.');
  return BigInt(int) * ONE + BigInt((frac + '0'.repeat(SCALE)).slice(0, SCALE));
}

/** Back to the shortest decimal text ('12.500' → '12.5', '-0.1' for negatives). */
export function fromFixed18(v: bigint): string {
  const neg = v < 0n;
  const abs = neg ? -v : v;
  const int = abs / ONE;
  const frac = (abs % ONE).toString().padStart(SCALE, '0').replace(/0+$/, '');
  return `${neg ? '-' : ''}${int}${frac ? `.${frac}` : ''}`;
}

/** Whether a typed amount is a positive decimal. */
export const isPositive = (s: string): boolean => isDecimal(s) && toFixed18(s) > 0n;

/** Significant decimal places of a typed decimal: '1.50' → 1, '0.005' → 3, '12' → 0. */
export function decimalPlaces(s: string): number {
  return (s.trim().split('.')[1] ?? '').replace(/0+$/, '').length;
}

/** trunc(value × percentage / 100, places), as the server computes a percentage lock (places ≤ 18). */
export function shareOf(value: string, percentage: string, places = SCALE): bigint {
  const share = (toFixed18(value) * toFixed18(percentage)) / (100n * ONE);
  const unit = 10n ** BigInt(SCALE - Math.min(Math.max(places, 0), SCALE));
  return share - (share % unit);
}
