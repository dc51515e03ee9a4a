/**
 * Mining rewards (spec §2 /mining_rewards, §3 Mining reward, P-E15 GET /admin/mining_rewards): an amount
 * of a currency paid to a member for mining (or a referral, a streak). Read-only, newest first (§9).
 * The row stores the uid; e-mail and phone come from the user. A reward has no device, so of the spec's
 * filters it takes uid, email and its state (the reward's "status"), plus the currency.
 * Identity cells open the user; the state shows as a badge for succeed, pending and banned (§4).
 */
import { defineResource, ID_FIELD, TIMESTAMPS } from './define.js';
import { MEMBER_WITH_PHONE, USER_LINK } from './member-identity.js';

export const MINING_REWARD_STATES = ['succeed', 'pending', 'banned'] as const;

export const miningRewards = defineResource({
  name: 'mining-rewards',
  subject: 'MiningReward',
  service: 'peatio',
  table: 'mining_rewards',
  server: 'generic',
  route: 'mining_rewards',
  label: 'Mining Reward',
  labelPlural: 'Mining Rewards',
  api: { path: '/admin/mining_rewards', style: 'new-update', operations: ['list'] },
  fields: {
    id: ID_FIELD,
    ...MEMBER_WITH_PHONE,
    reward: { kind: 'decimal', readOnly: true, label: 'Reward' },
    currency: { kind: 'text', readOnly: true, max: 10, references: 'currencies', label: 'Currency' },
    type: { kind: 'text', readOnly: true, max: 32, label: 'Type' },
    state: { kind: 'enum', values: MINING_REWARD_STATES, readOnly: true, label: 'Status' },
    ...TIMESTAMPS,
  },
  columns: [
    { field: 'uid', format: USER_LINK },
    { field: 'email', format: USER_LINK },
    { field: 'phone_number' },
    { field: 'reward', format: { kind: 'decimal', unit: 'currency' } },
    { field: 'type' },
    { field: 'created_at', format: { kind: 'date' } },
    { field: 'updated_at', format: { kind: 'date' } },
    {
      field: 'state',
      format: { kind: 'badge', colours: { succeed: 'green', pending: 'yellow', banned: 'red' }, labels: { succeed: 'Succeed', pending: 'Pending', banned: 'Banned' } },
    },
  ],
  filters: [{ field: 'email' }, { field: 'uid', op: 'eq' }, { field: 'state' }, { field: 'currency', op: 'eq' }, { field: 'created_at' }],
  list: { pageSize: 25, ordering: 'desc', orderBy: 'created_at', sortable: ['id', 'created_at'] },
});
