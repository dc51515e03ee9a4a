/**
 * Referral rules (spec §2 /referral-rule + /add; the fields are withheld, designed in
 * src/server/applogic/README.md, Referral rules): the share of a referred member's trading fee paid to their
 * referrer (tier 1) or to the referrer's own referrer (tier 2). `currency` names the fee currency the rule
 * covers (paid in that currency); a rule without one covers every fee currency no rule of its tier names. A
 * referrer qualifies with `min_volume` of that currency traded in the 30 days before the settled period's end.
 * One active rule per tier and currency (a partial unique index; `active_rule_taken`). Generic handlers;
 * settled by POST /admin/rewards/settle (rewards.ts).
 */
import { defineResource, ID_FIELD, TIMESTAMPS } from './define.js';

export const REFERRAL_RULE_STATES = ['active', 'inactive'] as const;
/** The database's name for the one-active-rule index, which the server maps to `active_rule_taken`. */
export const ONE_ACTIVE_RULE_INDEX = 'referral_rules_one_active';

export const referralRules = defineResource({
  name: 'referral-rules',
  subject: 'ReferralRule',
  service: 'applogic',
  table: 'referral_rules',
  server: 'generic',
  route: 'referral-rule',
  label: 'Referral Rule',
  labelPlural: 'Referral Rules',
  api: { path: '/admin/referral_rules', style: 'new-update', operations: ['list', 'get', 'create', 'update'] },
  abilities: { create: 'manage', update: 'manage' },
  fields: {
    id: ID_FIELD,
    name: { kind: 'text', required: true, max: 64, label: 'Name', message: 'Name is required', example: 'Direct referrals' },
    tier: {
      kind: 'number', required: true, range: [1, 2], label: 'Tier', message: 'Tier is 1 (direct referrals) or 2 (their referrals)', example: 1,
    },
    reward_share: {
      kind: 'decimal', required: true, range: [0.0001, 1], scale: 'percent', label: 'Reward share %',
      message: 'Reward share is required: between 0.01% and 100% of the fee', example: '0.2',
    },
    currency: { kind: 'text', references: 'currencies', by: 'code', max: 10, label: 'Fee currency (empty: any)', example: 'usdt' },
    min_volume: {
      kind: 'decimal', range: [0, Infinity], default: '0', label: 'Minimum 30-day volume',
      invalidMessage: 'Zero or more, in the reward’s currency', example: '0',
    },
    state: {
      kind: 'enum', values: REFERRAL_RULE_STATES, default: 'active', label: 'State',
      valueLabels: { active: 'Active', inactive: 'Inactive' },
    },
    ...TIMESTAMPS,
  },
  columns: [
    { field: 'id' }, { field: 'name' }, { field: 'tier' }, { field: 'reward_share', format: { kind: 'decimal' } },
    { field: 'currency', empty: 'Any' }, { field: 'min_volume', format: { kind: 'decimal' } },
    { field: 'state', format: { kind: 'badge', colours: { active: 'green', inactive: 'grey' }, labels: { active: 'Active', inactive: 'Inactive' } } },
    { field: 'updated_at', format: { kind: 'date' } },
  ],
  filters: [{ field: 'name' }, { field: 'tier' }, { field: 'currency', op: 'eq' }, { field: 'state' }],
  list: { pageSize: 25, ordering: 'asc', sortable: ['id', 'tier', 'reward_share', 'state', 'updated_at'] },
  constraintCodes: { [ONE_ACTIVE_RULE_INDEX]: { field: 'state', code: 'active_rule_taken' } },
  actions: [{ name: 'toggle-state', label: 'Active', kind: 'toggle', field: 'state', values: ['active', 'inactive'], ability: 'manage', success: 'Referral rule updated' }],
  messages: { created: 'Referral rule added successfully', updated: 'Referral rule updated successfully' },
});
