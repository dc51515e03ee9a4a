/**
 * Token configs on the application-logic service: the engine's generic list, read, create and update
 * (`/admin/token_configs[/{id}]`, `/new`, `/update`; manage Token to write), with their own rules here: a
 * config is a fungible token's (one each: the unique token_id), never of a burned one, and its max_supply
 * (0: none) is at least the supply the token has. The token's own edits meet the config in return
 * (supplyAllowed): its supply grows only while mintable and up to max_supply, shrinks only while burnable.
 */
import type { Transaction } from 'kysely';
import { compareDecimal } from '../../shared/decimal.js';
import { tokenConfigRefusal, tokenConfigs } from '../../shared/resources/token-configs.js';
import type { DB } from '../db/schema.js';
import { ApiError } from '../plugins/errors.js';
import { registerWriteHook } from '../resources/write-hooks.js';

const P = tokenConfigs.errorPrefix;
const refuse = (code: string, field: string) => new ApiError(422, [code], { [field]: [code] });

export function registerTokenConfigHooks(): void {
  registerWriteHook(tokenConfigs.name, async ({ trx, values, stored }) => {
    const row = { ...stored, ...values };
    const token = await trx.selectFrom('tokens').select(['kind', 'state', 'supply']).where('id', '=', Number(row.token_id)).executeTakeFirst();
    // A token that does not exist is the reference check's (admin.token_config.token_id_doesnt_exist).
    if (!token) return;
    const refused = tokenConfigRefusal(token);
    if (refused) throw refuse(refused, 'token_id');
    const max = String(row.max_supply ?? '0');
    if (compareDecimal(max, '0') > 0 && compareDecimal(max, token.supply) < 0) throw refuse(`${P}.max_supply_below_supply`, 'max_supply');
  });
}

/** Whether a fungible token's supply may change from `from` to `to` under its active config; the refusal's code if not. */
export async function supplyRefusal(trx: Transaction<DB>, token: number, from: string, to: string): Promise<string | null> {
  const c = await trx.selectFrom('token_configs').select(['max_supply', 'mintable', 'burnable'])
    .where('token_id', '=', token).where('state', '=', 'active').executeTakeFirst();
  if (!c) return null;
  const change = compareDecimal(to, from);
  if (change > 0 && !c.mintable) return 'not_mintable';
  if (change < 0 && !c.burnable) return 'not_burnable';
  if (change > 0 && compareDecimal(c.max_supply, '0') > 0 && compareDecimal(to, c.max_supply) > 0) return 'max_supply_exceeded';
  return null;
}
