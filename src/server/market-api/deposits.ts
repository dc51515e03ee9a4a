/**
 * A member's deposits and deposit addresses (Peatio 2.6's account/deposits.rb), mounted at /api/v2/peatio:
 * - `GET /account/deposit_address/{currency}`: the member's address on the coin's chain, made on the first
 *   ask by the chain's node (exchange/nodes: getnewaddress, personal_newAccount) and kept in
 *   `payment_addresses` — the table the block scan matches (an Ethereum account's passphrase kept sealed,
 *   address-secrets.ts; never answered), so what the node sees paid there is recorded
 *   as a deposit when staff scan the block and credited when staff accept it (money/deposits.ts). The node
 *   is asked outside any transaction; of two concurrent first asks the first row stays and both answer it.
 *   Ranger's private `deposit_address` stream hears of it from the row's trigger (migration 0042).
 * - `GET /account/deposits` (currency, state, txid, time_from, time_to, limit ≤ 100, page) and
 *   `GET /account/deposits/{txid}`: the member's own, read through the admin list's query with the
 *   member fixed, projected to Peatio's user Deposit.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { DEPOSIT_STATES } from '../../shared/resources/deposits.js';
import { withAudit } from '../plugins/audit.js';
import { fail } from '../plugins/errors.js';
import { DEPOSIT_LIST, type depositEntity } from '../db/queries/money-movements.js';
import { moneyListPage } from '../db/queries/money-list.js';
import { insertAddress, memberAddress, moneyCurrency } from '../db/queries/member-money.js';
import { nodeClient, NodeError } from '../exchange/nodes/index.js';
import { sealAddressSecret } from './address-secrets.js';
import { member, memberMovements } from './member.js';
import { oneOf, refuse, text, type Params } from './params.js';

const P = 'account.deposit';

/** Peatio's user Deposit. */
const userDeposit = (d: ReturnType<typeof depositEntity>) => ({
  id: d.id, currency: d.currency, amount: d.amount, fee: d.fee, txid: d.txid, confirmations: d.confirmations, state: d.state,
  transfer_type: d.transfer_type, created_at: d.created_at, completed_at: d.completed_at, tid: d.tid,
});

export function memberDepositRoutes(app: FastifyInstance): void {
  const db = () => app.deps.db.kysely;

  app.get<{ Params: { currency: string } }>('/account/deposit_address/:currency', async (req) => {
    const me = member(app, req, 'deposit');
    oneOf(req.query as Params, 'address_format', 'account.deposit_address', ['legacy', 'cash'] as const, undefined,
      'account.deposit_address.invalid_address_format');
    const c = await moneyCurrency(db(), req.params.currency);
    if (!c || c.type !== 'coin') return refuse('account.currency.doesnt_exist', 'currency');
    if (!c.deposit_enabled) fail(422, 'account.currency.deposit_disabled');
    // No node to make an address with: Peatio's "no deposit wallet for the currency".
    if (!c.blockchain_key || !c.client || !c.server || c.chain_status !== 'active') return fail(422, 'account.wallet.not_found');
    const chain = c.blockchain_key;
    const have = await memberAddress(db(), me.id, chain);
    if (have) return have;
    // An Ethereum account is locked with a passphrase the deposit wallet needs later; kept with the address,
    // sealed (address-secrets.ts). Without a key to seal it, no account is made on the node at all.
    const key = app.deps.config.secretsKey;
    if (c.client === 'ethereum' && !key) {
      req.log.error({ chain }, 'deposit address: no secrets key (STEWARD_SECRETS_KEY) to seal its passphrase');
      return fail(503, 'account.deposit_address.unavailable');
    }
    const secret = c.client === 'ethereum' ? randomBytes(24).toString('base64url') : null;
    let address: string;
    try {
      address = await nodeClient(c.client, c.server, { timeoutMs: app.deps.config.node.timeoutMs }).newAddress(secret ?? '');
    } catch (err) {
      if (!(err instanceof NodeError)) throw err;
      req.log.warn({ err, chain }, 'deposit address: the node did not make one');
      return fail(503, 'account.deposit_address.unavailable');
    }
    await withAudit(req, { topic: 'deposit_address', action: 'create', category: 'user', data: { currency: c.code, blockchain_key: chain } },
      (trx) => insertAddress(trx, { member: me.id, chain, address, secret: secret && sealAddressSecret(key, me.id, chain, secret), at: app.deps.now() }));
    return (await memberAddress(db(), me.id, chain))!;
  });

  memberMovements(app, '/account/deposits', { need: 'deposit', prefix: P, states: DEPOSIT_STATES, idParam: 'txid', list: DEPOSIT_LIST, wire: userDeposit });

  app.get<{ Params: { txid: string } }>('/account/deposits/:txid', async (req) => {
    const me = member(app, req, 'deposit');
    const txid = text({ txid: req.params.txid }, 'txid', P)!;
    const { rows } = await moneyListPage(db(), DEPOSIT_LIST, { uid: me.uid, txid }, { limit: 1, page: 1, ordering: 'desc' });
    return rows[0] ? userDeposit(rows[0]) : fail(404, 'record.not_found');
  });
}
