/**
 * Token config (spec §2 /token-config + add, §6 → Token; designed in src/server/applogic/README.md, Token
 * config): one row of settings per fungible token. `transfer_fee` (a fraction) and `min_transfer` apply to
 * moves paid in the token (an NFE sale priced in it pays the fee to revenue and may not be below the minimum);
 * `max_supply` caps the token's supply (0: none; never under the supply it has); `mintable` and `burnable` say
 * whether its supply may grow or shrink. Only an active config applies.
 */
import { defineResource, ID_FIELD, TIMESTAMPS, AMOUNT_FIELD } from './define.js';

/** Why a token may have no config (the server's write rule and the form's picker): not fungible, or burned. */
export function tokenConfigRefusal(token: Readonly<Record<string, unknown>>): string | null {
  if (token.kind !== 'fungible') return 'admin.token_config.token_not_fungible';
  if (token.state === 'burned') return 'admin.token.burned';
  return null;
}

export const tokenConfigs = defineResource({
  name: 'token-configs',
  subject: 'Token',
  service: 'applogic',
  table: 'token_configs',
  server: 'generic',
  route: 'token-config',
  label: 'Token Config',
  labelPlural: 'Token Config',
  api: { path: '/admin/token_configs', style: 'new-update', operations: ['list', 'get', 'create', 'update'] },
  abilities: { create: 'manage', update: 'manage' },
  fields: {
    id: ID_FIELD,
    token_id: {
      kind: 'reference', references: 'tokens', required: true, unique: true, readOnlyOnEdit: true, label: 'Fungible token',
      message: 'Choose the token',
      // Fungible tokens only; a burned one (and, on create, one with a config) is shown with the server's reason.
      picker: { filter: { kind: 'fungible' }, refusal: (token) => tokenConfigRefusal(token) },
    },
    token: { kind: 'text', readOnly: true, from: { via: 'token_id', field: 'name' }, label: 'Token' },
    code: { kind: 'text', readOnly: true, from: { via: 'token_id', field: 'code' }, label: 'Code' },
    transfer_fee: { ...AMOUNT_FIELD, range: [0, 1], scale: 'percent', label: 'Transfer fee %', invalidMessage: 'Between 0 and 100%' },
    min_transfer: { ...AMOUNT_FIELD, label: 'Minimum transfer' },
    max_supply: { ...AMOUNT_FIELD, label: 'Maximum supply (0: none)' },
    mintable: { kind: 'boolean', default: true },
    burnable: { kind: 'boolean', default: false },
    state: { kind: 'enum', values: ['active', 'inactive'], default: 'active' },
    ...TIMESTAMPS,
  },
  columns: [
    { field: 'id' }, { field: 'token' }, { field: 'code' }, { field: 'transfer_fee', format: { kind: 'decimal' } },
    { field: 'min_transfer', format: { kind: 'decimal', unit: 'code' } }, { field: 'max_supply', format: { kind: 'decimal' } },
    { field: 'mintable' }, { field: 'burnable' },
    { field: 'state', format: { kind: 'badge', colours: { active: 'green', inactive: 'grey' } } }, { field: 'updated_at', format: { kind: 'date' } },
  ],
  filters: [{ field: 'id' }, { field: 'token_id' }, { field: 'state' }],
  list: { pageSize: 25, ordering: 'asc', sortable: ['id', 'token_id', 'transfer_fee', 'max_supply', 'state', 'updated_at'] },
  messages: { created: 'Token config added successfully', updated: 'Token config updated successfully' },
});
