/**
 * Whether an answer carries a swagger entity's fields with their declared JSON types, the way Peatio's
 * code sends them: its decimals travel as strings where the swagger says number, and ids and codes it
 * declares as strings may be numbers. Used by the conformance tests of the admin and the user APIs.
 */

/** Entity → field → declared type; a nested entity is named by its definition (`Operation`, `Account[]`). */
export type Entities = Record<string, Record<string, string>>;

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
    // Grape's JSON type: Peatio sends the parsed document (a currency's options, a market's data).
    case 'json': return typeof v === 'object' && !Array.isArray(v);
    case 'array': return Array.isArray(v);
    default: return true;
  }
}

interface SwaggerProperty { type?: string; $ref?: string; items?: { type?: string; $ref?: string } }
const refName = (ref: string) => ref.slice(ref.lastIndexOf('/') + 1);

/** A swagger file's definitions as `Entities`: a `$ref` becomes the entity's name, an array of them `Name[]`. */
export function definitionsOf(swagger: { definitions: Record<string, { properties: Record<string, SwaggerProperty> }> }): Entities {
  const typeOf = (p: SwaggerProperty): string => {
    if (p.$ref) return refName(p.$ref);
    if (p.type === 'array' && p.items?.$ref) return `${refName(p.items.$ref)}[]`;
    return p.type ?? 'any';
  };
  return Object.fromEntries(Object.entries(swagger.definitions).map(([name, d]) =>
    [name, Object.fromEntries(Object.entries(d.properties).map(([f, p]) => [f, typeOf(p)]))]));
}

/** How an entity's declaration is read: fields left out (with why), fields sent only sometimes, types where the code and the swagger differ. */
export interface Reading {
  leftOut?: Record<string, Record<string, string>>;
  conditional?: Record<string, readonly string[]>;
  sentAs?: Record<string, string>;
}

/**
 * What a row lacks or sends with another type than `entities[entity]` declares; a nested entity (a `$ref`
 * of the swagger) is checked field by field the same way, named by its path (`Withdraw.beneficiary.id`).
 */
export function problems(entities: Entities, entity: string, row: Record<string, unknown>, r: Reading = {}, at = entity): string[] {
  const out: string[] = [];
  for (const [field, declared] of Object.entries(entities[entity]!)) {
    if (r.leftOut?.[entity]?.[field]) continue;
    if (!(field in row)) { if (!r.conditional?.[entity]?.includes(field)) out.push(`${at}.${field} missing`); continue; }
    const v = row[field];
    const type = r.sentAs?.[`${entity}.${field}`] ?? declared;
    const many = type.endsWith('[]') ? type.slice(0, -2) : undefined;
    if (many && entities[many]) {
      if (!Array.isArray(v)) out.push(`${at}.${field}: ${JSON.stringify(v)} is not ${type}`);
      else v.forEach((item, i) => out.push(...problems(entities, many, item as Record<string, unknown>, r, `${at}.${field}[${i}]`)));
    } else if (entities[type]) {
      if (v !== null && (typeof v !== 'object' || Array.isArray(v))) out.push(`${at}.${field}: ${JSON.stringify(v)} is not ${type}`);
      else if (v !== null) out.push(...problems(entities, type, v as Record<string, unknown>, r, `${at}.${field}`));
    } else if (!fits(type, v)) out.push(`${at}.${field}: ${JSON.stringify(v)} is not ${type}`);
  }
  return out;
}
