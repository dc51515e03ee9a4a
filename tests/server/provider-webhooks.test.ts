/**
 * Provider webhooks over HTTP (applogic public): a bad, missing, stale or foreign signature is refused;
 * a redelivered event changes nothing; statuses arriving out of order end at the newest; malformed bodies
 * get a clear code and change nothing; a completed purchase credits the member once (asset, member, fee
 * to revenue), concurrent deliveries included; the three lists filter and refuse roles without the
 * subject. The ledger's invariants hold after every test.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../helpers/app.js';
import { signInAs, type SignedIn } from '../helpers/auth.js';
import { createUser } from '../helpers/users.js';
import { balances, expectLedgerHolds } from './money-fixtures.js';
import { post } from '../../src/server/ledger/post.js';
import { signatureHeader, SIGNATURE_HEADERS } from '../../src/server/applogic/webhook-signature.js';
import type { Provider } from '../../src/shared/resources/provider-transactions.js';

const WH = '/api/v2/applogic/public/webhooks';
const A = '/api/v2/applogic/admin';
const SECRETS = { simplex: 'simplex-test-secret-0123456789', banxa: 'banxa-test-secret-0123456789', stripe: 'stripe-test-secret-0123456789' };
const COIN = 'wcoin';

let t: TestApp;
let su: SignedIn, support: SignedIn, broker: SignedIn;
let seq = 0;

beforeAll(async () => {
  t = await testApp({ env: { SIMPLEX_WEBHOOK_SECRET: SECRETS.simplex, BANXA_WEBHOOK_SECRET: SECRETS.banxa, STRIPE_WEBHOOK_SECRET: SECRETS.stripe } });
  await t.db.kysely.insertInto('currencies').values([{ code: COIN, name: 'Webhook Coin', type: 'coin', precision: 8 }]).execute();
  su = (await signInAs(t, 'superadmin')).session;
  support = (await signInAs(t, 'support')).session;
  broker = (await signInAs(t, 'broker')).session;
});
afterEach(async () => { await expectLedgerHolds(t); });
afterAll(async () => { await t?.close(); });

const event = (over: Record<string, unknown> = {}) => eventOf(over);
const STATUS = {
  simplex: { pending: 'pending_simplex_approval', processing: 'approved', completed: 'completed', failed: 'declined' },
  banxa: { pending: 'pendingPayment', processing: 'inProgress', completed: 'complete', failed: 'cancelled' },
  stripe: { pending: 'requires_payment_method', processing: 'processing', succeeded: 'succeeded', completed: 'succeeded', failed: 'payment_failed' },
} as const;

function eventOf(over: Record<string, unknown> = {}) {
  seq += 1;
  return {
    event_id: `evt_${seq}`, reference: `ref_${seq}`, status: 'completed', occurred_at: '2026-11-20T11:00:00Z',
    fiat_amount: '100.00', fiat_currency: 'USD', crypto_amount: '0.01', crypto_currency: COIN, fee: '0.0001', ...over,
  };
}
/** Delivers a body signed as the provider would (or as `sign` says). */
function deliver(provider: Provider, body: unknown, sign: { secret?: string; at?: Date; header?: string | null } = {}) {
  const raw = typeof body === 'string' ? body : JSON.stringify(body);
  const header = sign.header !== undefined ? sign.header : signatureHeader(sign.secret ?? SECRETS[provider], raw, sign.at ?? t.clock.now());
  return t.app.inject({
    method: 'POST', url: `${WH}/${provider}`, payload: raw,
    headers: { 'content-type': 'application/json', ...(header !== null ? { [SIGNATURE_HEADERS[provider]]: header } : {}) },
  });
}
const codes = (res: { json(): unknown }) => (res.json() as { errors?: string[] }).errors;
const txOf = (provider: Provider, reference: string) => t.db.kysely.selectFrom('provider_transactions').selectAll()
  .where('provider', '=', provider).where('reference', '=', reference).executeTakeFirst();
const creditOps = async (id: number) => t.db.kysely.selectFrom('operations').select(['code', 'credit', 'debit'])
  .where('reference_type', '=', 'ProviderTransaction').where('reference_id', '=', id).orderBy('id').execute();
