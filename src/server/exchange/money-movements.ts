/**
 * Deposits and withdrawals on the exchange service (Peatio's admin API):
 * - GET /admin/deposits, /admin/deposits/{id} (read Deposit); POST /admin/deposits/actions {id, action}
 *   (update Deposit): accept credits the member through the ledger (money/deposits.ts);
 * - POST /admin/deposits/{id}/refund {address} (update Deposit; Peatio's own call, also reachable as
 *   `POST /admin/deposits/actions {id, action: 'refund', address}`): sends a crypto deposit's coins back,
 *   the deposit `refunding` (money/deposit-refunds.ts); answers Peatio's Refund {id, address, deposit};
 *   the wallet side's answer, `action: 'refund_processed', txid` or `action: 'refund_failed'` on /actions,
 *   finishes the refund (processed; or failed: reversed, the deposit back where it was);
 * - POST /admin/deposits/new {uid, currency, amount, tid?} (create Deposits::Fiat, as Peatio): a fiat
 *   deposit staff record, `submitted` until another staff member accepts it; an Idempotency-Key header
 *   makes a retried submit answer the deposit the first one recorded; a tid is one deposit's;
 * - GET /admin/withdraws, /admin/withdraws/{id} (read Withdraw; `state=pending` is the approval queue);
 *   POST /admin/withdraws/actions {id, action, reason?, txid?} (update Withdraw), with the four-eyes
 *   review above WITHDRAW_REVIEW_AMOUNTS (money/withdraws.ts).
 * Actions answer 201 with the row; one its state does not allow is `admin.<deposit|withdraw>.invalid_state`.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { deposits } from '../../shared/resources/deposits.js';
import { requireAbility } from '../auth/require-ability.js';
import { bodyOf, caller } from '../auth/users/guards.js';
import { fail } from '../plugins/errors.js';
import { DEPOSIT_LIST, getDeposit, getWithdraw, WITHDRAW_LIST } from '../db/queries/money-movements.js';
import { moneyListRoute } from './money-list-route.js';
import { actOnDeposit, checkFiatDeposit, isDepositAction } from '../money/deposits.js';
import { answerRefund, refundDeposit, type RefundAnswer } from '../money/deposit-refunds.js';
import { insertOnce } from '../plugins/idempotency.js';
import { actOnWithdraw, isWithdrawAction } from '../money/withdraws.js';
import { auditedAction, fieldError, idOf } from '../money/action-route.js';
import { guardedCreate, validated } from '../money/guarded-create.js';

const invalid = fieldError;

/** A refund's destination: present, one line of at most 128 visible characters (the chain's own check comes with the deposit). */
function refundAddressOf(raw: unknown): string {
  const text = typeof raw === 'string' ? raw.trim() : raw;
  if (text === undefined || text === null || text === '') throw invalid('admin.deposit', 'address', 'missing_address');
  if (typeof text !== 'string' || text.length > 128 || !/^[\x21-\x7e]+$/.test(text)) throw invalid('admin.deposit', 'address', 'invalid_address');
  return text;
}

/** The transaction that sent a refund's coins: present, one token of at most 128 visible characters. */
function refundTxidOf(raw: unknown): string {
  const text = typeof raw === 'string' ? raw.trim() : raw;
  if (text === undefined || text === null || text === '') throw invalid('admin.deposit', 'txid', 'missing_txid');
  if (typeof text !== 'string' || text.length > 128 || !/^[\x21-\x7e]+$/.test(text)) throw invalid('admin.deposit', 'txid', 'invalid_txid');
  return text;
}

