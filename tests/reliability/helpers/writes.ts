/**
 * One valid request for every write route the server registers, on rows of its own: generic resources
 * derive theirs from the registry (create with a sample of every required field, update of one field
 * of a row just created), bespoke routes have an entry in BESPOKE. A write route in neither, nor in
 * NOT_ADMIN_WRITES, fails writeCaseFor: a new route must say how it is exercised.
 */
import type { TestApp } from '../../helpers/app.js';
import type { SignedIn } from '../../helpers/auth.js';
import { createUser } from '../../helpers/users.js';
import { validBody } from '../../helpers/resource-samples.js';
import { COUNTRIES } from '../../../src/shared/countries.js';
import { inputNameOf, RESOURCES, writableFields, type Resource } from '../../../src/shared/resources/index.js';
import { startNodeSimulator, type NodeSimulator } from '../../../src/server/exchange/nodes/simulator.js';
import { post } from '../../../src/server/ledger/post.js';
import { marketInfo, placeOrder } from '../../../src/server/trading/orders.js';
import { submitWithdraw } from '../../../src/server/money/withdraws.js';
import { giveBonus } from '../../../src/server/money/bonuses.js';
import { addCampaignReward } from '../../../src/server/money/rewards.js';

export interface Ctx {
  t: TestApp;
  su: SignedIn;
  /**
   * The role of the user a request is about (a label's, a comment's, a deposit's member …): a member
   * unless set. Those users' uids are collected in `targets`, so a caller can tell which requests name a user.
   */
  targetRole?: string;
  targets?: string[];
}

export interface WriteRequest { url: string; body?: Record<string, unknown> }

export interface WriteCase {
  /**
   * 'unique': identical requests take effect once, the others are refused (a create of a unique value,
   * a state transition, a delete); 'repeatable': each one succeeds (a record per call, or the same update).
   */
  kind: 'unique' | 'repeatable';
  /** A valid request on fresh rows (a new user, label, comment …). */
  prepare(c: Ctx): Promise<WriteRequest>;
}

/** Writes that are not staff writes: their concurrency is the sign-in throttle's (tests/server/throttle.test.ts). */
export const NOT_ADMIN_WRITES: Record<string, string> = {
  'POST /api/v2/barong/identity/sessions/new': 'sign-in',
  'POST /api/v2/barong/identity/sessions': 'sign-in by e-mail',
  'DELETE /api/v2/barong/identity/sessions': 'sign-out (ends the caller\'s own session)',
  'POST /api/v2/barong/identity/users/access': 'redeeming a whitelink token (anyone; one use each: tests/server/restrictions.test.ts)',
  // Signed by the provider, not a staff session: bad signatures, redeliveries and order in tests/server/provider-webhooks.test.ts.
  'POST /api/v2/applogic/public/webhooks/simplex': 'a Simplex webhook (HMAC-signed by the provider)',
  'POST /api/v2/applogic/public/webhooks/banxa': 'a Banxa webhook (HMAC-signed by the provider)',
  'POST /api/v2/applogic/public/webhooks/stripe': 'a Stripe webhook (HMAC-signed by the provider)',
  // A member's own calls, not staff writes: a quote per call; a swap once per quote, concurrency in tests/server/wonka.test.ts.
  'POST /api/v2/applogic/wonka/quotes': "a member's Wonka quote (one row per call)",
  'POST /api/v2/applogic/wonka/swaps': "a member's swap of their quote (once per quote: tests/server/wonka.test.ts)",
  // A member's own KYC upload (multipart): refusals, the per-account cap under a lock of the user's row, in tests/server/documents.test.ts.
  'POST /api/v2/barong/resource/documents': "a member's KYC document upload (multipart, their own account)",
  // A member's own orders (Peatio's market API): refusals, ownership and the ledger in tests/server/market-api.test.ts.
  'POST /api/v2/peatio/market/orders': "a member's order (one per call, through the engine and the ledger)",
  'POST /api/v2/peatio/market/orders/:id/cancel': "a member's cancel of their own order (once per order)",
  'POST /api/v2/peatio/market/orders/cancel': "a member's cancel of all their waiting orders (repeatable)",
  // A member's own money calls (customer sessions only): refusals, pins once, 2FA, ownership, the queue and
  // concurrent locks in tests/server/member-money.test.ts.
  'POST /api/v2/peatio/account/beneficiaries': "a member's withdrawal address (pending until its e-mailed pin)",
  'PATCH /api/v2/peatio/account/beneficiaries/:id/activate': "activating a member's own beneficiary (the pin once)",
  'PATCH /api/v2/peatio/account/beneficiaries/:id/resend_pin': "a new pin for a member's own pending beneficiary (once a minute)",
  'DELETE /api/v2/peatio/account/beneficiaries/:id': "archiving a member's own beneficiary (once)",
  'POST /api/v2/peatio/account/withdraws': "a member's withdrawal (2FA code, through the ledger into the approval queue)",
  // A customer's own identity calls (server/auth/customer/): throttles, single-use codes and fences in
  // tests/server/customer-identity.test.ts and customer-resources.test.ts.
  'POST /api/v2/barong/identity/users': 'a sign-up (throttled per address)',
  'POST /api/v2/barong/identity/users/email/generate_code': 'a new confirmation link (201 for any address)',
  'POST /api/v2/barong/identity/users/email/confirm_code': 'confirming an e-mail (the token once)',
  'POST /api/v2/barong/identity/users/password/generate_code': 'a password reset code (201 for any address)',
  'POST /api/v2/barong/identity/users/password/confirm_code': 'a password reset (the token once)',
  'POST /api/v2/barong/identity/password/validate': "rating a password's strength (writes nothing)",
  'PUT /api/v2/barong/resource/users/password': "a user's own password change",
  'POST /api/v2/barong/resource/profiles': "a customer's own profile",
  'PUT /api/v2/barong/resource/profiles': "a customer's own profile edit",
  'POST /api/v2/barong/resource/phones': "a customer's own phone",
  'POST /api/v2/barong/resource/phones/send_code': "an SMS code for a customer's own phone",
  'POST /api/v2/barong/resource/phones/verify': "verifying a customer's own phone (the code once)",
  'POST /api/v2/barong/resource/otp/generate_qrcode': "a user's own new 2FA secret",
  'POST /api/v2/barong/resource/otp/enable': "turning a user's own 2FA on",
  'POST /api/v2/barong/resource/otp/disable': "turning a user's own 2FA off",
};

