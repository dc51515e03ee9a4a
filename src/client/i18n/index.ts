import { EN, codeMessage } from './en';

/** A wire code (`admin.user.invalid_country`), as opposed to text a service already wrote for people. */
const CODE = /^[a-z][a-z0-9_]*(\.[a-z0-9_]+)+$/;

/** The table's own text for a code, without falling back: for callers with a better message of their own. */
export function translation(code: string): string | undefined {
  return Object.hasOwn(EN, code) ? EN[code] : undefined;
}

/**
 * Text for a code or message (spec §9: English fallback). A code gets the table's text, else the message
 * of its shape (en.ts), else, rather than ever showing a raw code, its last part made readable
 * ('admin.market.price_out_of_band' → 'Price out of band'). Anything else is already text and is kept.
 */
export function t(codeOrText: string): string {
  const known = translation(codeOrText) ?? codeMessage(codeOrText);
  if (known !== undefined) return known;
  if (!CODE.test(codeOrText)) return codeOrText;
  const last = codeOrText.slice(codeOrText.lastIndexOf('.') + 1).replace(/_+/g, ' ').trim();
  return last.charAt(0).toUpperCase() + last.slice(1);
}

/**
 * A count with its noun in the right number: `counted(1, 'order')` → "1 order", `counted(1234, 'order')` →
 * "1,234 orders" ("Cancel all: 1 orders?" was asked). `many` for a plural that is not `one` + s.
 */
export function counted(n: number, one: string, many = `${one}s`): string {
  return `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;
}