const plain = (s: string) => (s.includes('.') ? s.replace(/0+$/, '').replace(/\.$/, '') : s);
const counts = async () => ({
  events: (await t.db.kysely.selectFrom('provider_events').select((e) => e.fn.countAll().as('n')).executeTakeFirstOrThrow()).n,
  txs: (await t.db.kysely.selectFrom('provider_transactions').select((e) => e.fn.countAll().as('n')).executeTakeFirstOrThrow()).n,
  ops: (await t.db.kysely.selectFrom('operations').select((e) => e.fn.countAll().as('n')).executeTakeFirstOrThrow()).n,
});

describe('signatures', () => {
  it('refuses a missing, wrong, foreign, stale or garbled signature, and records nothing', async () => {
    const u = await createUser(t.db);
    const body = event({ uid: u.uid, status: 'succeeded' });
    const before = await counts();
    const refusals: [Promise<{ statusCode: number; json(): unknown }>, string][] = [
      [deliver('stripe', body, { header: null }), 'applogic.webhook.missing_signature'],
      [deliver('stripe', body, { secret: 'not-the-secret-at-all' }), 'applogic.webhook.invalid_signature'],
      [deliver('stripe', body, { secret: SECRETS.banxa }), 'applogic.webhook.invalid_signature'],
      [deliver('stripe', body, { at: new Date(t.clock.now().getTime() - 600_000) }), 'applogic.webhook.timestamp_out_of_tolerance'],
      [deliver('stripe', body, { header: 't=abc,v1=zz' }), 'applogic.webhook.invalid_signature'],
      [deliver('stripe', body, { header: `t=${Math.floor(t.clock.now().getTime() / 1000)}` }), 'applogic.webhook.invalid_signature'],
    ];
    for (const [p, code] of refusals) {
      const res = await p;
      expect([res.statusCode, codes(res)]).toEqual([401, [code]]);
    }
    // A body changed after signing: the signature is over the raw bytes.
    const raw = JSON.stringify(body);
    const header = signatureHeader(SECRETS.stripe, raw, t.clock.now());
    const tampered = await deliver('stripe', raw.replace('0.01', '0.99'), { header });
    expect(codes(tampered)).toEqual(['applogic.webhook.invalid_signature']);
    expect(await counts()).toEqual(before);
    // Needs no session, and a rotated secret's second v1 is accepted.
    const rotated = `${signatureHeader('old-secret-0123456789', raw, t.clock.now())},v1=${header.split('v1=')[1]}`;
    const ok = await deliver('stripe', raw, { header: rotated });
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('refuses every delivery of a provider without a secret', async () => {
    const bare = await testApp({ env: { STEWARD_DEMO_SEED: 'false' } });
    try {
      const raw = JSON.stringify(event());
      const res = await bare.app.inject({ method: 'POST', url: `${WH}/banxa`, payload: raw, headers: { 'content-type': 'application/json', 'x-banxa-signature': signatureHeader('anything-at-all-here', raw, bare.clock.now()) } });
      expect([res.statusCode, codes(res)]).toEqual([403, ['applogic.webhook.not_configured']]);
    } finally { await bare.close(); }
  });
});

describe('ingest', () => {
  it.each(['simplex', 'banxa', 'stripe'] as const)('%s: a completed purchase credits the member once, redeliveries and concurrent twins included', async (provider) => {
    const u = await createUser(t.db);
    const first = event({ uid: u.uid, status: STATUS[provider].pending, occurred_at: '2026-11-20T10:00:00Z' });
    expect((await deliver(provider, first)).json()).toMatchObject({ received: true, duplicate: false, applied: true, state: 'pending', credited: false });
    const done = { ...event({ uid: u.uid, status: STATUS[provider].completed, occurred_at: '2026-11-20T10:05:00Z' }), reference: first.reference };
    const answers = await Promise.all([1, 2, 3, 4, 5].map(() => deliver(provider, done)));
    expect(answers.map((r) => r.statusCode), answers[0]!.body).toEqual([200, 200, 200, 200, 200]);
    expect(answers.filter((r) => r.json().duplicate === false)).toHaveLength(1);
    expect(answers.filter((r) => r.json().credited)).toHaveLength(1);
    const tx = (await txOf(provider, first.reference))!;
    expect(tx).toMatchObject({ state: 'completed', provider_status: STATUS[provider].completed, events: 2, uid: u.uid, fiat_currency: 'usd' });
    expect(tx.credited_at).not.toBeNull();
    expect((await creditOps(Number(tx.id))).map((o) => [o.code, plain(o.credit)])).toEqual([[102, '0.01'], [202, '0.0099'], [302, '0.0001']]);
    expect(await balances(t, u.id, COIN)).toEqual({ balance: '0.0099', locked: '0' });
    // A redelivery later changes nothing either.
    const again = await deliver(provider, done);
    expect(again.json()).toMatchObject({ duplicate: true, applied: false, credited: false });
    expect((await txOf(provider, first.reference))!.events).toBe(2);
    expect(await balances(t, u.id, COIN)).toEqual({ balance: '0.0099', locked: '0' });
    expect(await t.db.kysely.selectFrom('provider_events').select('id').where('reference', '=', first.reference).execute()).toHaveLength(2);
  });

  it('resolves statuses out of order: a late, older status never overwrites a newer one', async () => {
    const u = await createUser(t.db);
    const ref = `pi_order_${seq}`;
    const at = (m: number) => `2026-11-20T10:${String(m).padStart(2, '0')}:00Z`;
    // Completed (10:20) arrives first, then processing (10:10) and requires_payment_method (10:00) late.
    await deliver('stripe', event({ uid: u.uid, reference: ref, status: 'succeeded', occurred_at: at(20) }));
    const late1 = await deliver('stripe', event({ uid: u.uid, reference: ref, status: 'processing', occurred_at: at(10) }));
    const late2 = await deliver('stripe', event({ uid: u.uid, reference: ref, status: 'requires_payment_method', occurred_at: at(0) }));
    expect([late1.json().applied, late2.json().applied]).toEqual([false, false]);
    let tx = (await txOf('stripe', ref))!;
    expect(tx).toMatchObject({ state: 'completed', provider_status: 'succeeded', events: 3 });
    expect(tx.last_event_at.toISOString()).toBe('2026-11-20T10:20:00.000Z');
    // A newer failure cannot undo a completed purchase; a newer refund (a chargeback) takes the credit back, once.
    expect((await deliver('stripe', event({ uid: u.uid, reference: ref, status: 'payment_failed', occurred_at: at(30) }))).json().applied).toBe(false);
    expect(await balances(t, u.id, COIN)).toEqual({ balance: '0.0099', locked: '0' });
    expect((await deliver('stripe', event({ uid: u.uid, reference: ref, status: 'refunded', occurred_at: at(40) }))).json()).toMatchObject({ applied: true, state: 'refunded', reversed: true });
    tx = (await txOf('stripe', ref))!;
    expect(tx).toMatchObject({ state: 'refunded', events: 5 });
    expect(tx.reversed_at).not.toBeNull();
    expect((await creditOps(Number(tx.id))).map((o) => [o.code, plain(o.credit), plain(o.debit)])).toEqual([
      [102, '0.01', '0'], [202, '0.0099', '0'], [302, '0.0001', '0'], [102, '0', '0.01'], [202, '0', '0.0099'], [302, '0', '0.0001'],
    ]);
    expect(await balances(t, u.id, COIN)).toEqual({ balance: '0', locked: '0' });
    const events = await t.db.kysely.selectFrom('provider_events').select(['status', 'applied']).where('reference', '=', ref).orderBy('id').execute();
    expect(events).toEqual([
      { status: 'succeeded', applied: true }, { status: 'processing', applied: false }, { status: 'requires_payment_method', applied: false },
      { status: 'payment_failed', applied: false }, { status: 'refunded', applied: true },
    ]);
    // Same instant: the later stage wins; a failed purchase is final and never credits.
    const ref2 = `smx_tie_${seq}`;
    await deliver('simplex', event({ uid: u.uid, reference: ref2, status: 'approved', occurred_at: at(0) }));
    await deliver('simplex', event({ uid: u.uid, reference: ref2, status: 'declined', occurred_at: at(0) }));
    expect((await deliver('simplex', event({ uid: u.uid, reference: ref2, status: 'completed', occurred_at: at(5) }))).json().applied).toBe(false);
    const failed = (await txOf('simplex', ref2))!;
    expect(failed).toMatchObject({ state: 'failed', credited_at: null });
    expect(await creditOps(Number(failed.id))).toEqual([]);
  });

  it('records a refund of a credit the member no longer holds without taking it back (left to staff)', async () => {
    const u = await createUser(t.db);
    const ref = `pi_spent_${seq}`;
    await deliver('stripe', event({ uid: u.uid, reference: ref, status: 'succeeded', occurred_at: '2026-11-20T09:00:00Z' }));
    // The member withdrew it meanwhile.
    await post(t.db.kysely, { reference: { type: 'Withdraw', id: 990_001 }, at: t.clock.now(), entries: [
      { code: 102, currency: COIN, debit: '0.0099' }, { code: 202, currency: COIN, member: u.id, debit: '0.0099' },
    ] });
    const res = await deliver('stripe', event({ uid: u.uid, reference: ref, status: 'refunded', occurred_at: '2026-11-20T09:30:00Z' }));
    expect(res.json()).toMatchObject({ applied: true, state: 'refunded', reversed: false });
    const tx = (await txOf('stripe', ref))!;
    expect(tx).toMatchObject({ state: 'refunded', reversed_at: null });
    expect(await creditOps(Number(tx.id))).toHaveLength(3);
  });

  it('answers malformed bodies with a clear code and changes nothing', async () => {
    const u = await createUser(t.db);
    const existing = eventOf({ uid: u.uid, status: 'inProgress' });
    await deliver('banxa', existing);
    const event = (over: Record<string, unknown>) => eventOf({ status: 'complete', ...over });
    const before = await counts();
    const cases: [unknown, number, string][] = [
      ['{not json', 400, 'applogic.webhook.malformed_body'],
      ['[1,2]', 400, 'applogic.webhook.malformed_body'],
      ['"text"', 400, 'applogic.webhook.malformed_body'],
      ['', 400, 'applogic.webhook.malformed_body'],
      ['{"a":'.repeat(100) + '1' + '}'.repeat(100), 400, 'applogic.webhook.malformed_body'],
      [{ ...event({ uid: u.uid }), event_id: undefined }, 422, 'applogic.webhook.invalid_event_id'],
      [{ ...event({ uid: u.uid }), reference: '' }, 422, 'applogic.webhook.invalid_reference'],
      [event({ uid: u.uid, status: 'teleported' }), 422, 'applogic.webhook.unknown_status'],
      [event({ uid: u.uid, status: 'toString' }), 422, 'applogic.webhook.unknown_status'],
      [event({ uid: u.uid, occurred_at: 'yesterday' }), 422, 'applogic.webhook.invalid_occurred_at'],
      [event({ uid: u.uid, fiat_amount: '-5' }), 422, 'applogic.webhook.invalid_fiat_amount'],
      [event({ uid: u.uid, crypto_amount: 0.01 }), 422, 'applogic.webhook.invalid_crypto_amount'],
      [event({ uid: u.uid, crypto_amount: '0' }), 422, 'applogic.webhook.invalid_crypto_amount'],
      [event({ uid: u.uid, fee: '1' }), 422, 'applogic.webhook.fee_exceeds_amount'],
      [event({ uid: u.uid, fiat_currency: 'US Dollars' }), 422, 'applogic.webhook.invalid_fiat_currency'],
      [event({ uid: 'IDNOSUCHUSER9' }), 422, 'applogic.webhook.member_doesnt_exist'],
      [event({ uid: u.uid, crypto_currency: 'nocoin' }), 422, 'applogic.webhook.currency_doesnt_exist'],
      [event({ uid: u.uid, crypto_amount: '0.000000001', fee: '0' }), 422, 'applogic.webhook.amount_exceeds_precision'],
      [event({ uid: u.uid, text: 'nul \u0000' }), 400, 'applogic.webhook.malformed_body'],
      // Another member's event under an existing reference is not about that purchase.
      [{ ...event({ uid: (await createUser(t.db)).uid, status: 'complete' }), reference: existing.reference }, 422, 'applogic.webhook.transaction_mismatch'],
    ];
    for (const [body, status, code] of cases) {
      const res = await deliver('banxa', body);
      expect([JSON.stringify(body).slice(0, 80), res.statusCode, codes(res)]).toEqual([JSON.stringify(body).slice(0, 80), status, [code]]);
    }
    expect(await counts()).toEqual(before);
    expect((await txOf('banxa', existing.reference))!).toMatchObject({ state: 'processing', events: 1 });
  });
});

describe('the lists', () => {
  it('each shows its provider, filters by member, reference, state, currency and dates, and refuses roles without the subject', async () => {
    const u = await createUser(t.db);
    const refs = { simplex: `smx_list_${seq}`, banxa: `bnx_list_${seq}`, stripe: `pi_list_${seq}` };
    for (const p of ['simplex', 'banxa', 'stripe'] as const) await deliver(p, event({ uid: u.uid, reference: refs[p], status: STATUS[p].processing }));
    const list = (who: SignedIn, path: string, q: string) => t.app.inject({ url: `${A}/${path}?${q}`, headers: who.headers() });
    for (const [p, path] of [['simplex', 'simplex_transactions'], ['banxa', 'banxa_transactions'], ['stripe', 'stripe_transactions']] as const) {
      const rows = (await list(support, path, `uid=${u.uid}`)).json();
      expect(rows.map((r: { reference: string }) => r.reference)).toEqual([refs[p]]);
      expect(rows[0]).toMatchObject({ uid: u.uid, email: u.email, state: 'processing', crypto_currency: COIN, fiat_amount: '100' });
      expect((await list(su, path, `reference=${refs[p]}`)).json()).toHaveLength(1);
      expect((await list(su, path, `uid=${u.uid}&state=completed`)).json()).toHaveLength(0);
      expect((await list(su, path, `email=${encodeURIComponent(u.email)}&crypto_currency=${COIN}&from=2026-11-20&to=2026-11-21`)).json()).toHaveLength(1);
      expect((await list(su, path, `uid=${u.uid}&from=2026-11-21&to=2026-11-22`)).json()).toHaveLength(0);
      const one = await t.app.inject({ url: `${A}/${path}/${rows[0].id}`, headers: support.headers() });
      expect(one.json()).toMatchObject({ reference: refs[p], provider_status: STATUS[p].processing });
      expect((await list(broker, path, '')).statusCode).toBe(401);
    }
    // A row of one provider is not another's.
    const stripeId = (await txOf('stripe', refs.stripe))!.id;
    expect((await t.app.inject({ url: `${A}/simplex_transactions/${stripeId}`, headers: su.headers() })).statusCode).toBe(404);
  });
});

describe('finding a transaction by its reference (the palette)', () => {
  it('answers the provider and id of the one reference, across providers, to readers of the subject only', async () => {
    const u = await createUser(t.db);
    const refs = { simplex: `9f1c2d3e-0000-4000-8000-00000000${String(seq).padStart(4, '0')}`, banxa: `bnx_find_${seq}`, stripe: `pi_find_${seq}` };
    for (const p of ['simplex', 'banxa', 'stripe'] as const) await deliver(p, event({ uid: u.uid, reference: refs[p], status: STATUS[p].pending }));
    const find = (who: SignedIn, q: string) => t.app.inject({ url: `${A}/provider_transactions/find?${q}`, headers: who.headers() });
    for (const p of ['simplex', 'banxa', 'stripe'] as const) {
      const res = await find(support, `reference=${encodeURIComponent(refs[p])}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual([{ provider: p, id: Number((await txOf(p, refs[p]))!.id), uid: u.uid, state: 'pending' }]);
    }
    expect((await find(su, 'reference=pi_no_such_thing')).json()).toEqual([]);
    expect(codes(await find(su, ''))).toEqual(['admin.provider_transaction.missing_reference']);
    expect(codes(await find(su, `reference=${'x'.repeat(129)}`))).toEqual(['admin.provider_transaction.invalid_reference']);
    expect(codes(await find(su, 'reference=a%20b'))).toEqual(['admin.provider_transaction.invalid_reference']);
    expect((await find(broker, `reference=${refs.stripe}`)).statusCode).toBe(401);
  });
});