let seq = 0;
/** Lower-case letters only (an email type's name allows nothing else), different on every call. */
export const unique = (prefix = 'rel'): string => {
  seq += 1;
  let n = seq + process.pid * 1000, s = '';
  do { s += String.fromCharCode(97 + (n % 26)); n = Math.floor(n / 26); } while (n > 0);
  return `${prefix}${s}`;
};

const db = (c: Ctx) => c.t.db.kysely;
/** A saved view of the caller's, through the API (its owner is the signed-in caller). */
async function savedView(c: Ctx): Promise<number> {
  const res = await c.t.app.inject({ method: 'POST', url: `/api/v2/barong/admin/views`, headers: c.su.headers(),
    payload: { name: unique('view'), list: 'users', query: { filters: {} } } });
  if (res.statusCode !== 201) throw new Error(`saving a view: ${res.statusCode} ${res.body}`);
  return (res.json() as { id: number }).id;
}
/** A user of `role`, or else the request's target user (Ctx.targetRole, recorded in Ctx.targets). */
async function user(c: Ctx, role?: string) {
  const u = await createUser(c.t.db, { role: role ?? c.targetRole ?? 'member' });
  if (role === undefined) c.targets?.push(u.uid);
  return u;
}
const B = '/api/v2/barong/admin';
const P = '/api/v2/peatio/admin';
const AL = '/api/v2/applogic/admin';

