/**
 * Rows to wire entities, and database refusals to wire codes. Timestamps leave as ISO-8601 UTC, NUMERIC
 * already arrives as a decimal string (db/index.ts) and stays one.
 */
import type { Resource } from '../../shared/resources/define.js';
import { shiftDecimal } from '../../shared/decimal.js';
import type { Row } from '../db/queries/resources.js';
import { ApiError } from '../plugins/errors.js';

export function toWire(r: Resource, row: Row): Row {
  const out: Row = {};
  for (const k of Object.keys(r.fields)) {
    if (r.fields[k].writeOnly) continue;
    const derive = r.fields[k].derive;
    let v = derive ? derive(row) : row[k];
    // NUMERIC(36,18) reads back padded (0.010000000000000000); the wire says 0.01, as Peatio does.
    if (r.fields[k].kind === 'decimal' && typeof v === 'string' && !derive) v = shiftDecimal(v, 0);
    out[k] = v instanceof Date ? v.toISOString() : v ?? null;
  }
  return out;
}

/** Strips a trailing `_id`: `faq_category_id` → `faq_category`, for `<name>_doesnt_exist` codes. */
export const refName = (field: string) => field.replace(/_id$/, '');

const fieldError = (code: string, field: string) => new ApiError(422, [code], { [field]: [code] });

/**
 * Constraint violations that slipped past the checks made before the write (a concurrent insert of the
 * same unique name, a referenced row deleted meanwhile) become the same 422 codes those checks give.
 * Anything else is rethrown untouched and ends as a 500.
 */
export function fromDbError(r: Resource, err: unknown, deleting = false): unknown {
  const e = err as { code?: string; constraint?: string; message?: string };
  // On delete a foreign-key refusal (23503, or 23001 for ON DELETE RESTRICT) means other rows still point at this one.
  if (deleting && (e.code === '23503' || e.code === '23001')) return new ApiError(422, [`${r.errorPrefix}.in_use`]);
  const text = `${e.constraint ?? ''} ${e.message ?? ''}`;
  const mentioned = (fields: string[]) => fields.find((f) => text.includes(f)) ?? fields[0];
  const declared = Object.entries(r.constraintCodes ?? {}).find(([name]) => text.includes(name))?.[1];
  if (declared && (e.code === '23505' || e.code === '23514')) return fieldError(`${r.errorPrefix}.${declared.code}`, declared.field);
  if (e.code === '23505') {
    // A concurrent write of the same set of fields unique together (checked before, raced since).
    const together = r.uniqueTogether?.find((set) => set.every((k) => text.includes(k)));
    if (together) {
      const code = `${r.errorPrefix}.${together.join('_')}_taken`;
      return new ApiError(422, [code], Object.fromEntries(together.map((k) => [k, [code]])));
    }
    // A typed string key (a currency's code, a market's id) is unique too: its constraint is the primary key.
    const typedKey = r.fields[r.key]?.kind !== 'id' ? [r.key] : [];
    const uniques = text.includes('_pkey') ? typedKey : [...Object.keys(r.fields).filter((k) => r.fields[k].unique), ...typedKey];
    const f = mentioned(uniques);
    if (f) return fieldError(`${r.errorPrefix}.${f}_taken`, f);
  }
  if (e.code === '23503') {
    const refs = Object.keys(r.fields).filter((k) => r.fields[k].kind === 'reference');
    const f = mentioned(refs);
    if (f) return fieldError(`${r.errorPrefix}.${refName(f)}_doesnt_exist`, f);
  }
  // A NOT NULL column the structs let a null through to: the field is missing.
  if (e.code === '23502') {
    const column = (err as { column?: string }).column;
    const code = column && r.fields[column] ? `${r.errorPrefix}.missing_${column}` : `${r.errorPrefix}.invalid_params`;
    return new ApiError(422, [code], column && r.fields[column] ? { [column]: [code] } : undefined);
  }
  // Check constraints and value ranges mirror the structs; reaching them means input the structs let by.
  if (e.code === '23514' || e.code === '22001' || e.code === '22003') return new ApiError(422, [`${r.errorPrefix}.invalid_params`]);
  return err;
}
