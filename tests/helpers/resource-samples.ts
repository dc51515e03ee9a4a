/** Values and bodies a resource's own structs accept, derived from its definition (registry and reliability tests). */
import { formDefaults, inputNameOf, writableFields, type FieldDef, type Resource } from '../../src/shared/resources/index.js';

/** A value of the field's kind that its struct accepts. */
export function sample(f: FieldDef): unknown {
  if (f.example !== undefined) return f.example;
  switch (f.kind) {
    case 'text': case 'textarea': return 'sample';
    case 'enum': return f.values![0];
    case 'number': return f.range ? f.range[0] : 1;
    case 'decimal': return '1.5';
    case 'boolean': return true;
    case 'date': return '2026-01-31';
    case 'datetime': return '2026-01-31T10:00:00Z';
    case 'id': case 'reference': return 1;
    case 'map': return Object.fromEntries((f.fixedKeys ?? []).map((k) => [k, f.flags ? true : 1]));
  }
}

/** A create body, in the body's names: the form's defaults plus a sample for every required field. */
export function validBody(r: Resource): Record<string, unknown> {
  const fields: Record<string, unknown> = { ...formDefaults(r) };
  for (const k of writableFields(r)) if (r.fields[k].required && fields[k] === undefined) fields[k] = sample(r.fields[k]);
  return Object.fromEntries(Object.entries(fields).map(([k, v]) => [inputNameOf(r, k), v]));
}