/** The money fixtures: usd and rbtc, a market between them, and a member funded through the ledger. */
async function money(c: Ctx) {
  await db(c).insertInto('currencies').values([
    { code: 'usd', name: 'US Dollar', type: 'fiat', precision: 2 }, { code: 'rbtc', name: 'Reliability Bitcoin', type: 'coin', precision: 8 },
  ]).onConflict((oc) => oc.doNothing()).execute();
  const engine = await db(c).insertInto('engines').values({ name: 'reliability', driver: 'peatio' })
    .onConflict((oc) => oc.column('name').doUpdateSet({ driver: 'peatio' })).returning('id').executeTakeFirstOrThrow();
  await db(c).insertInto('markets').values({ id: 'rbtcusd', base_unit: 'rbtc', quote_unit: 'usd', engine_id: engine.id, state: 'enabled', data: '{}' } as never)
    .onConflict((oc) => oc.doNothing()).execute();
  return (await marketInfo(db(c), 'rbtcusd'))!;
}
async function funded(c: Ctx, role?: string) {
  await money(c);
  const u = await user(c, role);
  await post(db(c), { reference: { type: 'Deposit', id: u.id }, at: new Date(), entries: [
    { code: 101, currency: 'usd', credit: '1000' }, { code: 201, currency: 'usd', member: u.id, credit: '1000' },
    { code: 102, currency: 'rbtc', credit: '10' }, { code: 202, currency: 'rbtc', member: u.id, credit: '10' },
  ] });
  return u;
}
const investor = (c: Ctx) => funded(c, 'investor');
async function openOrder(c: Ctx) {
  const market = await money(c);
  const u = await funded(c);
  return placeOrder(db(c), { member: u.id, market, side: 'sell', price: '100', volume: '0.5', at: new Date() });
}
/** Two active wallets holding rbtc. */
async function transferRow(c: Ctx) {
  await money(c);
  await db(c).insertInto('blockchains').values({ key: 'rel-chain', name: 'Reliability chain', client: 'bitcoin' } as never).onConflict((oc) => oc.doNothing()).execute();
  const wallet = async (name: string, kind: string) => (await db(c).insertInto('wallets')
    .values({ name, kind, gateway: 'bitcoind', blockchain_key: 'rel-chain', currencies: JSON.stringify(['rbtc']) } as never)
    .onConflict((oc) => oc.column('name').doUpdateSet({ kind })).returning('id').executeTakeFirstOrThrow()).id;
  return { from_wallet_id: await wallet('rel-hot', 'hot'), to_wallet_id: await wallet('rel-cold', 'cold'), currency_id: 'rbtc', amount: '0.5', reason: 'reliability' };
}
const transferBody = transferRow;
/** A deposit found on chain, not yet accepted. */
async function submittedDeposit(c: Ctx) {
  await money(c);
  const u = await user(c);
  return (await db(c).insertInto('deposits').values({ user_id: u.id, currency_id: 'rbtc', amount: '0.5', fee: '0', type: 'coin', state: 'submitted' })
    .returning('id').executeTakeFirstOrThrow()).id;
}
/** A member's withdrawal request, its sum locked. */
async function submittedWithdraw(c: Ctx) {
  const u = await funded(c);
  return submitWithdraw(db(c), { member: u.id, currency: 'rbtc', type: 'coin', amount: '0.1', fee: '0', rid: 'addr', at: new Date() });
}
/** A pending adjustment by another staff member (its creator could not accept it). */
async function pendingAdjustment(c: Ctx) {
  await money(c);
  const creator = await user(c, 'accountant');
  return (await db(c).insertInto('adjustments').values({
    reason: 'r', description: 'd', category: 'misc', amount: '5', currency_id: 'usd', asset_account_code: 101, receiving_account_code: 301,
    receiving_member_id: null, creator_id: creator.id,
  }).returning('id').executeTakeFirstOrThrow()).id;
}
/** A bonus above usd's review amount given by another staff member, pending approval (its creator could not approve it). */
async function pendingBonus(c: Ctx) {
  await money(c);
  const [creator, u] = [await user(c, 'admin'), await user(c)];
  const made = await giveBonus(db(c), {
    member: { id: u.id, uid: u.uid }, currency: 'usd', amount: '100000', reason: 'reliability', creator: creator.id, at: new Date(), reviewAmounts: {},
  });
  if (typeof made === 'string') throw new Error(`pending bonus refused: ${made}`);
  return made.id;
}
/** A pending campaign reward (paid once by however many identical Pay requests). */
async function pendingReward(c: Ctx) {
  await money(c);
  const [creator, u] = [await user(c, 'admin'), await user(c)];
  const made = await addCampaignReward(db(c), { member: { id: u.id, uid: u.uid }, currency: 'usd', amount: '5', campaign: 'rel', creator: creator.id, at: new Date() });
  if (typeof made === 'string') throw new Error(`campaign reward refused: ${made}`);
  return made.id;
}
/** A settlement period of one past day no other case settles (a re-run of a period answers 201 and makes nothing twice). */
let settledDays = 0;
const settlePeriod = () => {
  settledDays += 1;
  const day = new Date(Date.UTC(2001, 0, 1) + (settledDays + (process.pid % 100) * 40) * 86_400_000).toISOString().slice(0, 10);
  return { from: day, to: day };
};
async function bonusBody(c: Ctx) {
  await money(c);
  return { uid: (await user(c)).uid, currency: 'usd', amount: '1', reason: 'reliability', campaign: 'rel' };
}
async function label(c: Ctx) {
  const u = await user(c);
  const key = unique('k');
  await db(c).insertInto('labels').values({ user_id: u.id, key, value: 'x', scope: 'public', description: null }).execute();
  return { uid: u.uid, key };
}
async function comment(c: Ctx) {
  const u = await user(c);
  return db(c).insertInto('comments').values({ user_id: u.id, author_uid: u.uid, title: 't', data: 'd' })
    .returning('id').executeTakeFirstOrThrow();
}
async function permission(c: Ctx) {
  return db(c).insertInto('permissions').values({ role: 'member', verb: 'GET', path: `api/v2/${unique()}`, action: 'ACCEPT', topic: null })
    .returning('id').executeTakeFirstOrThrow();
}

