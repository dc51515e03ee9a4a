/**
 * Adjustments on the exchange service (Peatio E20a-d): list, one by id, create, accept or reject.
 *
 * Create (create Adjustment) validates with the resource's struct, then what only the database knows:
 * the currency (and its precision and type: the asset code follows from it, and a code sent must fit
 * it), the receiving member for a member account (and none for revenue or expense). `bank_interset`,
 * the console's spelling, is taken as `bank_interest`. An `Idempotency-Key` header (1–64 visible
 * characters) makes a retried submit answer the adjustment the first one made; the same key with
 * another body is refused.
 *
 * Accept and reject (update Adjustment) lock the row, act only while it is pending, and accepting posts
 * its two operations in the same transaction, so eight concurrent accepts make one posting and seven
 * `cannot_perform_accept_action` answers. Four-eyes: the creator may not accept their own adjustment.
 */
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
import { adjustments } from '../../shared/resources/adjustments.js';
import { amountRefusal, toUnits } from '../../shared/decimal.js';
import { requireAbility } from '../auth/require-ability.js';
import { bodyOf, caller } from '../auth/users/guards.js';
import { insertOnce } from '../plugins/idempotency.js';
import { fail } from '../plugins/errors.js';
import { ADJUSTMENT_LIST, getAdjustment } from '../db/queries/adjustments.js';
import { moneyListRoute } from './money-list-route.js';
import { code, kindOf, typeOf, type CurrencyType } from '../ledger/chart.js';
import { post, type Entry } from '../ledger/post.js';
import { memberByUid } from '../db/queries/activity-log.js';
import { auditedAction, fieldError, idOf } from '../money/action-route.js';
import { guardedCreate, validated } from '../money/guarded-create.js';

const P = 'admin.adjustment';
const invalid = (field: string, c: string) => fieldError(P, field, c);

/** The operations an accepted adjustment posts (Peatio's: the asset and the receiving account, expense sides swapped). */
export function adjustmentEntries(a: { amount: string; currency_id: string; asset_account_code: number; receiving_account_code: number; receiving_member_id: number | null }): Entry[] {
  const u = toUnits(a.amount);
  const abs = a.amount.replace(/^-/, '');
  const [up, down] = u > 0n ? ['credit', 'debit'] as const : ['debit', 'credit'] as const;
  const receiving = kindOf(a.receiving_account_code);
  const side = receiving === 'expense' ? down : up;
  return [
    { code: a.asset_account_code as Entry['code'], currency: a.currency_id, [up]: abs },
    { code: a.receiving_account_code as Entry['code'], currency: a.currency_id, member: a.receiving_member_id, [side]: abs },
  ];
}


interface NewAdjustment {
  reason: string; description: string; category: string; amount: string; currency_id: string;
  asset_account_code: number; receiving_account_code: number; receiving_member_id: number | null;
}

/** The body checked against the struct and the database: the row to insert. */
async function checkCreate(db: Kysely<DB>, body: Record<string, unknown>): Promise<NewAdjustment> {
  const { asset_account_code: assetSent, receiving_account_code: receivingSent, ...rest } = body;
  if (rest.category === 'bank_interset') rest.category = 'bank_interest';
  // Peatio clients name the receiving code receiving_account_code; the console sends counterpart_code too.
  if (rest.counterpart_code === undefined && receivingSent !== undefined) rest.counterpart_code = receivingSent;
  // Codes are integers on Peatio's wire and the console's choices are their text.
  if (typeof rest.counterpart_code === 'number') rest.counterpart_code = String(rest.counterpart_code);
  const v = validated<{ reason: string; description: string; category: string; amount: string; currency: string; counterpart_code: string; receiving_member_uid?: string | null }>(adjustments, rest);
  const currency = await db.selectFrom('currencies').select(['code', 'type', 'precision']).where('code', '=', v.currency.toLowerCase()).executeTakeFirst();
  if (!currency) throw invalid('currency_id', 'currency_doesnt_exist');
  // An adjustment's amount is signed (a debit of the member is negative): not zero, rather than positive.
  const amount = amountRefusal(v.amount, currency.precision, 'nonzero');
  if (amount) throw invalid('amount', amount);
  const type = currency.type as CurrencyType;
  const asset = code('asset', type);
  if (assetSent !== undefined && String(assetSent) !== String(asset)) throw invalid('asset_account_code', 'invalid_asset_account_code');
  const receiving = Number(v.counterpart_code);
  if (receivingSent !== undefined && String(receivingSent) !== String(receiving)) throw invalid('receiving_account_code', 'invalid_receiving_account_code');
  if (typeOf(receiving) !== type) throw invalid('counterpart_code', 'invalid_receiving_account_code');
  let member: number | null = null;
  const uid = v.receiving_member_uid ?? undefined;
  if (kindOf(receiving) === 'liability') {
    if (!uid) throw invalid('receiving_member_uid', 'missing_receiving_member_uid');
    const m = await memberByUid(db, uid);
    if (!m) throw invalid('receiving_member_uid', 'receiving_member_doesnt_exist');
    member = m.id;
  } else if (uid) {
    throw invalid('receiving_member_uid', 'redundant_receiving_member_uid');
  }
  return {
    reason: v.reason, description: v.description, category: v.category, amount: v.amount, currency_id: currency.code,
    asset_account_code: asset, receiving_account_code: receiving, receiving_member_id: member,
  };
}


export function adjustmentRoutes(app: FastifyInstance): void {
  const db = () => app.deps.db.kysely;

  moneyListRoute(app, '/admin/adjustments', ADJUSTMENT_LIST, {
    query: (q) => (q.category === 'bank_interset' ? { ...q, category: 'bank_interest' } : q),
  });

  app.get<{ Params: { id: string } }>('/admin/adjustments/:id', async (req) => {
    await requireAbility(req, 'read', 'Adjustment', 'peatio');
    return (await getAdjustment(db(), idOf(req.params.id, P))) ?? fail(404, `${P}.doesnt_exist`);
  });

  app.post('/admin/adjustments/new', guardedCreate(app, {
    ability: ['create', 'Adjustment'], prefix: P, topic: 'adjustments', answer: getAdjustment,
    check: checkCreate,
    write: (trx, row, c) => insertOnce(trx, 'adjustments', { ...row }, { ...c, prefix: P }),
  }));

  app.post('/admin/adjustments/action', async (req, reply) => {
    await requireAbility(req, 'update', 'Adjustment', 'peatio');
    const body = bodyOf(req);
    const id = idOf(body.id, P);
    const action = body.action;
    if (action !== 'accept' && action !== 'reject') throw invalid('action', 'invalid_action');
    const me = caller(req).id;
    await auditedAction(req, {
      topic: 'adjustments', action, data: { id, action }, prefix: P, ledgerRefusal: `${P}.user_insufficient_balance`,
      codes: { invalid_state: `${P}.cannot_perform_${action}_action` },
      run: async (trx, note) => {
        const a = await trx.selectFrom('adjustments').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
        if (!a) return 'not_found';
        note({ state: { from: a.state } });
        if (a.state !== 'pending') return 'invalid_state';
        if (action === 'accept' && a.creator_id === me) return 'creator_cannot_accept';
        const at = app.deps.now();
        await trx.updateTable('adjustments').set({ state: action === 'accept' ? 'accepted' : 'rejected', validator_id: me, updated_at: at })
          .where('id', '=', id).execute();
        if (action === 'accept') await post(trx, { reference: { type: 'Adjustment', id }, at, entries: adjustmentEntries(a) });
        return {};
      },
    });
    return reply.status(201).send(await getAdjustment(db(), id));
  });
}
