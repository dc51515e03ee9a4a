/**
 * Withdraw limits (Peatio 2.6 WithdrawLimit; the spec withholds the fields): how much a member may
 * withdraw in 24 hours and in a month, per member group and KYC level, `any` matching every one (the
 * most specific row applies). Amounts are in the platform's default currency (DEFAULT_CURRENCY); 0 is
 * no limit.
 */
import { MEMBER_GROUP_FIELD, AMOUNT_FIELD, defineResource, ID_FIELD, TIMESTAMPS } from './define.js';

const LIMIT = AMOUNT_FIELD;

export const withdrawLimits = defineResource({
  name: 'withdraw-limits',
  subject: 'WithdrawLimit',
  service: 'peatio',
  table: 'withdraw_limits',
  server: 'generic',
  route: 'withdraw-limit',
  label: 'Withdraw Limit',
  labelPlural: 'Withdraw Limits',
  api: { path: '/admin/withdraw_limits', style: 'new-update', operations: ['list', 'get', 'create', 'update', 'delete'] },
  fields: {
    id: ID_FIELD,
    group: MEMBER_GROUP_FIELD,
    kyc_level: { kind: 'enum', values: ['any', '0', '1', '2', '3'], default: 'any', label: 'KYC level' },
    limit_24_hour: { ...LIMIT, label: 'Limit 24 hours (0: none)' },
    limit_1_month: { ...LIMIT, label: 'Limit 1 month (0: none)' },
    ...TIMESTAMPS,
  },
  columns: [
    { field: 'id' }, { field: 'group' }, { field: 'kyc_level' },
    { field: 'limit_24_hour', format: { kind: 'decimal' } }, { field: 'limit_1_month', format: { kind: 'decimal' } },
    { field: 'updated_at', format: { kind: 'date' } },
  ],
  filters: [{ field: 'group', op: 'eq' }, { field: 'kyc_level' }],
  list: { pageSize: 25, ordering: 'asc' },
  uniqueTogether: [['group', 'kyc_level']],
  bounds: [{ min: 'limit_24_hour', max: 'limit_1_month', zeroIsUnlimited: true }],
  messages: { created: 'Withdraw limit added successfully', updated: 'Withdraw limit updated successfully', deleted: 'Withdraw limit deleted successfully' },
});
