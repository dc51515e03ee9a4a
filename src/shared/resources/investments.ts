/**
 * Investments (spec §2 /investments + add; designed in src/server/applogic/README.md, Investments): a member's
 * purchase in a presale, paid in its price currency. Staff record one with an Idempotency-Key; the paid
 * amount moves from the member's balance to locked (the presale's escrow) on the ledger, and stays there
 * (pending) until the presale closes: allotted (the proceeds to the platform, the tokens to the member)
 * or refunded. Created by a bespoke route (the ledger); listed and read by the generic handlers.
 */
import { defineResource, ID_FIELD, TIMESTAMPS, MEMBER_BY_UID_FIELDS } from './define.js';
import { USER_LINK } from './member-identity.js';
import { presaleClosed } from './presales.js';

export const INVESTMENT_STATES = ['pending', 'allotted', 'refunded'] as const;

export const investments = defineResource({
  name: 'investments',
  subject: 'Investment',
  service: 'applogic',
  table: 'investments',
  server: 'bespoke',
  route: 'investments',
  label: 'Investment',
  labelPlural: 'Investments',
  view: true,
  api: { path: '/admin/investments', style: 'new-update', operations: ['list', 'get', 'create'] },
  abilities: { create: 'manage' },
  fields: {
    id: ID_FIELD,
    ...MEMBER_BY_UID_FIELDS,
    presale_id: {
      kind: 'reference', references: 'presales', required: true, label: 'Presale', message: 'Choose the presale',
      // Running presales only; one outside its dates or at its hard cap is shown with the server's reason.
      picker: { filter: { state: 'running' }, refusal: (p, now) => { const c = presaleClosed(p, now); return c && `admin.presale.${c}`; } },
    },
    presale: { kind: 'text', readOnly: true, from: { via: 'presale_id', field: 'name' } },
    amount: { kind: 'decimal', required: true, range: [0, Infinity], label: 'Amount paid', message: 'Amount is required', example: '100' },
    currency: { kind: 'text', readOnly: true, label: 'Paid in' },
    tokens: { kind: 'decimal', readOnly: true, label: 'Tokens' },
    token_currency: { kind: 'text', readOnly: true, label: 'Token' },
    state: { kind: 'enum', values: INVESTMENT_STATES, readOnly: true },
    creator_id: { kind: 'reference', references: 'users', readOnly: true, label: 'Recorded by (ID)' },
    creator_uid: { kind: 'text', readOnly: true, label: 'Recorded by', from: { via: 'creator_id', field: 'uid' } },
    ...TIMESTAMPS,
  },
  columns: [
    { field: 'id' }, { field: 'uid', format: USER_LINK }, { field: 'email', format: USER_LINK }, { field: 'presale' },
    { field: 'amount', format: { kind: 'decimal', unit: 'currency' } }, { field: 'tokens', format: { kind: 'decimal', unit: 'token_currency' } },
    { field: 'state', format: { kind: 'badge', colours: { pending: 'yellow', allotted: 'green', refunded: 'grey' } } },
    { field: 'creator_uid' }, { field: 'created_at', format: { kind: 'date' } },
  ],
  filters: [
    { field: 'created_at' }, { field: 'id' }, { field: 'uid', op: 'eq' }, { field: 'email' }, { field: 'presale_id' }, { field: 'state' },
    { field: 'currency', op: 'eq' },
  ],
  list: { pageSize: 25, ordering: 'desc', sortable: ['id', 'amount', 'state', 'created_at'] },
  messages: { created: 'Investment recorded' },
});
