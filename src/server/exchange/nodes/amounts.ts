/** Node amounts to exact decimal strings of whole coins (never through a float). */
import { shiftDecimal } from '../../../shared/decimal.js';
import { badResponse } from './types.js';

/** A JSON number's source text (`0.00000001`, `1e-8`) as a plain decimal string, trailing zeros trimmed. */
export function decimalText(text: unknown): string {
  const m = typeof text === 'string' ? /^(\d+(?:\.\d+)?)(?:[eE]([+-]?\d+))?$/.exec(text.trim()) : null;
  if (!m) throw badResponse(`amount ${String(text)}`);
  return shiftDecimal(m[1]!, Number(m[2] ?? 0));
}

/** A 0x hex quantity of base units (up to 2^256) as whole units of `decimals` places, trimmed. */
export function baseUnits(hex: unknown, decimals: number): string {
  if (typeof hex !== 'string' || !/^0x[0-9a-f]{1,64}$/i.test(hex)) throw badResponse(`value ${String(hex)}`);
  return shiftDecimal(BigInt(hex).toString(), -decimals);
}

/** Wei as ether, 18 decimals. */
export const weiToEther = (hex: unknown): string => baseUnits(hex, 18);

/** A 0x hex quantity as a safe integer (heights, block numbers). */
export function hexQuantity(hex: unknown): number {
  if (typeof hex !== 'string' || !/^0x[0-9a-f]{1,14}$/i.test(hex)) throw badResponse(`quantity ${String(hex)}`);
  const n = Number.parseInt(hex, 16);
  if (!Number.isSafeInteger(n)) throw badResponse(`quantity ${hex}`);
  return n;
}
