/**
 * NFE holders (spec §2 /nfe-holders, §6 → Token; designed in src/server/applogic/README.md, NFE holders): who
 * holds each NFE item now and since when. Read-only: a view of the items' own holder (`tokens.owner_uid`
 * and `held_since`), which only the NFE transactions change after the mint, so there is no second copy
 * to keep in step.
 */
import { defineResource, ID_FIELD } from './define.js';
import { USER_LINK } from './member-identity.js';

export const nfeHolders = defineResource({
  name: 'nfe-holders',
  subject: 'Token',
  service: 'applogic',
  table: 'nfe_holders',
  server: 'generic',
  route: 'nfe-holders',
  label: 'NFE Holder',
  labelPlural: 'NFE Holders',
  view: true,
  api: { path: '/admin/nfe_holders', style: 'new-update', operations: ['list', 'get'] },
  fields: {
    id: ID_FIELD,
    token_id: { kind: 'reference', references: 'tokens', readOnly: true, label: 'Token ID' },
    name: { kind: 'text', readOnly: true, label: 'Item' },
    code: { kind: 'text', readOnly: true, label: 'Collection' },
    token_number: { kind: 'text', readOnly: true, label: 'Token #' },
    uid: { kind: 'text', readOnly: true, label: 'Holder UID', references: 'users', by: 'uid' },
    since: { kind: 'datetime', readOnly: true, label: 'Since' },
    state: { kind: 'enum', values: ['active', 'inactive'], readOnly: true },
  },
  columns: [
    { field: 'token_id' }, { field: 'name' }, { field: 'code' }, { field: 'token_number' },
    { field: 'uid', format: USER_LINK }, { field: 'since', format: { kind: 'date' } },
    { field: 'state', format: { kind: 'badge', colours: { active: 'green', inactive: 'grey' } } },
  ],
  filters: [{ field: 'since' }, { field: 'token_id' }, { field: 'uid', op: 'eq' }, { field: 'code', op: 'eq' }, { field: 'name' }],
  list: { pageSize: 25, ordering: 'desc', orderBy: 'since', sortable: ['id', 'token_id', 'name', 'code', 'uid', 'since'] },
});
