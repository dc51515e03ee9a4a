/**
 * Default permission rows (Barong RBAC, openware-api.md §5.1), one set per role of spec §6.
 * The shape follows Barong's config/seeds.yml: ACCEPT rows grant a path prefix, DROP rows carve
 * holes that beat any ACCEPT, AUDIT rows record an admin activity for staff writes. Where the spec
 * departs from stock Barong the rows follow the spec (noted inline).
 */
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
import { anyPermission, insertPermissions } from '../db/queries/permissions.js';

export type PermissionVerb = 'get' | 'post' | 'put' | 'delete' | 'head' | 'patch' | 'all';
export type PermissionAction = 'accept' | 'drop' | 'audit';

/** One seeded row; verb/action are lower-case here and upper-cased when stored (Barong does the same). */
export interface PermissionSeed {
  role: string;
  verb: PermissionVerb;
  path: string;
  action: PermissionAction;
  topic?: string;
}

const B = 'api/v2/barong/admin';
const P = 'api/v2/peatio/admin';

const accept = (verb: PermissionVerb, ...paths: string[]) => paths.map((path) => ({ verb, path, action: 'accept' as const }));
const drop = (verb: PermissionVerb, ...paths: string[]) => paths.map((path) => ({ verb, path, action: 'drop' as const }));

/** What every account may call: its own account, markets, resources, applogic and the public stream. */
const USER_APIS = [
  ...accept('all', 'api/v2/peatio/account', 'api/v2/peatio/market', 'api/v2/finex/market', 'api/v2/barong/resource', 'api/v2/applogic'),
  ...accept('get', 'api/v2/ranger'),
];

/** Staff extras: both ability endpoints, and "we are watching after you": every write is audited. */
const STAFF = [
  ...USER_APIS,
  ...accept('all', `${P}/abilities`, `${B}/abilities`),
  { verb: 'post' as const, path: 'api/v2/', action: 'audit' as const },
  { verb: 'put' as const, path: 'api/v2/', action: 'audit' as const },
  { verb: 'delete' as const, path: 'api/v2/', action: 'audit' as const },
];

/** Customers: user APIs only. The applogic admin area is dropped so no admin call of any service accepts them. */
const CUSTOMER = [...USER_APIS, ...accept('get', 'api/v2/open_finance'), ...drop('all', 'api/v2/applogic/admin')];

/** Console read access for the read-mostly staff roles on the allowed list (no upstream rows exist for them). */
const CONSOLE_READER = [
  ...STAFF,
  ...accept('get', B, P),
  ...drop('all', `${B}/permissions`, `${B}/activities/admin`, `${B}/restrictions`),
];

type Row = Omit<PermissionSeed, 'role'>;

