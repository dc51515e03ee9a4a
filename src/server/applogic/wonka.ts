/**
 * Wonka's setup on the application-logic service: pairs, their config and fee discounts are the engine's
 * generic lists and forms (subjects Wonka, WonkaConfig, WonkaDiscount); what one field cannot say alone
 * is checked here, in the write's transaction, as write hooks: a pair's two currencies must be
 * `wonka_swap_enabled` and its price market must trade base against quote; a config's fee and spread are
 * fractions below one; a discount is a fraction of the fee above zero and at most one, runs forward in
 * time, and names the tier or the campaign its kind says.
 */
import { compareDecimal } from '../../shared/decimal.js';
import { wonkaConfigs, wonkaDiscounts, wonkas } from '../../shared/resources/wonka.js';
import type { Row } from '../db/queries/resources.js';
import { ApiError } from '../plugins/errors.js';
import { registerWriteHook } from '../resources/write-hooks.js';

const refuse = (prefix: string, field: string, c: string) => new ApiError(422, [`${prefix}.${c}`], { [field]: [`${prefix}.${c}`] });
const time = (v: unknown) => (v instanceof Date ? v.getTime() : new Date(String(v)).getTime());

/** A sent fraction must lie in [0, 1) (`lowest` 'above' makes it (0, 1]). */
function fractionIn(prefix: string, values: Row, field: string, code: string, lowest: 'zero' | 'above' = 'zero'): void {
  const v = values[field];
  if (v === undefined || v === null) return;
  const s = String(v);
  const bad = lowest === 'zero' ? compareDecimal(s, '0') < 0 || compareDecimal(s, '1') >= 0 : compareDecimal(s, '0') <= 0 || compareDecimal(s, '1') > 0;
  if (bad) throw refuse(prefix, field, code);
}

export function registerWonkaHooks(): void {
  registerWriteHook(wonkas.name, async ({ trx, values, stored }) => {
    const P = wonkas.errorPrefix;
    for (const k of ['base_currency', 'quote_currency', 'market_id'] as const) if (typeof values[k] === 'string') values[k] = (values[k] as string).toLowerCase();
    const row = { ...stored, ...values };
    let known = true;
    for (const k of ['base_currency', 'quote_currency'] as const) {
      const c = await trx.selectFrom('currencies').select('wonka_swap_enabled').where('code', '=', String(row[k])).executeTakeFirst();
      // A currency that does not exist is the reference check's (admin.wonka.<k>_doesnt_exist).
      if (!c) known = false;
      else if (values[k] !== undefined && !c.wonka_swap_enabled) throw refuse(P, k, `${k}_not_wonka_enabled`);
    }
    if (known && row.market_id) {
      const m = await trx.selectFrom('markets').select(['base_unit', 'quote_unit']).where('id', '=', String(row.market_id)).executeTakeFirst();
      if (m && (m.base_unit !== row.base_currency || m.quote_unit !== row.quote_currency)) throw refuse(P, 'market_id', 'market_mismatch');
    }
  });

  registerWriteHook(wonkaConfigs.name, ({ values }) => {
    const P = wonkaConfigs.errorPrefix;
    fractionIn(P, values, 'fee', 'invalid_fee');
    fractionIn(P, values, 'spread', 'invalid_spread');
  });

  registerWriteHook(wonkaDiscounts.name, ({ values, stored }) => {
    const P = wonkaDiscounts.errorPrefix;
    fractionIn(P, values, 'discount', 'invalid_discount', 'above');
    const row = { ...stored, ...values };
    if (row.starts_at != null && row.ends_at != null && time(row.starts_at) >= time(row.ends_at)) throw refuse(P, 'starts_at', 'starts_at_exceeds_ends_at');
    if (row.kind === 'tier' && !row.tier) throw refuse(P, 'tier', 'missing_tier');
    if (row.kind === 'campaign' && !row.campaign) throw refuse(P, 'campaign', 'missing_campaign');
  });
}