/** A running presale of rbtc for usd open for years either side of any clock, and a member funded in usd. */
async function investmentBody(c: Ctx) {
  const u = await funded(c);
  const res = await c.t.app.inject({ method: 'POST', url: `${AL}/presales/new`, headers: c.su.headers(), payload: {
    name: unique('presale'), token_currency: 'rbtc', price_currency: 'usd', price: '1', hard_cap: '1000000',
    start_date: '2000-01-01T00:00:00Z', end_date: '2100-01-01T00:00:00Z',
  } });
  const id = res.json().id;
  await c.t.app.inject({ method: 'POST', url: `${AL}/presales/action`, headers: c.su.headers(), payload: { id, action: 'start' } });
  return { uid: u.uid, presale_id: id, amount: '1' };
}

/** A pending coin application on a chain made for it, with a code no currency has. */
async function coinApplication(c: Ctx): Promise<number> {
  const chain = (await createRowWith(c, resource('blockchains'))).key as string;
  const code = `ca${unique().replace(/[^a-z0-9]/gi, '').slice(-8)}`;
  const { id } = await db(c).insertInto('coin_applications').values({
    project: unique('project'), token_name: 'Reliability token', token_code: code, blockchain_key: chain,
    contract_address: `0x${'ab'.repeat(20)}`, contact_email: 'listing@project.test',
  }).returning('id').executeTakeFirstOrThrow();
  return Number(id);
}

/** One user's choice for a fresh e-mail type. */
async function emailNotification(c: Ctx) {
  const u = await user(c);
  const type = await db(c).insertInto('email_types').values({ name: unique('mail') }).returning('id').executeTakeFirstOrThrow();
  return (await db(c).insertInto('email_notifications').values({ uid: u.uid, email_type_id: type.id }).returning('id').executeTakeFirstOrThrow()).id;
}

/** One loopback node for every scan the suite makes, started on first use. */
let node: Promise<NodeSimulator> | null = null;
const simulator = () => (node ??= startNodeSimulator({ seed: 5, chains: { bitcoin: { height: 5, addresses: [] } } }));

/** A user and an enabled e-mail provider for a test message to go through. */
async function testMessageUser(c: Ctx) {
  await db(c).insertInto('platform_settings').values({ service_type: 'email', service_name: 'reliability-smtp', state: 'enabled' } as never)
    .onConflict((oc) => oc.doNothing()).execute();
  return user(c);
}

