/** Wallet transfers: the list's declaration (money-list.ts: id, state, currency, dates) and one by id, with the wallets' names and the people. */
import type { Kysely } from 'kysely';
import type { DB } from '../schema.js';
import { walletTransfers } from '../../../shared/resources/wallet-transfers.js';
import { defineMoneyList, lower, moneyRow } from './money-list.js';
import { decimalSql, isoSql } from './user-json.js';

/** The wire transfer: the selected fields, in order. */
function entity(t: Record<string, unknown>) {
  return {
    id: t.id, from_wallet_id: t.from_wallet_id, to_wallet_id: t.to_wallet_id, from_wallet: t.from_wallet, to_wallet: t.to_wallet,
    currency: t.currency, amount: t.amount, reason: t.reason, txid: t.txid, state: t.state,
    creator_uid: t.creator_uid, approved_by_uid: t.approved_by_uid, created_at: t.created_at, updated_at: t.updated_at,
  };
}

export const WALLET_TRANSFER_LIST = defineMoneyList({
  resource: walletTransfers, table: 'wallet_transfers', alias: 't',
  filters: [{ param: 'id', column: 't.id' }, { param: 'state', column: 't.state' }, { param: 'currency', column: 't.currency_id', value: lower }],
  join: (q) => q.innerJoin('wallets as f', 'f.id', 't.from_wallet_id').innerJoin('wallets as d', 'd.id', 't.to_wallet_id')
    .leftJoin('users as c', 'c.id', 't.creator_id').leftJoin('users as a', 'a.id', 't.approved_by'),
  select: ['t.id', 't.from_wallet_id', 't.to_wallet_id', 'f.name as from_wallet', 'd.name as to_wallet', 't.currency_id as currency',
    decimalSql('t.amount').as('amount'), 't.reason', 't.txid', 't.state', 'c.uid as creator_uid', 'a.uid as approved_by_uid',
    isoSql('t.created_at').as('created_at'), isoSql('t.updated_at').as('updated_at')],
  wire: entity,
});

export const getTransfer = (db: Kysely<DB>, id: number) => moneyRow(db, WALLET_TRANSFER_LIST, id);
