/**
 * Default permission rows (Barong RBAC, openware-api.md §5.1), one set per role of spec §6.
 * The shape follows Barong's config/seeds.yml: ACCEPT rows grant a path prefix, DROP rows carve
 * holes that beat any ACCEPT, AUDIT rows record an admin activity for staff writes. Unlike Barong's
 * hand-written per-path rows, a staff role's admin rows are derived route by route from what each
 * route's handler asks for and the role's abilities (route-rows.ts), so the gateway lets a role reach
 * exactly the admin routes its abilities allow; rows staff add later narrow that on purpose.
 */
import { createHash } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
import { anyPermission, insertPermissions } from '../db/queries/permissions.js';
import { routeRows, type RouteRow } from './route-rows.js';

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

/** The account APIs every signed-in user calls, applogic's aside (below). */
const OWN = ['api/v2/peatio/account', 'api/v2/peatio/market', 'api/v2/finex/market', 'api/v2/barong/resource'];

/** What every account may call: its own account, markets, resources, applogic and the public stream. */
const USER_APIS = [...accept('all', ...OWN, 'api/v2/applogic'), ...accept('get', 'api/v2/ranger')];

/** Both ability endpoints, and "we are watching after you": every staff write is audited. */
const STAFF_EXTRAS = [
  ...accept('all', `${P}/abilities`, `${B}/abilities`),
  { verb: 'post' as const, path: 'api/v2/', action: 'audit' as const },
  { verb: 'put' as const, path: 'api/v2/', action: 'audit' as const },
  { verb: 'delete' as const, path: 'api/v2/', action: 'audit' as const },
];
const STAFF = [...USER_APIS, ...STAFF_EXTRAS];

/** Customers: user APIs only. The applogic admin area is dropped so no admin call of any service accepts them. */
const CUSTOMER = [...USER_APIS, ...accept('get', 'api/v2/open_finance'), ...drop('all', 'api/v2/applogic/admin')];

type Row = Omit<PermissionSeed, 'role'>;

/**
 * A staff role's rows (issue 28 item 5): its own APIs — of applogic only the members' area, since an
 * ACCEPT of all applogic would open its admin area to every verb — the extras, its saved views
 * (issue 17: any staff role keeps them), and the admin routes its abilities allow, route by route
 * (route-rows.ts). A derived row an own row already covers is left out.
 */
function derivedStaffRows(role: string): Row[] {
  const own: Row[] = [
    ...accept('all', ...OWN, 'api/v2/applogic/wonka'), ...accept('get', 'api/v2/ranger'), ...STAFF_EXTRAS, ...accept('all', `${B}/views`),
  ];
  const covered = (r: RouteRow) => own.some((o) => o.action === 'accept' && (o.verb === 'all' || o.verb === r.verb) && r.path.startsWith(o.path));
  return [...own, ...routeRows(role).filter((r) => r.action === 'drop' || !covered(r)).map((r) => ({ ...r, verb: r.verb as PermissionVerb }))];
}

/** Each role's rows, made when first asked for: deriving the staff rows walks every admin route. */
const BY_ROLE: Record<string, () => Row[]> = {
  // Superadmin reaches the whole system.
  superadmin: () => [...accept('all', 'api/v2'), ...STAFF],
  // Spec §6: admins change roles, manage permissions and restrictions and read admin activities.
  admin: () => [...accept('all', 'api/v2'), ...STAFF, ...accept('get', 'api/v2/open_finance')],
  accountant: () => derivedStaffRows('accountant'),
  compliance: () => derivedStaffRows('compliance'),
  technical: () => [...derivedStaffRows('technical'), ...accept('get', 'api/v2/open_finance')],
  support: () => derivedStaffRows('support'),
  manager: () => derivedStaffRows('manager'),
  broker: () => [...derivedStaffRows('broker'), ...accept('get', 'api/v2/open_finance')],
  investor: () => derivedStaffRows('investor'),
  trader: () => CUSTOMER,
  member: () => CUSTOMER,
};

let defaults: PermissionSeed[] | null = null;
/** Every default row, role by role (derived once, on first use: the seed and the upgrade on start). */
export function defaultPermissions(): readonly PermissionSeed[] {
  defaults ??= Object.entries(BY_ROLE).flatMap(([role, rows]) => rows().map((r) => ({ role, ...r })));
  return defaults;
}

/** The roles the spec knows (§6); POST /admin/permissions accepts these even before a row exists. */
export const KNOWN_ROLES = Object.keys(BY_ROLE);