const BESPOKE: Record<string, WriteCase> = {
  [`POST ${P}/currencies/update/lock_peer`]: {
    kind: 'repeatable',
    prepare: async (c) => ({ url: `${P}/currencies/update/lock_peer`, body: { code: await createRow(c, resource('currencies')), lock_peer: true } }),
  },
  // Scanning a block again records nothing more and answers the same.
  [`POST ${P}/blockchains/process_block`]: {
    kind: 'repeatable',
    prepare: async (c) => {
      const body = { ...(await createBody(c, resource('blockchains'))), client: 'bitcoin', server: (await simulator()).url('bitcoin') };
      const res = await c.t.app.inject({ method: 'POST', url: `${P}/blockchains/new`, headers: c.su.headers(), payload: body });
      return { url: `${P}/blockchains/process_block`, body: { id: res.json().id, block_number: 1 } };
    },
  },
  // The e-mail notification switch (P-A36): the row's id and the one flag, the same answer every time.
  [`POST ${B}/email-notifications`]: { kind: 'repeatable', prepare: async (c) => ({ url: `${B}/email-notifications`, body: { id: await emailNotification(c), enabled: false } }) },
  // A whitelink token per call (restrictions): each one new.
  [`POST ${B}/restrictions/whitelink`]: { kind: 'repeatable', prepare: async () => ({ url: `${B}/restrictions/whitelink`, body: { expire_time: 1, range: 'hour' } }) },
  // A test message per call (log transport: nothing leaves the machine), each its own service-log row.
  [`POST ${B}/service_logs`]: { kind: 'repeatable', prepare: async (c) => ({ url: `${B}/service_logs`, body: { uid: (await testMessageUser(c)).uid, service_type: 'email', message: 'M' } }) },
  [`POST ${B}/notification/push`]: { kind: 'repeatable', prepare: async (c) => ({ url: `${B}/notification/push`, body: { uid: (await user(c)).uid, title: 'T', message: 'M' } }) },
  [`POST ${B}/permissions`]: { kind: 'unique', prepare: async () => ({ url: `${B}/permissions`, body: { role: 'member', verb: 'get', path: `api/v2/${unique()}`, action: 'accept' } }) },
  [`PUT ${B}/permissions`]: { kind: 'repeatable', prepare: async (c) => ({ url: `${B}/permissions`, body: { id: (await permission(c)).id, path: `api/v2/${unique()}` } }) },
  [`DELETE ${B}/permissions`]: { kind: 'unique', prepare: async (c) => ({ url: `${B}/permissions`, body: { id: (await permission(c)).id } }) },
  [`POST ${B}/users/update`]: { kind: 'unique', prepare: async (c) => ({ url: `${B}/users/update`, body: { uid: (await user(c)).uid, state: 'banned', remark: 'reliability' } }) },
  [`PUT ${B}/users`]: { kind: 'unique', prepare: async (c) => ({ url: `${B}/users`, body: { uid: (await user(c)).uid, email: `${unique()}@example.com` } }) },
  [`POST ${B}/users/role`]: { kind: 'unique', prepare: async (c) => ({ url: `${B}/users/role`, body: { uid: (await user(c)).uid, role: 'support' } }) },
  [`POST ${B}/users/labels`]: { kind: 'unique', prepare: async (c) => ({ url: `${B}/users/labels`, body: { uid: (await user(c)).uid, key: unique('k'), value: 'x', scope: 'private' } }) },
  [`POST ${B}/users/labels/update`]: { kind: 'repeatable', prepare: async (c) => ({ url: `${B}/users/labels/update`, body: { ...(await label(c)), value: 'y', scope: 'public' } }) },
  [`PUT ${B}/users/labels`]: { kind: 'repeatable', prepare: async (c) => ({ url: `${B}/users/labels`, body: { ...(await label(c)), value: 'y', scope: 'public' } }) },
  [`DELETE ${B}/users/labels`]: { kind: 'unique', prepare: async (c) => ({ url: `${B}/users/labels`, body: { ...(await label(c)), scope: 'public' } }) },
  // Ending a user's sessions again ends none, and still succeeds.
  [`DELETE ${B}/users/:uid/sessions`]: { kind: 'repeatable', prepare: async (c) => ({ url: `${B}/users/${(await user(c)).uid}/sessions` }) },
  // Saved views (issue 17): one name per owner, so two identical saves keep one.
  [`POST ${B}/views`]: { kind: 'unique', prepare: async () => ({ url: `${B}/views`, body: { name: unique('view'), list: 'users', query: { filters: { state: 'banned' } } } }) },
  [`PUT ${B}/views`]: { kind: 'repeatable', prepare: async (c) => ({ url: `${B}/views`, body: { id: await savedView(c), role: 'support' } }) },
  [`DELETE ${B}/views`]: { kind: 'unique', prepare: async (c) => ({ url: `${B}/views`, body: { id: await savedView(c) } }) },
  [`POST ${B}/users/comments`]: { kind: 'repeatable', prepare: async (c) => ({ url: `${B}/users/comments`, body: { uid: (await user(c)).uid, title: 'T', data: 'D' } }) },
  [`PUT ${B}/users/comments`]: { kind: 'repeatable', prepare: async (c) => ({ url: `${B}/users/comments`, body: { id: (await comment(c)).id, title: 'T2' } }) },
  [`DELETE ${B}/users/comments`]: { kind: 'unique', prepare: async (c) => ({ url: `${B}/users/comments`, body: { id: (await comment(c)).id } }) },
  // A staff member's own pins (issue 17 item 7): the same path again renames it; a delete removes one pin once.
  ['POST /api/v2/barong/resource/pins']: { kind: 'repeatable', prepare: async () => ({ url: '/api/v2/barong/resource/pins', body: { path: '/user-directory/IDRE11AB1E00', title: 'Reliability pin' } }) },
  ['DELETE /api/v2/barong/resource/pins/:id']: { kind: 'unique', prepare: async (c) => {
    const res = await c.t.app.inject({ method: 'POST', url: '/api/v2/barong/resource/pins', headers: c.su.headers(), payload: { path: `/markets/${unique()}`, title: 'Pin to remove' } });
    return { url: `/api/v2/barong/resource/pins/${res.json().id}` };
  } },
  [`POST ${B}/profiles`]: { kind: 'repeatable', prepare: async (c) => ({ url: `${B}/profiles`, body: { uid: (await user(c)).uid, first_name: 'Ada' } }) },
  [`PUT ${B}/profiles`]: {
    kind: 'unique',
    prepare: async (c) => {
      const u = await user(c);
      await db(c).insertInto('profiles').values({ user_id: u.id, state: 'submitted', first_name: 'Ada' } as never).execute();
      return { url: `${B}/profiles`, body: { uid: u.uid, state: 'verified' } };
    },
  },
  [`PUT ${P}/members/:uid`]: { kind: 'repeatable', prepare: async (c) => ({ url: `${P}/members/${(await user(c)).uid}`, body: { group: 'vip-9' } }) },
  [`POST ${P}/members/min_swap_amount`]: { kind: 'repeatable', prepare: async (c) => ({ url: `${P}/members/min_swap_amount`, body: { uid: (await user(c)).uid, min_swap_amount: '12.5' } }) },
  [`POST ${P}/members/lock_funds`]: { kind: 'repeatable', prepare: async (c) => ({ url: `${P}/members/lock_funds`, body: { uid: (await investor(c)).uid, type: 'lock', amount: '1', currency: 'usd' } }) },
  [`POST ${P}/adjustments/new`]: {
    kind: 'repeatable',
    prepare: async (c) => { await money(c); return { url: `${P}/adjustments/new`, body: { reason: 'r', description: 'd', category: 'misc', amount: '10', currency_id: 'usd', counterpart_code: 301 } }; },
  },
  [`POST ${P}/adjustments/action`]: { kind: 'unique', prepare: async (c) => ({ url: `${P}/adjustments/action`, body: { id: await pendingAdjustment(c), action: 'accept' } }) },
  [`POST ${P}/orders/:id/cancel`]: { kind: 'unique', prepare: async (c) => ({ url: `${P}/orders/${await openOrder(c)}/cancel` }) },
  // A bulk cancel answers 201 with the orders it cancelled: a repeat answers none, and moves nothing.
  [`POST ${P}/bulk/orders_by_id`]: { kind: 'repeatable', prepare: async (c) => ({ url: `${P}/bulk/orders_by_id`, body: { ids: [await openOrder(c)] } }) },
  [`DELETE ${P}/bulk/orders_by_id`]: { kind: 'repeatable', prepare: async (c) => ({ url: `${P}/bulk/orders_by_id`, body: { ids: [await openOrder(c)] } }) },
  [`POST ${P}/deposits/new`]: {
    kind: 'repeatable',
    prepare: async (c) => { await money(c); return { url: `${P}/deposits/new`, body: { uid: (await user(c)).uid, currency: 'usd', amount: '10' } }; },
  },
  [`POST ${P}/deposits/actions`]: { kind: 'unique', prepare: async (c) => ({ url: `${P}/deposits/actions`, body: { id: await submittedDeposit(c), action: 'accept' } }) },
  // A refund of a deposit flagged suspicious (never credited): once; the repeats find it refunding.
  [`POST ${P}/deposits/:id/refund`]: {
    kind: 'unique',
    prepare: async (c) => {
      const id = await submittedDeposit(c);
      await db(c).updateTable('deposits').set({ state: 'aml_suspicious' }).where('id', '=', id).execute();
      return { url: `${P}/deposits/${id}/refund`, body: { address: '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa' } };
    },
  },
  [`POST ${P}/withdraws/actions`]: { kind: 'unique', prepare: async (c) => ({ url: `${P}/withdraws/actions`, body: { id: await submittedWithdraw(c), action: 'reject', reason: 'reliability' } }) },
  [`POST ${P}/wallet_transfers/new`]: { kind: 'repeatable', prepare: async (c) => ({ url: `${P}/wallet_transfers/new`, body: await transferBody(c) }) },
  [`POST ${P}/wallet_transfers/action`]: {
    kind: 'unique',
    prepare: async (c) => {
      const creator = await user(c, 'admin');
      const { id } = await db(c).insertInto('wallet_transfers').values({ ...(await transferRow(c)), creator_id: creator.id }).returning('id').executeTakeFirstOrThrow();
      return { url: `${P}/wallet_transfers/action`, body: { id, action: 'approve' } };
    },
  },
  [`POST ${P}/orders/cancel`]: { kind: 'repeatable', prepare: async (c) => { await openOrder(c); return { url: `${P}/orders/cancel`, body: { market: 'rbtcusd' } }; } },
  // The presale area (applogic): a state change of a fresh row takes effect once; each investment is one more.
  [`POST ${AL}/presales/action`]: { kind: 'unique', prepare: async (c) => ({ url: `${AL}/presales/action`, body: { id: await createRow(c, resource('presales')), action: 'start' } }) },
  [`POST ${AL}/milestones/action`]: { kind: 'unique', prepare: async (c) => ({ url: `${AL}/milestones/action`, body: { id: await createRow(c, resource('milestones')), action: 'complete' } }) },
  [`POST ${AL}/investments/new`]: { kind: 'repeatable', prepare: async (c) => ({ url: `${AL}/investments/new`, body: await investmentBody(c) }) },
  // Coin applications: approving a fresh pending one creates its currency once; a retry finds it approved.
  [`POST ${AL}/coin_applications/action`]: { kind: 'unique', prepare: async (c) => ({ url: `${AL}/coin_applications/action`, body: { id: await coinApplication(c), action: 'approve' } }) },
  // Bonuses (issue 16): each give is one more bonus (no key); approving a pending one takes effect once.
  [`POST ${AL}/bonuses/new`]: { kind: 'repeatable', prepare: async (c) => ({ url: `${AL}/bonuses/new`, body: await bonusBody(c) }) },
  [`POST ${AL}/bonuses/action`]: { kind: 'unique', prepare: async (c) => ({ url: `${AL}/bonuses/action`, body: { id: await pendingBonus(c), action: 'approve' } }) },
  // Rewards (issue 16): each campaign reward is one more (no key); paying a pending one posts once; a
  // settlement of one period answers every identical request and makes its rewards once.
  [`POST ${AL}/rewards/new`]: { kind: 'repeatable', prepare: async (c) => { await money(c); return { url: `${AL}/rewards/new`, body: { uid: (await user(c)).uid, currency: 'usd', amount: '1', campaign: 'rel' } }; } },
  [`POST ${AL}/rewards/action`]: { kind: 'unique', prepare: async (c) => ({ url: `${AL}/rewards/action`, body: { id: await pendingReward(c), action: 'pay' } }) },
  [`POST ${AL}/rewards/settle`]: { kind: 'repeatable', prepare: async () => ({ url: `${AL}/rewards/settle`, body: settlePeriod() }) },
  // An NFE item's transfer from its holder: once; the repeats find the item held by someone else (not_holder).
  [`POST ${AL}/nfe_transactions/new`]: {
    kind: 'unique',
    prepare: async (c) => {
      const [from, to] = [await user(c), await user(c)];
      const item = await createRowWith(c, resource('tokens'));
      await c.t.app.inject({ method: 'POST', url: `${AL}/tokens/update`, headers: c.su.headers(), payload: { id: item.id, owner_uid: from.uid } });
      return { url: `${AL}/nfe_transactions/new`, body: { token_id: item.id, kind: 'transfer', from_uid: from.uid, to_uid: to.uid } };
    },
  },
  // The tokens' CSV Upload, applied (its JSON form, {csv}): the same file twice lands once (every row is then taken).
  [`POST ${AL}/tokens/upload`]: {
    kind: 'unique',
    prepare: async (c) => {
      const category = await createRow(c, resource('nfe-categories'));
      const code = unique('up').toUpperCase();
      return { url: `${AL}/tokens/upload?dry_run=false`, body: { filename: 'tokens.csv', csv: `kind,name,code,token_number,nfe_category_id\nnfe,${code} #1,${code},1,${category}\nnfe,${code} #2,${code},2,${category}\n` } };
    },
  },
};

