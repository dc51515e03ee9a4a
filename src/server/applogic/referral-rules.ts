/**
 * Referral rules on the application-logic service (src/server/applogic/README.md, Referral rules). Lists,
 * reads, creates and updates are the engine's generic handlers; this write hook adds the rule no declared check
 * can say: one active rule per tier and fee currency (no currency counting as a currency of its own), answered
 * `admin.referral_rule.active_rule_taken`. The partial unique index `referral_rules_one_active` holds it
 * against a concurrent write (mapped to the same code by the declaration's constraintCodes).
 */
import { ONE_ACTIVE_RULE_INDEX, referralRules } from '../../shared/resources/referral-rules.js';
import { ApiError } from '../plugins/errors.js';
import { registerWriteHook } from '../resources/write-hooks.js';

const code = `${referralRules.errorPrefix}.${referralRules.constraintCodes![ONE_ACTIVE_RULE_INDEX]!.code}`;

export function registerReferralRuleHooks(): void {
  registerWriteHook(referralRules.name, async ({ trx, values, stored }) => {
    // An emptied currency (the form's cleared field) is no currency: the rule covers every fee currency.
    if (values.currency === '') values.currency = null;
    else if (typeof values.currency === 'string') values.currency = values.currency.toLowerCase();
    const row = { ...stored, ...values };
    if ((row.state ?? 'active') !== 'active') return;
    const currency = (row.currency as string | null | undefined) || null;
    let q = trx.selectFrom('referral_rules').select('id').where('state', '=', 'active').where('tier', '=', Number(row.tier))
      .where('currency', currency === null ? 'is' : '=', currency);
    if (stored.id !== undefined) q = q.where('id', '<>', Number(stored.id));
    if (await q.executeTakeFirst()) throw new ApiError(422, [code], { state: [code] });
  });
}
