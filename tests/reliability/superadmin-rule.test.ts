/**
 * Issue 30 item 3: the superadmin rule on every write that names a user. Walks the staff write routes
 * (Fastify's route table; each route's valid request from helpers/writes.ts, its target user made a
 * superadmin) and:
 * - finds every route whose request names a user (a target user made for it, a uid in its path or body),
 *   and requires a decision for each: GUARDED (the rule applies, with its code) or NOT_THE_RULE (why not);
 * - as an admin, every guarded write on a superadmin is refused with the rule's code and changes nothing
 *   (checksums of every table; append-only logs excepted, see helpers/checksums.ts);
 * - as a superadmin, each one goes through.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../helpers/app.js';
import { signInAs, type SignedIn } from '../helpers/auth.js';
import { createUser } from '../helpers/users.js';
import { changed, checkedTables, checksums } from './helpers/checksums.js';
import { isWrite, NOT_ADMIN_WRITES, routeKey, writeCaseFor, type Ctx, type WriteRequest } from './helpers/writes.js';

const B = '/api/v2/barong/admin';
const P = '/api/v2/peatio/admin';
const AL = '/api/v2/applogic/admin';
const USER = 'admin.user.superadmin_change';

/** The rule applies: a superadmin's account or identity, changed by a superadmin only; the code it answers. */
const GUARDED: Record<string, string> = {
  [`POST ${B}/users/update`]: USER, // standing (state) and 2FA
  [`PUT ${B}/users`]: USER, // standing, 2FA, e-mail, phone, referrer
  [`POST ${B}/users/role`]: USER,
  [`POST ${B}/users/labels`]: USER,
  [`POST ${B}/users/labels/update`]: USER,
  [`PUT ${B}/users/labels`]: USER,
  [`DELETE ${B}/users/labels`]: USER,
  [`POST ${B}/profiles`]: 'admin.profiles.superadmin_change',
  [`PUT ${B}/profiles`]: 'admin.profiles.superadmin_change',
  [`POST ${B}/users/comments`]: USER, // a comment is a User update (auth/users/comments.ts)
  [`PUT ${B}/users/comments`]: USER,
  [`DELETE ${B}/users/comments`]: USER,
  [`DELETE ${B}/users/:uid/sessions`]: USER,
  [`POST ${B}/email-notifications`]: USER, // which e-mails the account gets: sign-in alerts, 2FA changes …
  [`PUT ${P}/members/:uid`]: USER, // the member's fee group
  [`POST ${P}/members/min_swap_amount`]: USER,
};

/** Writes that name a user, and why the superadmin rule is not theirs (README → Security: the superadmin rule). */
const NOT_THE_RULE: Record<string, string> = {
  [`POST ${B}/notification/push`]: 'a message to the user\'s devices: it changes nothing of the account',
  [`POST ${B}/service_logs`]: 'a test message through a provider: it changes nothing of the account',
  [`POST ${P}/members/lock_funds`]: 'stricter rules of its own: only a superadmin calls it, and only on an investor',
  [`POST ${P}/adjustments/new`]: 'money: pending until another staff member accepts it (four-eyes)',
  [`POST ${P}/adjustments/action`]: 'money: the accept of another staff member\'s adjustment',
  [`POST ${P}/deposits/new`]: 'money: recorded, credited only when another staff member accepts it',
  [`POST ${P}/deposits/actions`]: 'money: a deposit found on chain or recorded by staff, decided',
  [`POST ${P}/deposits/:id/refund`]: 'money: a suspicious deposit sent back',
  [`POST ${P}/withdraws/actions`]: 'money: the member\'s own request, decided (four-eyes above the review amount)',
  [`POST ${P}/orders/:id/cancel`]: 'trading: cancelling an order releases its locked funds to its owner',
  [`POST ${P}/bulk/orders_by_id`]: 'trading: cancelling orders',
  [`DELETE ${P}/bulk/orders_by_id`]: 'trading: cancelling orders',
  [`POST ${P}/orders/cancel`]: 'trading: cancelling a market\'s orders',
  [`POST ${AL}/investments/new`]: 'money: a presale purchase from the member\'s balance',
  [`POST ${AL}/bonuses/new`]: 'money: a credit; above the review amount another staff member approves it',
  [`POST ${AL}/bonuses/action`]: 'money: another staff member\'s bonus, decided',
  [`POST ${AL}/rewards/new`]: 'money: a credit, pending until paid',
  [`POST ${AL}/rewards/action`]: 'money: a pending reward, paid or cancelled',
  [`POST ${AL}/nfe_transactions/new`]: 'an asset: an NFE item moved between holders',
};