/** The service root of a resource's paths. */
const root = (r: Resource) => `/api/v2/${r.service}`;

const resource = (name: string) => RESOURCES.find((x) => x.name === name)!;

/**
 * A create body, in the body's names, with its unique values made unique (unique fields, a typed string
 * key, the first field of each set unique together) and its references pointing at rows made for it
 * (by their key, or the field `by` names).
 */
async function createBody(c: Ctx, r: Resource): Promise<Record<string, unknown>> {
  const fields = Object.fromEntries(writableFields(r).map((k) => [k, validBody(r)[inputNameOf(r, k)]]));
  const firsts = new Set((r.uniqueTogether ?? []).map((set) => set[0]!));
  for (const k of writableFields(r)) {
    const f = r.fields[k]!;
    if ((f.unique || k === r.key || firsts.has(k)) && typeof fields[k] === 'string') fields[k] = unique();
    // Only references the body carries (required or defaulted): an optional one, such as a currency's
    // parent currency, would make a row of its own kind, and that one another, without end.
    if (f.references && fields[k] !== undefined && !f.alsoAllowed?.includes(String(fields[k]))) {
      const target = resource(f.references);
      fields[k] = (await createRowWith(c, target))[f.by ?? target.key];
    }
  }
  // Rows made here can be deleted (an SMS sender while inactive).
  if (r.deletableWhen) fields[r.deletableWhen.field] = r.deletableWhen.in[0];
  Object.assign(fields, (await FRESH[r.name]?.(c)) ?? {});
  return Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined).map(([k, v]) => [inputNameOf(r, k), v]));
}

