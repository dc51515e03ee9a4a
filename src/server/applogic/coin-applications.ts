/**
 * Coin applications on the application-logic service (src/server/applogic/README.md, Coin
 * applications). `GET /admin/coin_applications[/{id}]` are the engine's generic list and read (read
 * Token); `POST /admin/coin_applications/action {id, action: approve|reject, reason?}` (manage Token)
 * decides one. Approve creates the currency through the currencies' own create path (handlers.ts
 * `createWithin`: the same ability check — create Currency —, struct, reference and uniqueness checks
 * and insert as `POST /api/v2/peatio/admin/currencies/new`), disabled, and records who approved, all in
 * one transaction under the application's row lock with the state in the condition: of concurrent
 * approves one creates the currency and the others get `cannot_perform_approve_action`; a currency code
 * already taken refuses the approval and changes nothing. Reject needs a reason.
 */
import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { idStruct } from '../../shared/resources/field-structs.js';
import { coinApplications } from '../../shared/resources/coin-applications.js';
import { currencies } from '../../shared/resources/currencies.js';
import type { DB } from '../db/schema.js';
import { getRow } from '../db/queries/resources.js';
import { requireAbility } from '../auth/require-ability.js';
import { bodyOf, caller } from '../auth/users/guards.js';
import { withAudit } from '../plugins/audit.js';
import { ApiError, fail } from '../plugins/errors.js';
import { createWithin } from '../resources/handlers.js';
import { toWire } from '../resources/wire.js';

const P = coinApplications.errorPrefix;
const ID = idStruct();
const REASON_MAX = 500;
const refuse = (field: string, c: string) => new ApiError(422, [`${P}.${c}`], { [field]: [`${P}.${c}`] });

/** What an approval gives the currencies' create call: the token, disabled until staff have set it up. */
export function currencyBody(a: { id: number; project: string; token_name: string; token_code: string; blockchain_key: string; contract_address: string | null }) {
  return {
    code: a.token_code.toLowerCase(),
    name: a.token_name,
    type: 'coin',
    blockchain_key: a.blockchain_key,
    // Disabled: hidden, no deposits, no withdrawals (swaps are off by default) until configured and enabled.
    visible: false,
    deposit_enabled: false,
    withdrawal_enabled: false,
    precision: 8,
    // The token's contract, where the currency model keeps it (Peatio's options.erc20_contract_address).
    options: a.contract_address ? { erc20_contract_address: a.contract_address } : {},
    description: `Listed from coin application #${a.id} (${a.project}).`.slice(0, 1000),
  };
}

type Decided = { from: string; to: string; currency?: string };

/**
 * Approves application `id` in `trx`: locks the row, creates its currency through `create` (the
 * currencies' create path), records the decision. Refusals are ApiErrors; the transaction rolls back.
 */
export async function approveApplication(
  trx: Kysely<DB>, id: number, by: number, at: Date, create: (body: Record<string, unknown>) => Promise<unknown>,
): Promise<Decided> {
  const a = await trx.selectFrom('coin_applications').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
  if (!a) fail(404, `${P}.doesnt_exist`);
  if (a.state !== 'pending') fail(422, `${P}.cannot_perform_approve_action`);
  // Listed after every currency the exchange has (Peatio orders currencies by position).
  const last = await trx.selectFrom('currencies').select((e) => e.fn.max('position').as('p')).executeTakeFirst();
  const body = { ...currencyBody({ ...a, id: Number(a.id) }), position: Math.min(1_000_000, Number(last?.p ?? 0) + 1) };
  const taken = () => refuse('token_code', 'currency_exists');
  if (await trx.selectFrom('currencies').select('code').where('code', '=', body.code).executeTakeFirst()) throw taken();
  try {
    await create(body);
  } catch (err) {
    // Another approval (of another application with the same code) created it since: a unique violation.
    if (err instanceof ApiError && err.codes.includes(`${currencies.errorPrefix}.code_taken`)) throw taken();
    throw err;
  }
  const done = await trx.updateTable('coin_applications')
    .set({ state: 'approved', decided_by: by, decided_at: at, currency_id: body.code, updated_at: at })
    .where('id', '=', id).where('state', '=', 'pending').executeTakeFirst();
  if (Number(done.numUpdatedRows) !== 1) fail(422, `${P}.cannot_perform_approve_action`);
  return { from: 'pending', to: 'approved', currency: body.code };
}

/** Rejects application `id` with `reason`: one UPDATE guarded by the pending state. */
export async function rejectApplication(trx: Kysely<DB>, id: number, by: number, at: Date, reason: string): Promise<Decided> {
  const done = await trx.updateTable('coin_applications')
    .set({ state: 'rejected', decided_by: by, decided_at: at, reason, updated_at: at })
    .where('id', '=', id).where('state', '=', 'pending').returning('id').executeTakeFirst();
  if (!done) {
    const exists = await trx.selectFrom('coin_applications').select(sql<number>`1`.as('one')).where('id', '=', id).executeTakeFirst();
    fail(exists ? 422 : 404, exists ? `${P}.cannot_perform_reject_action` : `${P}.doesnt_exist`);
  }
  return { from: 'pending', to: 'rejected' };
}

function idOf(raw: unknown): number {
  const [err, id] = ID.validate(raw, { coerce: true });
  if (err) throw refuse('id', raw === undefined ? 'missing_id' : 'invalid_id');
  return id;
}

function reasonOf(raw: unknown): string {
  if (raw === undefined || raw === null || (typeof raw === 'string' && !raw.trim())) throw refuse('reason', 'missing_reason');
  if (typeof raw !== 'string' || raw.length > REASON_MAX || raw.includes('\u0000')) throw refuse('reason', 'invalid_reason');
  return raw.trim();
}

export function coinApplicationRoutes(app: FastifyInstance): void {
  app.post('/admin/coin_applications/action', async (req, reply) => {
    await requireAbility(req, 'manage', 'Token', 'peatio');
    const body = bodyOf(req);
    const id = idOf(body.id);
    const action = body.action;
    if (action !== 'approve' && action !== 'reject') throw refuse('action', 'invalid_action');
    const reason = action === 'reject' ? reasonOf(body.reason) : undefined;
    const by = Number(caller(req).id);
    await withAudit(req, { topic: 'coin_applications', action, data: { id, action, ...(reason ? { reason } : {}) } }, async (trx, note) => {
      const at = app.deps.now();
      const done = action === 'approve'
        ? await approveApplication(trx, id, by, at, (b) => createWithin(req, trx, currencies, b, at))
        : await rejectApplication(trx, id, by, at, reason!);
      note({ state: { from: done.from, to: done.to }, ...(done.currency ? { currency: done.currency } : {}) });
    });
    return reply.status(201).send(toWire(coinApplications, (await getRow(app.deps.db.kysely, coinApplications, id))!));
  });
}