export function moneyMovementRoutes(app: FastifyInstance): void {
  const db = () => app.deps.db.kysely;
  /** One refund, audited: its id, or the refusal's code (the loser of concurrent refunds finds the deposit `refunding`). */
  const refund = async (req: FastifyRequest, id: number, address: string) => (await auditedAction(req, {
    topic: 'deposits', action: 'refund', data: { id, action: 'refund', address }, prefix: 'admin.deposit',
    run: (trx) => refundDeposit(trx, id, address, caller(req).id, app.deps.now()),
    ledgerRefusal: 'admin.deposit.user_insufficient_balance',
    codes: { invalid_address: invalid('admin.deposit', 'address', 'invalid_address'), own_address: invalid('admin.deposit', 'address', 'own_address') },
    note: (done) => ({ refund: done.refund }),
  })).refund;

  moneyListRoute(app, '/admin/deposits', DEPOSIT_LIST, { codePrefix: 'admin.deposit' });
  app.get<{ Params: { id: string } }>('/admin/deposits/:id', async (req) => {
    await requireAbility(req, 'read', 'Deposit', 'peatio');
    return (await getDeposit(db(), idOf(req.params.id, 'admin.deposit'))) ?? fail(404, 'admin.deposit.doesnt_exist');
  });
  app.post('/admin/deposits/new', guardedCreate(app, {
    ability: ['create', 'Deposits::Fiat'], prefix: 'admin.deposit', topic: 'deposits', answer: getDeposit,
    check: async (db, body) => {
      const row = await checkFiatDeposit(db, validated<{ uid: string; currency: string; amount: string; tid?: string | null }>(deposits, body));
      if ('refused' in row) throw invalid('admin.deposit', row.field, row.refused);
      return row;
    },
    write: async (trx, row, { creator, key, at }) => {
      const tidTaken = () => invalid('admin.deposit', 'tid', 'tid_taken');
      // Submits under one key take turns, so a retry finds what the first recorded (and is not refused its own tid).
      if (key) await sql`SELECT pg_advisory_xact_lock(hashtextextended(${`deposit:${creator}:${key}`}, 0))`.execute(trx);
      const replay = key && await trx.selectFrom('deposits').select('id').where('creator_id', '=', creator).where('idempotency_key', '=', key).executeTakeFirst();
      if (!replay && row.tid && await trx.selectFrom('deposits').select('id').where('tid', '=', row.tid).executeTakeFirst()) throw tidTaken();
      try {
        return await insertOnce(trx, 'deposits', { ...row, type: 'fiat', state: 'submitted' }, { creator, key, at, prefix: 'admin.deposit' });
      } catch (e) {
        // Two submits under different keys racing with one tid: the index keeps one.
        if ((e as { constraint?: string }).constraint === 'deposits_tid_key') throw tidTaken();
        throw e;
      }
    },
    note: (made, row) => ({ ...made, amount: row.amount, currency: row.currency_id }),
  }));
  app.post('/admin/deposits/actions', async (req: FastifyRequest, reply) => {
    await requireAbility(req, 'update', 'Deposit', 'peatio');
    const body = bodyOf(req);
    const id = idOf(body.id, 'admin.deposit');
    if (body.action === 'refund') {
      await refund(req, id, refundAddressOf(body.address));
      return reply.status(201).send(await getDeposit(db(), id));
    }
    if (body.action === 'refund_processed' || body.action === 'refund_failed') {
      const answer: RefundAnswer = body.action === 'refund_failed' ? { action: 'refund_failed' } : { action: 'refund_processed', txid: refundTxidOf(body.txid) };
      await auditedAction(req, {
        topic: 'deposits', action: body.action, data: { id, ...answer }, prefix: 'admin.deposit',
        run: (trx) => answerRefund(trx, id, answer, app.deps.now()), note: (done) => ({ refund: done.refund }),
      });
      return reply.status(201).send(await getDeposit(db(), id));
    }
    if (!isDepositAction(body.action)) throw invalid('admin.deposit', 'action', 'invalid_action');
    const action = body.action;
    await auditedAction(req, {
      topic: 'deposits', action, data: { id, action }, prefix: 'admin.deposit',
      run: (trx) => actOnDeposit(trx, id, action, caller(req).id, app.deps.now()),
    });
    return reply.status(201).send(await getDeposit(db(), id));
  });
  app.post<{ Params: { id: string } }>('/admin/deposits/:id/refund', async (req, reply) => {
    await requireAbility(req, 'update', 'Deposit', 'peatio');
    const id = idOf(req.params.id, 'admin.deposit');
    const address = refundAddressOf(bodyOf(req).address);
    const made = await refund(req, id, address);
    return reply.status(201).send({ id: made, address, deposit: await getDeposit(db(), id) });
  });

  moneyListRoute(app, '/admin/withdraws', WITHDRAW_LIST, { codePrefix: 'admin.withdraw' });
  app.get<{ Params: { id: string } }>('/admin/withdraws/:id', async (req) => {
    await requireAbility(req, 'read', 'Withdraw', 'peatio');
    return (await getWithdraw(db(), idOf(req.params.id, 'admin.withdraw'))) ?? fail(404, 'admin.withdraw.doesnt_exist');
  });
  app.post('/admin/withdraws/actions', async (req: FastifyRequest, reply) => {
    await requireAbility(req, 'update', 'Withdraw', 'peatio');
    const body = bodyOf(req);
    const id = idOf(body.id, 'admin.withdraw');
    if (!isWithdrawAction(body.action)) throw invalid('admin.withdraw', 'action', 'invalid_action');
    const action = body.action;
    const text = (v: unknown, max: number, field: string) => {
      if (v === undefined || v === null) return undefined;
      if (typeof v !== 'string' || v.length > max) throw invalid('admin.withdraw', field, `invalid_${field}`);
      return v;
    };
    const reason = text(body.reason, 500, 'reason');
    const txid = text(body.txid, 128, 'txid');
    await auditedAction(req, {
      topic: 'withdraws', action, data: { id, action, reason, txid }, prefix: 'admin.withdraw',
      run: (trx) => actOnWithdraw(trx, id, action, { staff: caller(req).id, at: app.deps.now(), reason, txid, reviewAmounts: app.deps.config.withdrawReviewAmounts }),
      codes: { missing_reason: invalid('admin.withdraw', 'reason', 'missing_reason') }, note: (done) => ({ state: done.state }),
    });
    return reply.status(201).send(await getWithdraw(db(), id));
  });
}