/**
 * Fresh values where a unique one must also have a shape (a restriction's value fits its scope): a
 * documentation-range address per row, never the test client's own (127.0.0.1, which the rule would refuse).
 */
let freshIp = 0;
/** A country service is one per country and type: each row made here takes the next country of the list. */
let freshCountry = 0;
const FRESH: Record<string, (c: Ctx) => Record<string, unknown> | Promise<Record<string, unknown>>> = {
  restrictions: () => { freshIp += 1; return { scope: 'ip', value: `198.18.${(freshIp >> 8) & 255}.${freshIp & 255}` }; },
  'country-services': () => ({ country_code: COUNTRIES[freshCountry++ % COUNTRIES.length]!.value }),
  // An NFE item (the kind a token is made as by default) needs its number and a category of its own.
  tokens: async (c) => ({ token_number: '1', nfe_category_id: await createRow(c, resource('nfe-categories')) }),
  // One active rule per tier and currency: rows made here are inactive, so any number of them may be made.
  'referral-rules': () => ({ state: 'inactive' }),
  // A Wonka pair needs two Wonka-enabled currencies and the market between them.
  wonkas: async (c) => {
    await money(c);
    const [base, quote] = [unique('wb'), unique('wq')];
    await db(c).insertInto('currencies').values([base, quote].map((code) => ({ code, name: code, type: 'coin', precision: 8, wonka_swap_enabled: true }))).execute();
    const engine = await db(c).selectFrom('engines').select('id').where('name', '=', 'reliability').executeTakeFirstOrThrow();
    await db(c).insertInto('markets').values({ id: `${base}${quote}`, base_unit: base, quote_unit: quote, engine_id: engine.id, state: 'enabled', data: '{}' } as never).execute();
    return { base_currency: base, quote_currency: quote, market_id: `${base}${quote}` };
  },
  'wonka-discounts': () => ({ kind: 'tier', tier: 'any' }),
  // A token config is a fungible token's: a currency of its own, listed as a token; no cap under its supply.
  'token-configs': async (c) => ({ token_id: await fungibleToken(c), max_supply: '0' }),
};