/**
 * A request the route catalogue does not make, where its own request is refused an admin for another
 * reason first (REFUSED_FIRST: only a superadmin changes an e-mail, whoever's it is).
 */
const VARIANTS: Record<string, (c: Ctx) => Promise<WriteRequest>> = {
  [`PUT ${B}/users`]: async (c) => {
    const u = await createUser(c.t.db, { role: c.targetRole });
    c.targets?.push(u.uid);
    return { url: `${B}/users`, body: { uid: u.uid, phone_number: '447700900123' } };
  },
};
const REFUSED_FIRST: Record<string, string> = {};

type Prepare = (c: Ctx) => Promise<WriteRequest>;
/** The requests a guarded route is walked with, and the code an admin gets for each on a superadmin. */
function walks(route: { method: string; url: string }): Array<[Prepare, string]> {
  const key = routeKey(route);
  const variant = VARIANTS[key];
  return [[writeCaseFor(route).prepare, REFUSED_FIRST[key] ?? GUARDED[key]!], ...(variant ? [[variant, GUARDED[key]!] as [Prepare, string]] : [])];
}

const NAMES_USER = /(^|_)uid$|^(user|member)_id$/;

let t: TestApp;
let su: SignedIn, admin: SignedIn;
let tables: string[];

beforeAll(async () => {
  t = await testApp();
  su = (await signInAs(t, 'superadmin')).session;
  admin = (await signInAs(t, 'admin')).session;
  tables = await checkedTables(t.db.kysely);
});
afterAll(async () => { await t?.close(); });

const writeRoutes = () => t.app.routeList.filter((r) => isWrite(r.method) && !NOT_ADMIN_WRITES[routeKey(r)]);

/** A fresh valid request on the route, its target users superadmins; and whether it names a user. */
async function superadminTarget(route: { method: string; url: string }, prepare: Prepare = writeCaseFor(route).prepare) {
  const c: Ctx = { t, su, targetRole: 'superadmin', targets: [] };
  const req = await prepare(c);
  const names = c.targets!.length > 0 || route.url.includes(':uid')
    || Object.entries(req.body ?? {}).some(([k, v]) => NAMES_USER.test(k) && typeof v === 'string' && v !== '');
  return { req, names };
}

const send = (who: SignedIn, method: string, req: WriteRequest) => t.app.inject({
  method: method as 'POST', url: req.url, headers: who.headers(), ...(req.body ? { payload: req.body } : {}),
});

describe('the superadmin rule on every write that names a user', () => {
  it('has a decision for every staff write route that names a user', async () => {
    const keys = new Set(writeRoutes().map(routeKey));
    const named: string[] = [];
    for (const route of writeRoutes()) if ((await superadminTarget(route)).names) named.push(routeKey(route));
    expect(named.filter((k) => !(k in GUARDED) && !(k in NOT_THE_RULE)), 'routes naming a user without a decision').toEqual([]);
    expect(Object.keys(GUARDED).filter((k) => !named.includes(k)), 'guarded routes that name no user').toEqual([]);
    expect([...Object.keys(GUARDED), ...Object.keys(NOT_THE_RULE)].filter((k) => !keys.has(k)), 'decisions for no route').toEqual([]);
  });

  it('refuses an admin every guarded write on a superadmin with the rule\'s code, changing nothing', async () => {
    const problems: string[] = [];
    for (const route of writeRoutes().filter((r) => routeKey(r) in GUARDED)) {
      for (const [prepare, code] of walks(route)) {
        const { req } = await superadminTarget(route, prepare);
        const before = await checksums(t.db.kysely, tables);
        const res = await send(admin, route.method, req);
        const diff = changed(before, await checksums(t.db.kysely, tables));
        const where = `${routeKey(route)} ${JSON.stringify(req.body ?? {}).slice(0, 60)}`;
        if (res.statusCode !== 422 || JSON.stringify(res.json().errors) !== JSON.stringify([code])) problems.push(`${where}: ${res.statusCode} ${res.body.slice(0, 100)}`);
        if (diff.length) problems.push(`${where}: refused but changed ${diff.join(', ')}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('lets a superadmin make each of them', async () => {
    const problems: string[] = [];
    for (const route of writeRoutes().filter((r) => routeKey(r) in GUARDED)) {
      for (const [prepare] of walks(route)) {
        const { req } = await superadminTarget(route, prepare);
        const res = await send(su, route.method, req);
        if (res.statusCode >= 300) problems.push(`${routeKey(route)}: ${res.statusCode} ${res.body.slice(0, 100)}`);
      }
    }
    expect(problems).toEqual([]);
  });
});
