/**
 * No raw error code reaches a toast: every code the server can send has a real message, either the
 * table's own (every code of the shared catalogue must have one) or the message of the shape it was
 * built in (en.ts codeMessage) for the codes built from a field's name. The readable last-resort
 * fallback of t() exists for codes nobody listed yet; this test is what keeps it unused.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Struct } from 'superstruct';
import { describe, expect, it } from 'vitest';
import { ERRORS } from '../../src/shared/errors';
import { REGISTRY, writableFields } from '../../src/shared/resources';
import * as usersArea from '../../src/shared/users';
import { codeMessage } from '../../src/client/i18n/en';
import { t, translation } from '../../src/client/i18n';
import { ADMIN_STREAM_NAMES } from '../../src/shared/realtime-streams.js';

/** A real message: from the table or a shape, reading as words (no dotted code, no snake_case left). */
function problem(code: string): string | null {
  const text = translation(code) ?? codeMessage(code);
  if (text === undefined) return 'no message';
  if (text === code || /[a-z]+\.[a-z_]+/.test(text) || /[a-z]_[a-z]/.test(text)) return `reads like a code: ${text}`;
  return null;
}
const lacking = (codes: Iterable<string>) => [...new Set(codes)].map((c) => [c, problem(c)]).filter(([, p]) => p);

const FIELD_KINDS = ['missing_', 'empty_', 'invalid_', 'immutable_'];
const fieldCodes = (prefix: string, fields: Iterable<string>) =>
  [...fields].flatMap((f) => [...FIELD_KINDS.map((k) => `${prefix}.${k}${f}`), `${prefix}.${f}_too_long`]);
const keysOf = (s: Struct<any, any>) => Object.keys((s.schema ?? {}) as object);

describe('translations of error codes', () => {
  it('gives every code of the shared catalogue its own text in the table', () => {
    const missing = Object.keys(ERRORS).filter((c) => translation(c) === undefined);
    expect(missing).toEqual([]);
    expect(lacking(Object.keys(ERRORS))).toEqual([]);
  });

  it("translates every code the generic resource handlers and structs build for each registry resource", () => {
    const codes: string[] = [];
    for (const r of Object.values(REGISTRY)) {
      const p = r.errorPrefix;
      // Bodies carry the writable fields only; read-only ones (joined, nested) never come back in a code.
      codes.push(...fieldCodes(p, [r.key, ...writableFields(r).map((k) => r.fields[k]!.inputName ?? k)]), `${p}.unknown_extra`,
        `${p}.doesnt_exist`, `${p}.in_use`, `${p}.invalid_params`, `${p}.${r.key}_taken`);
      for (const [k, f] of Object.entries(r.fields)) {
        if (f.unique) codes.push(`${p}.${k}_taken`);
        if (f.references) codes.push(`${p}.${k.replace(/_id$/, '')}_doesnt_exist`);
        // A decimal past the money column (validation.ts decimal: 18 digits before the point).
        if (f.kind === 'decimal' && !f.readOnly) codes.push(`${p}.${f.inputName ?? k}_too_large`);
      }
      for (const b of r.bounds ?? []) codes.push(`${p}.${b.min}_exceeds_${b.max}`);
      if (r.deletableWhen) codes.push(`${p}.not_deletable`);
      for (const [a, b] of r.different ?? []) codes.push(`${p}.${b}_equals_${a}`);
      for (const set of r.uniqueTogether ?? []) codes.push(`${p}.${set.join('_')}_taken`);
      for (const f of r.filtersResolved) codes.push(...f.params.map((q) => `${p}.invalid_${q}`));
    }
    // Activities answer list codes as Barong does, under admin.activity (server/auth/logs/activities.ts).
    codes.push(...['from', 'to', 'start_date', 'end_date', 'id', 'topic', 'action', 'result', 'uid', 'email'].map((k) => `admin.activity.invalid_${k}`));
    expect(lacking(codes)).toEqual([]);
  });

  it('translates every field code of the users area, the permissions and sign-in', () => {
    const s = usersArea;
    const byPrefix: Record<string, string[]> = {
      'admin.user': [s.StateChange, s.OtpChange, s.RoleChange, s.UserPut, s.PagingQuery].flatMap(keysOf)
        .concat(['replace', 'from', 'to', 'start_date', 'end_date', 'extended', 'range']),
      'admin.label': [s.LabelInput, s.LabelKey, s.LabelQuery].flatMap(keysOf),
      'admin.comment': [s.CommentCreate, s.CommentUpdate, s.CommentId].flatMap(keysOf),
      'admin.profile': [s.ProfileCreate, s.ProfileDecision].flatMap(keysOf),
      'admin.member': [s.MemberGroup, s.MinSwapAmount, s.LockFunds].flatMap(keysOf),
      // Not exported: the fields of the sign-in and permission bodies (server/auth/identity.ts, permissions.ts).
      'identity.session': ['email', 'identity', 'password', 'otp_code'],
      'admin.permission': ['id', 'role', 'verb', 'path', 'topic', 'action'],
    };
    for (const [prefix, fields] of Object.entries(byPrefix)) expect(fields.length, prefix).toBeGreaterThan(0);
    expect(lacking(Object.entries(byPrefix).flatMap(([p, f]) => fieldCodes(p, f)))).toEqual([]);
  });

  it('translates every literal code the server source sends', () => {
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const path = join(dir, name);
        if (statSync(path).isDirectory()) { if (!['seed', 'migrations'].includes(name)) walk(path); } else if (path.endsWith('.ts')) files.push(path);
      }
    };
    walk('src/server');
    walk('src/shared');
    const literal = /'((?:admin|identity|authz|server|record|route|user|superadmin|totp)\.[a-z_]+\.[a-z0-9_]+)'/g;
    // The realtime feed's admin stream names share the shape and are not codes.
    const codes = files.flatMap((f) => [...readFileSync(f, 'utf8').matchAll(literal)].map((m) => m[1]!))
      .filter((c) => !ADMIN_STREAM_NAMES.includes(c));
    expect(codes.length).toBeGreaterThan(50);
    expect(lacking(codes)).toEqual([]);
  });

  it('never shows a raw code: an unknown dotted code reads as a sentence, text stays text', () => {
    expect(t('admin.user.invalid_country')).toBe('Invalid country');
    expect(t('admin.faq.faq_category_doesnt_exist')).toBe('FAQ category does not exist');
    expect(t('admin.email_type.name_taken')).toBe('Name is already taken');
    expect(t('admin.email_type.immutable_name')).toBe('Name cannot be changed');
    expect(t('admin.faq_category.in_use')).toBe('This FAQ category is still in use, so it cannot be deleted');
    expect(t('admin.market.price_out_of_band')).toBe('Price out of band');
    expect(t('record.not_found')).toBe('No data exists.');
    expect(t('Logged In Successfully')).toBe('Logged In Successfully');
    expect(t("Name can't be blank.")).toBe("Name can't be blank.");
    expect(t('constructor')).toBe('constructor');
  });
});
