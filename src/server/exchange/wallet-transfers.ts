/**
 * Wallet transfers on the exchange service: GET /admin/wallet_transfers, /admin/wallet_transfers/{id}
 * (read Wallet); POST /admin/wallet_transfers/new (manage Wallet; an Idempotency-Key header makes a
 * retried submit one transfer); POST /admin/wallet_transfers/action {id, action: approve|reject}
 * (manage Wallet; money/wallet-transfers.ts).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { walletTransfers } from '../../shared/resources/wallet-transfers.js';
import { requireAbility } from '../auth/require-ability.js';
import { bodyOf, caller } from '../auth/users/guards.js';
import { insertOnce } from '../plugins/idempotency.js';
import { fail } from '../plugins/errors.js';
import { getTransfer, WALLET_TRANSFER_LIST } from '../db/queries/wallet-transfers.js';
import { moneyListRoute } from './money-list-route.js';
import { actOnTransfer, checkTransfer, type TransferCheck } from '../money/wallet-transfers.js';
import { auditedAction, fieldError, idOf } from '../money/action-route.js';
import { guardedCreate, validated } from '../money/guarded-create.js';

const P = 'admin.wallet_transfer';
const invalid = (field: string, c: string) => fieldError(P, field, c);
/** The field a refusal is about: the amount's own, the wallets', the currency's. */
const fieldOf = (problem: TransferCheck) => (problem.includes('amount') ? 'amount' : problem === 'same_wallet' ? 'to_wallet_id'
  : problem.startsWith('currency') ? 'currency_id' : 'from_wallet_id');

export function walletTransferRoutes(app: FastifyInstance): void {
  const db = () => app.deps.db.kysely;

  moneyListRoute(app, '/admin/wallet_transfers', WALLET_TRANSFER_LIST);

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
