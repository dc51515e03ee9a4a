/**
 * Whether an answer carries a swagger entity's fields with their declared JSON types, the way Peatio's
 * code sends them: its decimals travel as strings where the swagger says number, and ids and codes it
 * declares as strings may be numbers. Used by the conformance tests of the admin and the user APIs.
 */

export function fits(type: string, v: unknown): boolean {
  if (v === null) return true;
  switch (type) {
    case 'integer': return Number.isInteger(v);
    // Decimals: Peatio sends BigDecimal as a string.
    case 'number': return typeof v === 'number' || (typeof v === 'string' && /^-?\d+(\.\d+)?$/.test(v));
    // Ids and codes Peatio declares as strings but sends as numbers (uid, code, rid, member, trade id).
    case 'string': return typeof v === 'string' || typeof v === 'number';
    case 'boolean': return typeof v === 'boolean';
    case 'object': return typeof v === 'object';
    case 'array': return Array.isArray(v);
    default: return true;
  }
}

/** How an entity's declaration is read: fields left out (with why), fields sent only sometimes, types where the code and the swagger differ. */
export interface Reading {
  leftOut?: Record<string, Record<string, string>>;
  conditional?: Record<string, readonly string[]>;
  sentAs?: Record<string, string>;
}

/** What a row lacks or sends with another type than `entities[entity]` declares. */
export function problems(entities: Record<string, Record<string, string>>, entity: string, row: Record<string, unknown>, r: Reading = {}): string[] {
  const out: string[] = [];
  for (const [field, type] of Object.entries(entities[entity]!)) {
    if (r.leftOut?.[entity]?.[field]) continue;
    if (!(field in row)) { if (!r.conditional?.[entity]?.includes(field)) out.push(`${entity}.${field} missing`); continue; }
    if (!fits(r.sentAs?.[`${entity}.${field}`] ?? type, row[field])) out.push(`${entity}.${field}: ${JSON.stringify(row[field])} is not ${type}`);
  }
  return out;
}