/** Inserts the defaults (stored the way Barong stores them: verb and action upper-cased). */
export async function seedPermissions(kysely: Kysely<DB>, rows: readonly PermissionSeed[] = defaultPermissions()): Promise<number> {
  await insertPermissions(kysely, rows.map((r) => ({
    role: r.role,
    verb: r.verb.toUpperCase(),
    path: r.path,
    action: r.action.toUpperCase(),
    topic: r.topic ?? null,
  })));
  return rows.length;
}

/** A role's set of rows as one short hash (order-free): how a stored set is recognised as a past default. */
export function fingerprint(rows: readonly { verb: string; path: string; action: string; topic?: string | null }[]): string {
  const lines = rows.map((r) => `${r.verb.toUpperCase()} ${r.path} ${r.action.toUpperCase()} ${r.topic ?? ''}`).sort();
  return createHash('sha256').update(lines.join('\n')).digest('hex').slice(0, 16);
}

/**
 * The fingerprints of the default rows earlier versions seeded, per role. A role whose stored rows are
 * exactly one of these was never edited by staff, so its rows are replaced by today's defaults on
 * start; a role staff changed keeps its rows. When the defaults change, add the old fingerprints here
 * (tests/server/permissions-seed.test.ts pins today's).
 */
export const PAST_DEFAULTS: Record<string, readonly string[]> = {
  // Hand-written per-path rows (before they were derived from the abilities, issue 10 item 12).
  // Then: before the saved views' row (issue 17); the last of each list: a service's whole admin tree
  // per role (every verb where it changed something, GET where it only read), before the rows followed
  // the routes (issue 28 item 5).
  accountant: ['20e4c2e00148c7b8', '204e8daba268c509', '8dde3d95f6e4ec20'],
  // Reads only on the exchange, before compliance reviewed withdrawals (update Withdraw, issue 12).
  // The last: before the KYC documents' file route (issue 27 item 2: GET admin/documents, read Document).
  compliance: ['3aca3d811f8e90a4', '3d88e668c22bc4c8', 'd1d5f829754a4c71', '8b6316db6c5a6af2', '08645c587ee79c13', '7169e01c9d4fe9bc'],
  technical: ['5c3ab9c80ef1ea7c', '9d276c5a6b73e5b0', '88a22dbca0990e01'],
  // Reads only, before support could cancel orders (update Order, issue 12).
  support: ['31d07b951ee71e4f', '22f9813609452881', 'd1d5f829754a4c71', '8b6316db6c5a6af2', '08645c587ee79c13'],
  manager: ['e5212ca64ca14756', '7015ad0b07bb945d', '8f7efd8db3a9434f'],
  broker: ['9c4ee8d42200fb5b', 'bdc6112e0d8680ce', '79c391eba2fb20c7'],
  investor: ['e5212ca64ca14756', '7015ad0b07bb945d', '8f7efd8db3a9434f'],
};

/** Replaces the rows of every role still holding a past default set; the roles replaced. */
export async function upgradeDefaultPermissions(kysely: Kysely<DB>): Promise<string[]> {
  const run = async (trx: Kysely<DB>) => {
    // One starting node at a time decides (the others then find today's defaults).
    await sql`LOCK TABLE permissions IN EXCLUSIVE MODE`.execute(trx);
    const stored = await trx.selectFrom('permissions').select(['role', 'verb', 'path', 'action', 'topic']).execute();
    const replaced: string[] = [];
    for (const [role, past] of Object.entries(PAST_DEFAULTS)) {
      const rows = stored.filter((r) => r.role === role);
      if (rows.length === 0 || !past.includes(fingerprint(rows))) continue;
      await trx.deleteFrom('permissions').where('role', '=', role).execute();
      await seedPermissions(trx, defaultPermissions().filter((r) => r.role === role));
      replaced.push(role);
    }
    return replaced;
  };
  return kysely.isTransaction ? run(kysely) : kysely.transaction().execute(run);
}

/**
 * Seeds the defaults into an empty table. Without any row nobody passes authz, and the first row
 * cannot be added through the API either, so a fresh database (first start, seed CLI) needs this.
 * A table with rows gets past defaults upgraded (upgradeDefaultPermissions) and nothing else.
 */
export async function ensureDefaultPermissions(kysely: Kysely<DB>): Promise<number> {
  if (!(await anyPermission(kysely))) return seedPermissions(kysely);
  const replaced = await upgradeDefaultPermissions(kysely);
  return defaultPermissions().filter((r) => replaced.includes(r.role)).length;
}
