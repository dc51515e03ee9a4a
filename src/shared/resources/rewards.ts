/**
 * Rewards (spec §2 /reward-history; designed in src/server/applogic/README.md, Reward history): referral
 * rewards, made pending by a settlement run over a period's trade fees (POST /admin/rewards/settle, once per
 * period, rule, referrer, referred member and currency), and campaign rewards added by staff (once per
 * Idempotency-Key). Paying one posts the platform's expense 40x and the member's balance 20x once (reference
 * Reward); a pending one may be canceled instead. Created, settled and acted on by bespoke routes
 * (applogic/rewards.ts); listed and read by the generic handlers.
 */
import { defineResource, ID_FIELD, MEMBER_BY_UID_FIELDS, stateActions, TIMESTAMPS } from './define.js';
import { USER_LINK } from './member-identity.js';

export const REWARD_STATES = ['pending', 'paid', 'canceled'] as const;
export const REWARD_KINDS = ['referral', 'campaign'] as const;
const STATE_LABELS = { pending: 'Pending', paid: 'Paid', canceled: 'Canceled' };

const act = stateActions({ method: 'POST', path: '/admin/rewards/action' }, 'manage');

export const rewards = defineResource({
  name: 'rewards',
  subject: 'Reward',
  service: 'applogic',
  table: 'rewards',
  server: 'bespoke',
  route: 'reward-history',
  view: true,
  label: 'Reward',
  labelPlural: 'Reward History',
  api: { path: '/admin/rewards', style: 'new-update', operations: ['list', 'get', 'create'] },
  abilities: { create: 'manage' },
  fields: {
    id: ID_FIELD,
    ...MEMBER_BY_UID_FIELDS,
    kind: { kind: 'enum', values: REWARD_KINDS, readOnly: true, valueLabels: { referral: 'Referral', campaign: 'Campaign' } },
    currency: {
      kind: 'text', required: true, references: 'currencies', by: 'code', max: 10, label: 'Currency', message: 'Currency is required', example: 'usdt',
    },
    amount: { kind: 'decimal', required: true, range: [0, Infinity], label: 'Amount', message: 'Amount is required', example: '10' },
    campaign: { kind: 'text', required: true, max: 64, label: 'Campaign', message: 'Campaign is required', example: 'trading-cup-2026' },
    reason: { kind: 'text', max: 255, label: 'Reason', example: 'Third place, November trading cup' },
    state: { kind: 'enum', values: REWARD_STATES, readOnly: true, valueLabels: STATE_LABELS },
    source_id: { kind: 'reference', references: 'users', readOnly: true, label: 'Referred member ID' },
    source_uid: { kind: 'text', readOnly: true, label: 'Referred member' },
    referral_rule_id: { kind: 'reference', references: 'referral-rules', readOnly: true, label: 'Referral rule ID' },
    referral_rule: { kind: 'text', readOnly: true, label: 'Referral rule', from: { via: 'referral_rule_id', field: 'name' } },
    tier: { kind: 'number', readOnly: true, label: 'Tier' },
    settlement_id: { kind: 'number', readOnly: true, label: 'Settlement' },
    period_from: { kind: 'datetime', readOnly: true, label: 'Period from' },
    period_to: { kind: 'datetime', readOnly: true, label: 'Period to' },
    fee_amount: { kind: 'decimal', readOnly: true, label: 'Fees paid by the referred member' },
    trades: { kind: 'number', readOnly: true, label: 'Trades' },
    creator_id: { kind: 'reference', references: 'users', readOnly: true, label: 'Created by (ID)' },
    creator_uid: { kind: 'text', readOnly: true, label: 'Created by', from: { via: 'creator_id', field: 'uid' } },
    payer_id: { kind: 'reference', references: 'users', readOnly: true, label: 'Paid by (ID)' },
    payer_uid: { kind: 'text', readOnly: true, label: 'Paid or canceled by', from: { via: 'payer_id', field: 'uid' } },
    paid_at: { kind: 'datetime', readOnly: true, label: 'Paid' },
    canceled_at: { kind: 'datetime', readOnly: true, label: 'Canceled' },
    ...TIMESTAMPS,
  },
  columns: [
    { field: 'id' }, { field: 'uid', format: USER_LINK }, { field: 'email', format: USER_LINK },
    { field: 'kind', format: { kind: 'badge', colours: { referral: 'blue', campaign: 'yellow' }, labels: { referral: 'Referral', campaign: 'Campaign' } } },
    { field: 'amount', format: { kind: 'decimal', unit: 'currency' } },
    { field: 'source_uid', format: { kind: 'link', route: 'user-directory', key: 'source_uid' }, empty: '—' },
    { field: 'referral_rule', empty: '—' }, { field: 'campaign', empty: '—' },
    { field: 'state', format: { kind: 'badge', colours: { pending: 'yellow', paid: 'green', canceled: 'grey' }, labels: STATE_LABELS } },
    { field: 'paid_at', format: { kind: 'date' }, empty: '—' }, { field: 'created_at', format: { kind: 'date' } },
  ],
  filters: [
    { field: 'created_at' }, { field: 'id' }, { field: 'uid', op: 'eq' }, { field: 'email' }, { field: 'kind' }, { field: 'source_uid', op: 'eq' },
    { field: 'referral_rule_id' }, { field: 'campaign', op: 'eq' }, { field: 'currency', op: 'eq' }, { field: 'state' }, { field: 'settlement_id' },
  ],
  list: { pageSize: 25, ordering: 'desc', sortable: ['id', 'amount', 'state', 'paid_at', 'created_at'] },
  actions: [
    act('pay', 'Pay', 'paid', ['pending'], 'Reward paid'),
    act('cancel', 'Cancel', 'canceled', ['pending'], 'Reward canceled'),
  ],
  listCalls: [{
    name: 'settle', label: 'Settle referral rewards', kind: 'write', ability: 'manage',
    endpoint: { method: 'POST', path: '/admin/rewards/settle' }, submit: 'Settle',
    params: {
      from: { kind: 'date', required: true, label: 'From (UTC day, inclusive)', message: 'Required' },
      to: { kind: 'date', required: true, label: 'To (UTC day, inclusive)', message: 'Required' },
    },
    success: (answer) => {
      const a = answer as { created?: number; existing?: number };
      return `Settled: ${a.created ?? 0} new pending rewards${a.existing ? `, ${a.existing} already settled` : ''}`;
    },
  }],
  messages: { created: 'Campaign reward added' },
});
