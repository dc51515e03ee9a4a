/**
 * Names derive from one name (DESIGN §5.6): the plural kebab route/file name (`fee-schedules`) gives the
 * PascalCase entity (`FeeSchedule`), the snake_case table (`fee_schedules`) and the snake_case singular used
 * in error codes (`admin.fee_schedule.doesnt_exist`).
 */

/** English singular of one lower-case word, for the plural shapes entity names take. */
export function singularWord(word: string): string {
  if (/[^aeiou]ies$/.test(word)) return word.slice(0, -3) + 'y';
  if (/(ss|sh|ch|x|us)es$/.test(word)) return word.slice(0, -2);
  if (word.endsWith('s') && !word.endsWith('ss')) return word.slice(0, -1);
  return word;
}

/** `email-types` → `email-type`: only the last word is plural. */
export function singularKebab(pluralKebab: string): string {
  const parts = pluralKebab.split('-');
  parts[parts.length - 1] = singularWord(parts[parts.length - 1]);
  return parts.join('-');
}

/** `email-types` → `email_types`. */
export function snake(kebab: string): string {
  return kebab.replace(/-/g, '_');
}

/** `email-type` → `EmailType`. */
export function pascal(kebab: string): string {
  return kebab.split('-').map((p) => p.charAt(0).toUpperCase() + p.slice(1)).join('');
}

/** A valid plural kebab resource name: lower-case words joined by single dashes. */
export const KEBAB = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/;
