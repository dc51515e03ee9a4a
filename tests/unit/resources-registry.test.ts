/**
 * Invariants every declared resource keeps, checked in one loop so forty entities need no forty copies
 * of the same test (DESIGN §3).
 */
import { describe, expect, it } from 'vitest';
import { ROUTE_SUBJECTS, SUBJECTS } from '../../src/shared/abilities.js';
import { PAGE_SIZES, LIMITS } from '../../src/shared/list-query.js';
import {
  inputNameOf, RESOURCES, REGISTRY, validateCreate, validateListQuery, validateUpdate, writableFields,
} from '../../src/shared/resources/index.js';
import { sample, validBody } from '../helpers/resource-samples.js';
import { KEBAB, pascal, singularKebab, snake } from '../../src/shared/resources/names.js';

describe.each(RESOURCES.map((r) => [r.name, r] as const))('resource %s', (_name, r) => {
  it('derives every name from its one plural kebab name', () => {
    expect(r.name).toMatch(KEBAB);
    expect(r.table).toBe(snake(r.name));
    expect(r.entity).toBe(pascal(singularKebab(r.name)));
    expect(r.singular).toBe(snake(singularKebab(r.name)));
    expect(r.errorPrefix).toBe(`admin.${r.singular}`);
    expect(REGISTRY[r.name]).toBe(r);
  });

  it('gates its route with a subject the abilities know', () => {
    expect(SUBJECTS as readonly string[]).toContain(r.subject);
    expect(ROUTE_SUBJECTS[r.route]).toContain(r.subject);
  });

  it('lists, filters and sorts only declared fields, with a page size of the dropdown', () => {
    const fields = Object.keys(r.fields);
    for (const c of r.columns) expect(fields).toContain(c.field);
    for (const f of r.filtersResolved) expect(fields).toContain(f.field);
    for (const s of r.sortable) expect(fields).toContain(s);
    expect(r.sortable).toContain(r.orderBy);
    expect(PAGE_SIZES as readonly number[]).toContain(r.list.pageSize);
    expect(['asc', 'desc']).toContain(r.list.ordering);
  });

  it('declares the key its rows carry (grids key rows by it; without one a list draws blank rows)', () => {
    const k = r.fields[r.key];
    const typed = k?.kind === 'text' && k.required && k.readOnlyOnEdit;
    const derived = k?.kind === 'text' && k.readOnly && r.deriveKey !== undefined;
    // A list nobody writes through may key its rows by a unique value the server sends (pending applications: uid).
    const listOnly = k?.kind === 'text' && k.readOnly && !r.endpoints.create && !r.endpoints.update;
    expect(k?.kind === 'id' || typed || derived || listOnly, `key ${r.key}`).toBe(true);
  });

    it('declares consistent fields', () => {
    for (const [k, f] of Object.entries(r.fields)) {
      if (f.required) expect(f.message, `${k} needs a message`).toBeTruthy();
      if (f.kind === 'enum') {
        expect(f.values?.length, `${k} values`).toBeGreaterThan(0);
        if (f.default !== undefined) expect(f.values).toContain(f.default);
      }
      if (f.kind === 'reference') expect(REGISTRY[f.references!], `${k} references`).toBeDefined();
      if (f.from) {
        const via = r.fields[f.from.via];
        expect(via?.references, `${k} comes through a reference`).toBeDefined();
        expect(REGISTRY[via.references!].fields[f.from.field]).toBeDefined();
        expect(f.readOnly).toBe(true);
      }
    }
    for (const c of r.columns) {
      if (c.format?.kind === 'switch') expect(r.actions?.map((a) => a.name)).toContain(c.format.action);
    }
    for (const a of r.actions ?? []) {
      const f = r.fields[a.field];
      // A toggle of one flag of a flags map flips a boolean, as a boolean field's does.
      const flag = !!a.key && !!f.flags && !!f.fixedKeys?.includes(a.key);
      expect(f.kind === 'boolean' || flag ? ['true', 'false'] : f.values).toEqual(expect.arrayContaining([...a.values]));
      expect(a.endpoint ?? r.endpoints.update, 'a toggle saves through update or a call of its own').toBeDefined();
    }
    for (const tab of r.tabs ?? []) {
      const list = REGISTRY[tab.list];
      expect(list, `tab ${tab.name}`).toBeDefined();
      for (const [param, field] of Object.entries(tab.scope)) {
        expect(list!.filtersResolved.flatMap((x) => x.params), `tab ${tab.name} filters by ${param}`).toContain(param);
        expect(r.fields[field], `tab ${tab.name} takes ${field}`).toBeDefined();
      }
    }
    for (const [k, f] of Object.entries(r.fields)) {
      for (const c of [f.showWhen, f.disableWhen]) if (c) expect(r.fields[c.field], `${k} depends on a field`).toBeDefined();
      if (f.references) expect(REGISTRY[f.references]?.fields[f.by ?? REGISTRY[f.references]!.key], `${k} references`).toBeDefined();
    }
  });

  it('spells its endpoints under /admin, with a list call', () => {
    expect(r.endpoints.list).toBeDefined();
    for (const e of Object.values(r.endpoints)) expect(e!.path).toMatch(/^\/admin\/[a-z_-]+(\/[a-z_:]+)*$/);
  });

  it('accepts a body of defaults plus required values and rejects each missing or blank required field', () => {
    const body = validBody(r);
    const ok = validateCreate(r, body);
    expect(ok).toMatchObject({ ok: true });
    for (const k of writableFields(r).filter((k) => r.fields[k].required)) {
      const name = inputNameOf(r, k);
      const { [name]: _drop, ...without } = body;
      const missing = validateCreate(r, without);
      expect(missing).toMatchObject({ ok: false, fields: { [name]: [`${r.errorPrefix}.missing_${name}`] } });
      if (!missing.ok) expect(missing.messages[k]).toBe(r.fields[k].message);
      const blank = validateCreate(r, { ...body, [name]: '' });
      expect(blank.ok).toBe(false);
      if (!blank.ok) expect(blank.messages[k]).toBe(r.fields[k].message);
    }
  });

  it('rejects unknown keys, wrong types and over-long text on create', () => {
    expect(validateCreate(r, { ...validBody(r), bogus: 1 })).toMatchObject({ ok: false, errors: [`${r.errorPrefix}.unknown_bogus`] });
    for (const k of writableFields(r)) {
      const res = validateCreate(r, { ...validBody(r), [inputNameOf(r, k)]: [sample(r.fields[k])] });
      expect(res.ok, `${k} as an array`).toBe(false);
    }
    for (const k of writableFields(r).filter((k) => ['text', 'textarea'].includes(r.fields[k].kind))) {
      const name = inputNameOf(r, k);
      const res = validateCreate(r, { ...validBody(r), [name]: 'a'.repeat(20000) });
      expect(res).toMatchObject({ ok: false, fields: { [name]: expect.arrayContaining([`${r.errorPrefix}.${name}_too_long`]) } });
    }
  });

  it('updates by its key with only the changed fields, never a locked one', () => {
    const key = r.fields[r.key]!.kind === 'id' ? 1 : sample(r.fields[r.key]);
    expect(validateUpdate(r, { [r.key]: key })).toMatchObject({ ok: true, value: { [r.key]: key } });
    expect(validateUpdate(r, {})).toMatchObject({ ok: false, errors: [`${r.errorPrefix}.missing_${r.key}`] });
    for (const k of writableFields(r).filter((k) => r.fields[k].readOnlyOnEdit && k !== r.key)) {
      expect(validateUpdate(r, { [r.key]: key, [inputNameOf(r, k)]: sample(r.fields[k]) }))
        .toMatchObject({ ok: false, errors: [`${r.errorPrefix}.immutable_${inputNameOf(r, k)}`] });
    }
  });

  it('fills list defaults and bounds paging and ordering by the dialect', () => {
    expect(validateListQuery(r, {})).toEqual({
      ok: true,
      value: { page: 1, limit: LIMITS[r.service].default, ordering: r.list.ordering, orderBy: r.orderBy, filters: [] },
    });
    expect(validateListQuery(r, { limit: String(LIMITS[r.service].max + 1) })).toMatchObject({ ok: false, errors: ['admin.pagination.invalid_limit'] });
    expect(validateListQuery(r, { order_by: 'no_such_column' })).toMatchObject({ ok: false, errors: ['admin.pagination.invalid_order_by'] });
    for (const s of r.sortable) expect(validateListQuery(r, { order_by: s, ordering: 'desc' }).ok).toBe(true);
  });
});

describe('the registry as a whole', () => {
  it('gives every resource with a list route of its own a distinct route', () => {
    const routed = RESOURCES.filter((r) => !r.embedded).map((r) => r.route);
    expect(routed.filter((route, i) => routed.indexOf(route) !== i)).toEqual([]);
  });

  it('hosts each list tab on the declaring route: another resource\'s tab is embedded under that route', () => {
    for (const host of RESOURCES.filter((r) => r.list.tabs)) {
      for (const t of host.list.tabs!) {
        const r = REGISTRY[t.resource];
        expect(r, `${host.name} tab ${t.value}`).toBeDefined();
        if (r !== host) expect([r!.embedded, r!.route]).toEqual([true, host.route]);
      }
    }
  });
});
