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
import { ERRORS, NOT_FOR_CONSOLE } from '../../src/shared/errors';
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
/** A code a console can be sent: not one only callers other than the console are sent (NOT_FOR_CONSOLE). */
const forConsole = (c: string) => !NOT_FOR_CONSOLE.some((prefix) => c.startsWith(prefix));
const lacking = (codes: Iterable<string>) => [...new Set(codes)].filter(forConsole).map((c) => [c, problem(c)]).filter(([, p]) => p);

const FIELD_KINDS = ['missing_', 'empty_', 'invalid_', 'immutable_'];
const fieldCodes = (prefix: string, fields: Iterable<string>) =>
  [...fields].flatMap((f) => [...FIELD_KINDS.map((k) => `${prefix}.${k}${f}`), `${prefix}.${f}_too_long`]);
const keysOf = (s: Struct<any, any>) => Object.keys((s.schema ?? {}) as object);

/** Every code of the catalogue's families (admin, identity, wonka …), each a prefix a code starts with. */
const FAMILIES = [...new Set(Object.keys(ERRORS).map((c) => c.slice(0, c.indexOf('.'))))];
const CODE_TEXT = '[a-z_]+(?:\\.[a-z0-9_]+)+';
/** The codes the shared helpers build from an endpoint's prefix (server/money, plugins/idempotency.ts). */
const PREFIXED_BY: Record<string, readonly string[]> = {
  'guardedCreate(': ['invalid_idempotency_key', 'idempotency_key_reused', 'member_doesnt_exist'],
  'insertOnce(': ['idempotency_key_reused'],
  'auditedAction(': ['doesnt_exist', 'missing_id', 'invalid_id'],
};
const RESOURCES = import.meta.glob('../../src/shared/resources/*.ts', { eager: true }) as Record<string, Record<string, unknown>>;

/**
 * The codes src/server and src/shared write out: literals of the catalogue's families ('admin.x.y'); the
 * ones built from a prefix constant of their file (`const P = 'admin.wallet_transfer'` or
 * `const P = bonuses.errorPrefix`, then `${P}.zero_amount`); and what the money helpers add to the prefix
 * an endpoint hands them. Codes whose last part is only known at run time (`${prefix}.${refusal}`) are
 * the registry's and the refusal maps' (the tests above), not found here.
 */
function serverCodes(): { codes: string[]; unresolved: string[] } {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) { if (!['seed', 'migrations', 'cli'].includes(name)) walk(path); } else if (path.endsWith('.ts')) files.push(path);
    }
  };
  walk('src/server');
  walk('src/shared');
  const errorPrefixOf = new Map<string, string>();
  for (const mod of Object.values(RESOURCES)) {
    for (const [name, value] of Object.entries(mod)) {
      const prefix = (value as { errorPrefix?: unknown } | null)?.errorPrefix;
      if (typeof prefix === 'string') errorPrefixOf.set(name, prefix);
    }
  }
  const literal = new RegExp(`'((?:${FAMILIES.join('|')})\\.[a-z_]+\\.[a-z0-9_]+)'`, 'g');
  const codes: string[] = [];
  const unresolved: string[] = [];
  for (const file of files) {
    const src = readFileSync(file, 'utf8');
    codes.push(...[...src.matchAll(literal)].map((m) => m[1]!).filter((c) => !ADMIN_STREAM_NAMES.includes(c)));
    const prefixes = new Map<string, string>();
    for (const m of src.matchAll(new RegExp(`const (\\w+) = '(${CODE_TEXT})';`, 'g'))) prefixes.set(m[1]!, m[2]!);
    for (const m of src.matchAll(/const (\w+) = (\w+)\.errorPrefix;/g)) {
      const prefix = errorPrefixOf.get(m[2]!);
      if (prefix) prefixes.set(m[1]!, prefix); else unresolved.push(`${file}: ${m[0]}`);
    }
    for (const m of src.matchAll(/`\$\{(\w+)\}\.([a-z0-9_]+)`/g)) {
      const prefix = prefixes.get(m[1]!);
      if (prefix) codes.push(`${prefix}.${m[2]}`);
    }
    // An endpoint's prefix handed to a helper (the first `prefix:` of the call's options), as a literal
    // or one of the file's constants.
    const handed = new RegExp(`prefix: (?:'(${CODE_TEXT})'|(\\w+))`);
    for (const [helper, suffixes] of Object.entries(PREFIXED_BY)) {
      for (let at = src.indexOf(helper); at >= 0; at = src.indexOf(helper, at + 1)) {
        const m = handed.exec(src.slice(at, at + 400));
        const prefix = m && (m[1] ?? prefixes.get(m[2]!));
        if (prefix) codes.push(...suffixes.map((x) => `${prefix}.${x}`));
      }
    }
  }
  return { codes: [...new Set(codes)], unresolved };
}

describe('translations of error codes', () => {
  it('gives every code of the shared catalogue its own text in the table', () => {
    const missing = Object.keys(ERRORS).filter(forConsole).filter((c) => translation(c) === undefined);
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

  it('translates every code the server source writes out, as a literal or from a prefix of its file', () => {
    const { codes, unresolved } = serverCodes();
    expect(unresolved).toEqual([]);
    expect(codes.length).toBeGreaterThan(300);
    expect(lacking(codes)).toEqual([]);
    // The node clients' codes (issue 29 item 10: shown raw on the blockchain page) are among them.
    expect(codes).toEqual(expect.arrayContaining(['admin.blockchain.node_unreachable', 'admin.blockchain.block_not_found',
      'admin.provider_transaction.missing_reference', 'admin.wallet_transfer.idempotency_key_reused']));
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
