/**
 * Wallet transfers on the exchange service: GET /admin/wallet_transfers, /admin/wallet_transfers/{id}
 * (read Wallet); POST /admin/wallet_transfers/new (manage Wallet; an Idempotency-Key header makes a
 * retried submit one transfer); POST /admin/wallet_transfers/action {id, action: approve|reject}
 * (manage Wallet; money/wallet-transfers.ts).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
import { walletTransfers } from '../../shared/resources/wallet-transfers.js';
import { requireAbility } from '../auth/require-ability.js';
import { bodyOf, caller } from '../auth/users/guards.js';
import { insertOnce } from '../plugins/idempotency.js';
import { fail } from '../plugins/errors.js';
import { parseListParams } from '../auth/logs/list-params.js';
import { sendPage } from '../auth/logs/reply.js';
import { timedListPage, TIMED_KEYSETS } from '../db/queries/list-page.js';
import { COUNT_CAP } from '../db/queries/count.js';
import { decimalSql, isoSql } from '../db/queries/user-json.js';
import { actOnTransfer, checkTransfer, type TransferCheck } from '../money/wallet-transfers.js';
import { auditedAction, fieldError, idOf } from '../money/action-route.js';
import { guardedCreate, validated } from '../money/guarded-create.js';

const P = 'admin.wallet_transfer';
const invalid = (field: string, c: string) => fieldError(P, field, c);
/** The field a refusal is about: the amount's own, the wallets', the currency's. */
const fieldOf = (problem: TransferCheck) => (problem.includes('amount') ? 'amount' : problem === 'same_wallet' ? 'to_wallet_id'
  : problem.startsWith('currency') ? 'currency_id' : 'from_wallet_id');

/** A transfer in its wire form (isoSql, decimalSql), over `t` or a page of them, with its wallets' names and its people. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const withNames = (q: any) => q.innerJoin('wallets as f', 'f.id', 't.from_wallet_id').innerJoin('wallets as d', 'd.id', 't.to_wallet_id')
  .leftJoin('users as c', 'c.id', 't.creator_id').leftJoin('users as a', 'a.id', 't.approved_by')
  .select(['t.id', 't.from_wallet_id', 't.to_wallet_id', 'f.name as from_wallet', 'd.name as to_wallet', 't.currency_id as currency',
    decimalSql('t.amount').as('amount'), 't.reason', 't.txid', 't.state', 'c.uid as creator_uid', 'a.uid as approved_by_uid',
    isoSql('t.created_at').as('created_at'), isoSql('t.updated_at').as('updated_at')]);

/** The wire transfer: withNames' fields, in order. */
function entity(t: Record<string, unknown>) {
  return {
    id: t.id, from_wallet_id: t.from_wallet_id, to_wallet_id: t.to_wallet_id, from_wallet: t.from_wallet, to_wallet: t.to_wallet,
    currency: t.currency, amount: t.amount, reason: t.reason, txid: t.txid, state: t.state,
    creator_uid: t.creator_uid, approved_by_uid: t.approved_by_uid, created_at: t.created_at, updated_at: t.updated_at,
  };
}

const getTransfer = async (db: Kysely<DB>, id: number) => {
  const t = await withNames(db.selectFrom('wallet_transfers as t')).where('t.id', '=', id).executeTakeFirst();
  return t && entity(t);
};

export function walletTransferRoutes(app: FastifyInstance): void {
  const db = () => app.deps.db.kysely;

  app.get('/admin/wallet_transfers', async (req, reply) => {
    await requireAbility(req, 'read', 'Wallet', 'peatio');
    const p = parseListParams(walletTransfers, req.query, { keyset: 'cursor', keysets: TIMED_KEYSETS, dated: 'created_at' });
    const f = p.filters as { id?: number; state?: string; currency?: string };
    let base = db().selectFrom('wallet_transfers as t');
    if (f.id !== undefined) base = base.where('t.id', '=', f.id);
    if (f.state !== undefined) base = base.where('t.state', '=', f.state);
    if (f.currency !== undefined) base = base.where('t.currency_id', '=', f.currency.toLowerCase());
    if (p.from) base = base.where('t.created_at', '>=', p.from);
    if (p.to) base = base.where('t.created_at', '<=', p.to);
    return sendPage(reply, p, await timedListPage(db(), {
      filtered: base, alias: 't', page: p, cap: COUNT_CAP, dated: !!(p.from || p.to), decorate: withNames,
    }, entity));
  });

  app.get<{ Params: { id: string } }>('/admin/wallet_transfers/:id', async (req) => {
    await requireAbility(req, 'read', 'Wallet', 'peatio');
    return (await getTransfer(db(), idOf(req.params.id, P))) ?? fail(404, `${P}.doesnt_exist`);
  });

  app.post('/admin/wallet_transfers/new', guardedCreate(app, {
    ability: ['manage', 'Wallet'], prefix: P, topic: 'wallet_transfers', answer: getTransfer,
    check: async (db, body) => {
      const v = validated<{ from_wallet_id: number; to_wallet_id: number; currency: string; amount: string; reason: string }>(walletTransfers, body);
      const currency = v.currency.toLowerCase();
      const problem = await checkTransfer(db, { from: v.from_wallet_id, to: v.to_wallet_id, currency, amount: v.amount });
      if (problem) throw invalid(fieldOf(problem), problem);
      return { from_wallet_id: v.from_wallet_id, to_wallet_id: v.to_wallet_id, currency_id: currency, amount: v.amount, reason: v.reason };
    },
    write: (trx, row, c) => insertOnce(trx, 'wallet_transfers', row, { ...c, prefix: P }),
    // The transfer's activity has always been the request alone (the row is the answer's).
    note: () => ({}),
  }));

  app.post('/admin/wallet_transfers/action', async (req: FastifyRequest, reply) => {
    await requireAbility(req, 'manage', 'Wallet', 'peatio');
    const body = bodyOf(req);
    const id = idOf(body.id, P);
    if (body.action !== 'approve' && body.action !== 'reject') throw invalid('action', 'invalid_action');
    const action = body.action;
    await auditedAction(req, {
      topic: 'wallet_transfers', action, data: { id, action }, prefix: P,
      run: (trx) => actOnTransfer(trx, id, action, { staff: caller(req).id, at: app.deps.now(), reviewAmounts: app.deps.config.withdrawReviewAmounts }),
      note: (done) => ({ state: done.state }),
    });
    return reply.status(201).send(await getTransfer(db(), id));
  });
}