/** A fungible token on a currency made for it. */
async function fungibleToken(c: Ctx): Promise<number> {
  const code = unique('ft');
  await db(c).insertInto('currencies').values({ code, name: code, type: 'coin', precision: 8 }).execute();
  const res = await c.t.app.inject({ method: 'POST', url: `${AL}/tokens/new`, headers: c.su.headers(), payload: { kind: 'fungible', name: code, code, supply: '1000' } });
  if (res.statusCode >= 300) throw new Error(`creating a fungible token: ${res.statusCode} ${res.body}`);
  return res.json().id;
}

/** An update whose first free field has no valid sample of its own (a restriction's code: an HTTP status). */
const UPDATES: Record<string, Record<string, unknown>> = { restrictions: { code: 451 } };

async function createRowWith(c: Ctx, r: Resource): Promise<Record<string, unknown>> {
  const e = r.endpoints.create!;
  const res = await c.t.app.inject({ method: e.method, url: root(r) + e.path, headers: c.su.headers(), payload: await createBody(c, r) });
  if (res.statusCode >= 300) throw new Error(`creating a ${r.name} row: ${res.statusCode} ${res.body}`);
  return res.json();
}

/** A row created through the resource's own create call; its key. */
async function createRow(c: Ctx, r: Resource): Promise<number | string> {
  return (await createRowWith(c, r))[r.key] as number | string;
}

function registryCases(): Record<string, WriteCase> {
  const out: Record<string, WriteCase> = {};
  for (const r of RESOURCES.filter((x) => x.server === 'generic')) {
    const { create, update, delete: del } = r.endpoints;
    if (create) {
      const uniqueField = writableFields(r).some((k) => r.fields[k]!.unique || k === r.key) || !!r.uniqueTogether?.length || !!r.deriveKey;
      out[`${create.method} ${root(r)}${create.path}`] = {
        kind: uniqueField ? 'unique' : 'repeatable',
        prepare: async (c) => ({ url: root(r) + create.path, body: await createBody(c, r) }),
      };
    }
    if (update) {
      const together = new Set((r.uniqueTogether ?? []).flat());
      const field = writableFields(r).find((k) => k !== r.key && !r.fields[k]!.readOnlyOnEdit && !r.fields[k]!.unique && !r.fields[k]!.references
        && !together.has(k) && !r.fields[k]!.showWhen && !r.fields[k]!.disableWhen);
      out[`${update.method} ${root(r)}${update.path}`] = {
        kind: 'repeatable',
        prepare: async (c) => ({
          url: root(r) + update.path,
          body: { [r.key]: await createRow(c, r), ...(UPDATES[r.name] ?? (field ? { [inputNameOf(r, field)]: validBody(r)[inputNameOf(r, field)] ?? 'sample' } : {})) },
        }),
      };
    }
    if (del) {
      out[`${del.method} ${root(r)}${del.path}`] = { kind: 'unique', prepare: async (c) => ({ url: root(r) + del.path, body: { [r.key]: await createRow(c, r) } }) };
    }
  }
  return out;
}

const CASES: Record<string, WriteCase> = { ...registryCases(), ...BESPOKE };

export const isWrite = (method: string) => method === 'POST' || method === 'PUT' || method === 'DELETE' || method === 'PATCH';
export const routeKey = (r: { method: string; url: string }) => `${r.method} ${r.url}`;

/** The case of a staff write route; throws for a route nobody described (so a new route cannot go untested). */
export function writeCaseFor(route: { method: string; url: string }): WriteCase {
  const c = CASES[routeKey(route)];
  if (!c) throw new Error(`no reliability case for ${routeKey(route)}: add one to tests/reliability/helpers/writes.ts`);
  return c;
}
