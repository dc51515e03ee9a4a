/**
 * Country dialling codes for the phone change (spec §5, §9 "a large country list is bundled"). Kept
 * as one compact ISO:code string; country names come from the browser's Intl.DisplayNames, so the
 * bundle carries no second copy of every name.
 */
import { DIAL_CODES as RAW } from '../../../shared/dial-codes.js';

export interface DialCode {
  /** ISO 3166-1 alpha-2. */
  iso: string;
  /** Digits only, no '+'. */
  code: string;
  name: string;
}

function names(): (iso: string) => string {
  try {
    const dn = new Intl.DisplayNames(['en'], { type: 'region' });
    return (iso) => dn.of(iso) ?? iso;
  } catch {
    return (iso) => iso;
  }
}

let cache: DialCode[] | null = null;

/** Every country, sorted by name. */
export function dialCodes(): DialCode[] {
  if (cache) return cache;
  const nameOf = names();
  cache = RAW.split(' ').map((pair) => {
    const [iso, code] = pair.split(':');
    return { iso, code, name: nameOf(iso) };
  }).sort((a, b) => a.name.localeCompare(b.name));
  return cache;
}

/**
 * Spec §5: the number is sent with the code digits prefixed. Spaces, dashes and brackets are dropped,
 * and so is a national trunk 0 (a UK 07700 900123 is 44 7700 900123 internationally).
 */
export function fullPhone(code: string, number: string): string {
  return code + number.replace(/[\s()-]/g, '').replace(/^0+/, '');
}
