/**
 * Presales, milestones and advertisements on the application-logic service. Their lists, reads, creates
 * and updates are the engine's generic handlers; what is theirs alone lives here: the write rules (write
 * hooks: dates in order, a presale's terms fixed once it has started, its market the token/price pair, a
 * milestone created at or under the raised amount completed at once) and the state machines' calls
 * (`POST /admin/presales/action {id, action: start|close|cancel}`, `POST /admin/milestones/action {id,
 * action: complete}`), which move money through the presale escrow (money/presales.ts).
 */
import type { FastifyInstance } from 'fastify';
import { compareDecimal } from '../../shared/decimal.js';
import { idStruct } from '../../shared/resources/field-structs.js';
import { PRESALE_EDITABLE_AFTER_START, presales } from '../../shared/resources/presales.js';
import { milestones } from '../../shared/resources/milestones.js';
import { getRow, type Row } from '../db/queries/resources.js';
import { requireAbility } from '../auth/require-ability.js';
import { bodyOf } from '../auth/users/guards.js';
import { withAudit } from '../plugins/audit.js';
import { ApiError, fail } from '../plugins/errors.js';
import { registerWriteHook } from '../resources/write-hooks.js';
import { toWire } from '../resources/wire.js';
import { actOnPresale, completeMilestone, type PresaleAction } from '../money/presales.js';

const ID = idStruct();
const refuse = (prefix: string, field: string, c: string) => new ApiError(422, [`${prefix}.${c}`], { [field]: [`${prefix}.${c}`] });
const time = (v: unknown) => (v instanceof Date ? v.getTime() : new Date(String(v)).getTime());

/** start_date before (or, with `equal`, at) end_date on the row as it will be. */
function datesInOrder(prefix: string, row: Row, equal: boolean): void {
  if (row.start_date == null || row.end_date == null) return;
  const [a, b] = [time(row.start_date), time(row.end_date)];
  if (a > b || (!equal && a === b)) throw refuse(prefix, 'start_date', 'start_date_exceeds_end_date');
}

/** Whether a sent value differs from the stored one (decimals compared exactly, dates by instant). */
function changed(sent: unknown, stored: unknown): boolean {
  if (stored instanceof Date) return time(sent) !== stored.getTime();
  if (typeof stored === 'string' && typeof sent === 'string' && /^-?\d+(\.\d+)?$/.test(stored) && /^-?\d+(\.\d+)?$/.test(sent)) {
    return compareDecimal(sent, stored) !== 0;
  }
  return (sent ?? null) !== (stored ?? null);
}

export function registerPresaleHooks(): void {
  registerWriteHook(presales.name, async ({ trx, values, stored }) => {
    const P = presales.errorPrefix;
    const creating = Object.keys(stored).length === 0;
    if (!creating && stored.state !== 'upcoming') {
      const locked = Object.keys(values).find((k) => !(PRESALE_EDITABLE_AFTER_START as readonly string[]).includes(k) && changed(values[k], stored[k]));
      if (locked) throw refuse(P, locked, `immutable_${locked}`);
    }
    const row = { ...stored, ...values };
    datesInOrder(P, row, false);
    if (values.price !== undefined && compareDecimal(String(values.price), '0') <= 0) throw refuse(P, 'price', 'zero_price');
    if (values.hard_cap !== undefined && compareDecimal(String(values.hard_cap), '0') <= 0) throw refuse(P, 'hard_cap', 'zero_hard_cap');
    for (const k of ['token_currency', 'price_currency'] as const) if (typeof values[k] === 'string') values[k] = (values[k] as string).toLowerCase();
    // The market the token will trade on is the token against the price currency (btcusdt for btc/usdt).
    if (row.market_id) {
      const m = await trx.selectFrom('markets').select(['base_unit', 'quote_unit']).where('id', '=', String(row.market_id)).executeTakeFirst();
      if (m && (m.base_unit !== String(row.token_currency).toLowerCase() || m.quote_unit !== String(row.price_currency).toLowerCase())) {
        throw refuse(P, 'market_id', 'market_mismatch');
      }
    }
  });

  registerWriteHook(milestones.name, async ({ trx, values, req }) => {
    const p = await trx.selectFrom('presales').select(['state', 'raised']).where('id', '=', Number(values.presale_id)).executeTakeFirst();
    // A presale that does not exist is the reference check's (admin.milestone.presale_doesnt_exist).
    if (!p) return;
    if (p.state === 'closed' || p.state === 'canceled') throw refuse(milestones.errorPrefix, 'presale_id', 'presale_finished');
    // Already reached: the milestone is complete as it is made.
    if (values.value !== undefined && compareDecimal(p.raised, String(values.value)) >= 0) {
      values.state = 'completed';
      values.completed_at = req.server.deps.now();
    }
  });

  registerWriteHook('advertisements', ({ values, stored }) => datesInOrder('admin.advertisement', { ...stored, ...values }, true));
}

function idOf(prefix: string, raw: unknown): number {
  const [err, id] = ID.validate(raw, { coerce: true });
  if (err) throw refuse(prefix, 'id', raw === undefined ? 'missing_id' : 'invalid_id');
  return id;
}

export function presaleRoutes(app: FastifyInstance): void {
  const db = () => app.deps.db.kysely;

  app.post('/admin/presales/action', async (req, reply) => {
    await requireAbility(req, 'manage', 'Presale', 'peatio');
    const P = presales.errorPrefix;
    const body = bodyOf(req);
    const id = idOf(P, body.id);
    const action = body.action;
    if (action !== 'start' && action !== 'close' && action !== 'cancel') throw refuse(P, 'action', 'invalid_action');
    await withAudit(req, { topic: 'presales', action, data: { id, action } }, async (trx, note) => {
      const done = await actOnPresale(trx, id, action as PresaleAction, app.deps.now());
      if (done === 'not_found') fail(404, `${P}.doesnt_exist`);
      if (done === 'invalid_state') fail(422, `${P}.cannot_perform_${action}_action`);
      note({ state: { from: done.from, to: done.state }, allotted: done.allotted, refunded: done.refunded });
    });
    return reply.status(201).send(toWire(presales, (await getRow(db(), presales, id))!));
  });

  app.post('/admin/milestones/action', async (req, reply) => {
    await requireAbility(req, 'manage', 'Milestone', 'peatio');
    const P = milestones.errorPrefix;
    const body = bodyOf(req);
    const id = idOf(P, body.id);
    if (body.action !== 'complete') throw refuse(P, 'action', 'invalid_action');
    await withAudit(req, { topic: 'milestones', action: 'complete', data: { id, action: 'complete' } }, async (trx) => {
      const done = await completeMilestone(trx, id, app.deps.now());
      if (done === 'not_found') fail(404, `${P}.doesnt_exist`);
      if (done === 'invalid_state') fail(422, `${P}.cannot_perform_complete_action`);
    });
    return reply.status(201).send(toWire(milestones, (await getRow(db(), milestones, id))!));
  });
}