const BY_ROLE: Record<string, Row[]> = {
  // Superadmin reaches the whole system.
  superadmin: [...accept('all', 'api/v2'), ...STAFF],
  // Spec §6: admins change roles, manage permissions and restrictions and read admin activities,
  // so stock Barong's drops on permissions, users/role and activities/admin are not carried over.
  admin: [...accept('all', 'api/v2'), ...STAFF, ...accept('get', 'api/v2/open_finance')],
  accountant: [
    ...STAFF,
    ...accept('get', B),
    ...accept('get', ...['members', 'beneficiaries', 'currencies', 'blockchains', 'orders', 'markets', 'engine', 'trades',
      'deposits', 'withdraws', 'adjustments', 'assets', 'liabilities', 'revenues', 'expenses'].map((p) => `${P}/${p}`)),
    // Spec §6: accountants manage adjustments (create, then accept or reject).
    ...accept('post', `${P}/adjustments/new`, `${P}/adjustments/action`),
    // Its per-attribute Currency update (visible, deposit/withdrawal switches); the handler checks the fields.
    ...accept('post', `${P}/currencies/update`),
    ...drop('get', `${B}/users/documents/pending`),
    ...drop('all', `${B}/users/role`, `${B}/permissions`, `${B}/activities/admin`),
  ],
  compliance: [
    ...STAFF,
    ...accept('get', B),
    // Users, labels, comments and KYC documents live under admin/users; profiles are KYC too.
    ...accept('all', `${B}/users`, `${B}/profiles`),
    // Compliance reads blockchains (ability `read Blockchain`), so only blockchain writes stay closed
    // (there is no ACCEPT for them) instead of Barong's blanket drop.
    ...accept('get', ...['members', 'beneficiaries', 'currencies', 'blockchains', 'deposits', 'withdraws', 'assets',
      'liabilities', 'expenses', 'markets', 'engine', 'trades', 'orders'].map((p) => `${P}/${p}`)),
    ...drop('all', ...['adjustments', 'revenues', 'wallets', 'trading_fees', 'withdraw_limits'].map((p) => `${P}/${p}`)),
    // Unlike stock Barong, compliance reads admin activities (ability AdminActivity): it audits staff actions.
    ...drop('all', `${B}/restrictions`, `${B}/users/role`, `${B}/permissions`),
  ],
  technical: [
    ...STAFF,
    ...accept('get', B, P, 'api/v2/open_finance'),
    ...accept('all', ...['blockchains', 'currencies', 'markets', 'engines', 'wallets', 'trading_fees', 'withdraw_limits', 'bots']
      .map((p) => `${P}/${p}`)),
    ...accept('delete', 'api/v2/finex/admin/bulk/orders_by_id'),
    ...accept('post', 'api/v2/finex/admin/orders/cancel'),
    ...accept('all', `${B}/restrictions`),
    ...drop('all', `${P}/deposits`, `${P}/withdraws`, `${P}/adjustments`),
    ...drop('get', `${B}/users/documents/pending`),
    ...drop('all', `${B}/activities/admin`, `${B}/permissions`),
  ],
  support: [
    ...STAFF,
    ...accept('get', B, P),
    // Support may disable a user's 2FA.
    ...accept('post', `${B}/users/update`),
    ...drop('all', ...['adjustments', 'revenues', 'blockchains', 'wallets', 'trading_fees', 'withdraw_limits'].map((p) => `${P}/${p}`)),
    // Support reads admin activities too (ability AdminActivity): "support reads users and logs".
    ...drop('all', `${B}/restrictions`, `${B}/permissions`),
  ],
  manager: CONSOLE_READER,
  broker: [...CONSOLE_READER, ...accept('get', 'api/v2/open_finance')],
  investor: CONSOLE_READER,
  trader: CUSTOMER,
  member: CUSTOMER,
};

/** Every default row, role by role. */
export const DEFAULT_PERMISSIONS: PermissionSeed[] = Object.entries(BY_ROLE).flatMap(([role, rows]) =>
  rows.map((r) => ({ role, ...r })),
);

/** The roles the spec knows (§6); POST /admin/permissions accepts these even before a row exists. */
export const KNOWN_ROLES = Object.keys(BY_ROLE);

/** Inserts the defaults (stored the way Barong stores them: verb and action upper-cased). */
export async function seedPermissions(kysely: Kysely<DB>, rows: PermissionSeed[] = DEFAULT_PERMISSIONS): Promise<number> {
  await insertPermissions(kysely, rows.map((r) => ({
    role: r.role,
    verb: r.verb.toUpperCase(),
    path: r.path,
    action: r.action.toUpperCase(),
    topic: r.topic ?? null,
  })));
  return rows.length;
}

/**
 * Seeds the defaults only into an empty table. Without any row nobody passes authz, and the first row
 * cannot be added through the API either, so a fresh database (first start, seed CLI) needs this.
 */
export async function ensureDefaultPermissions(kysely: Kysely<DB>): Promise<number> {
  return (await anyPermission(kysely)) ? 0 : seedPermissions(kysely);
}
