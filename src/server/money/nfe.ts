/**
 * NFE transactions (src/server/applogic/README.md, NFE holders and transactions): a transfer, sale or burn of
 * one item, recorded under the item's row lock in the caller's transaction together with the item's new holder
 * (tokens.owner_uid, the one source of truth the holders list reads). Items are not amounts and stay out of the
 * ledger; a sale's price goes through it once, reference NfeTransaction: the buyer's balance (20x debit), the
 * seller's (20x credit, the price less the fee) and the fee to revenue (30x). The fee is the price currency's
 * token config's `transfer_fee` (active configs only; none: no fee), truncated to the currency's precision, and
 * a price under its `min_transfer` is refused. The API (applogic/nfe.ts) and the demo seed both run this, so
 * the seeded ledger balances by construction.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
import { compareDecimal, fromUnits, placesOf, SCALE, toUnits } from '../../shared/decimal.js';
import { code, type CurrencyType } from '../ledger/chart.js';
import { LedgerRefusal, post } from '../ledger/post.js';
import { insertOnce, requestHash } from '../plugins/idempotency.js';

export type NfeKind = 'transfer' | 'sale' | 'burn';

/** Why a transaction is refused; every one but `insufficient_balance` comes before anything is written. */
export type NfeRefusal =
  | 'token_doesnt_exist' | 'not_nfe' | 'burned' | 'not_holder' | 'missing_from_uid' | 'missing_to_uid' | 'to_uid_equals_from_uid'
  | 'to_uid_doesnt_exist' | 'missing_price' | 'zero_price' | 'missing_price_currency' | 'price_currency_doesnt_exist'
  | 'price_exceeds_precision' | 'price_below_min_transfer' | 'insufficient_balance' | 'idempotency_key_reused';

export interface NfeInput {
  token: number;
  kind: NfeKind;
  from_uid?: string | null;
  to_uid?: string | null;
  price?: string | null;
  price_currency?: string | null;
  txid?: string | null;
  /** The staff member recording it (the idempotency key is theirs); null for the demo seed's own. */
  creator: number | null;
  key?: string;
  at: Date;
}

const upper = (uid: string | null | undefined) => (uid ? uid.toUpperCase() : null);

/** price × rate, truncated to `precision` places. */
export function feeOf(price: string, rate: string, precision: number): string {
  const raw = (toUnits(price) * toUnits(rate)) / 10n ** BigInt(SCALE);
  const step = 10n ** BigInt(SCALE - Math.min(precision, SCALE));
  return fromUnits(raw - (raw % step));
}

/** The active token config of a currency's fungible token, if it has one. */
export async function activeConfigOf(trx: Kysely<DB>, currency: string) {
  return trx.selectFrom('token_configs').innerJoin('tokens', 'tokens.id', 'token_configs.token_id')
    .select(['token_configs.transfer_fee', 'token_configs.min_transfer', 'token_configs.max_supply', 'token_configs.mintable', 'token_configs.burnable'])
    .where('tokens.kind', '=', 'fungible').where('tokens.code', '=', currency).where('token_configs.state', '=', 'active').executeTakeFirst();
}

/**
 * Records one transaction and moves the item; answers its id (`replayed` when the key had already made
 * it) or why not. The item's lock makes moves of one item take turns, so two cannot both move it from
 * the same holder, and a retry under the same key waits for the first and answers its row. A sale whose
 * buyer is short is refused after the insert: the caller must roll back (the API's withAudit does).
 */
export async function recordNfe(trx: Kysely<DB>, i: NfeInput): Promise<{ id: number; replayed: boolean } | NfeRefusal> {
  const item = await trx.selectFrom('tokens').select(['id', 'kind', 'state', 'owner_uid']).where('id', '=', i.token).forUpdate().executeTakeFirst();
  if (!item) return 'token_doesnt_exist';
  const request = {
    token_id: i.token, kind: i.kind, from_uid: upper(i.from_uid), to_uid: i.kind === 'burn' ? null : upper(i.to_uid),
    price: i.kind === 'sale' ? i.price ?? null : null, price_currency: i.kind === 'sale' ? i.price_currency?.toLowerCase() ?? null : null,
    txid: i.txid ?? null,
  };
  const hash = requestHash(request);
  if (i.key && i.creator !== null) {
    const first = await trx.selectFrom('nfe_transactions').select(['id', 'request_hash'])
      .where('creator_id', '=', i.creator).where('idempotency_key', '=', i.key).executeTakeFirst();
    if (first) return first.request_hash === hash ? { id: Number(first.id), replayed: true } : 'idempotency_key_reused';
  }
  if (item.kind !== 'nfe') return 'not_nfe';
  if (item.state === 'burned') return 'burned';
  // A burn names its holder or leaves it to the item; a transfer or sale must name the holder.
  const from = request.from_uid ?? (i.kind === 'burn' ? item.owner_uid : null);
  if (i.kind !== 'burn' && !from) return 'missing_from_uid';
  if ((from ?? null) !== (item.owner_uid ?? null)) return 'not_holder';
  let fee: string | null = null;
  if (i.kind !== 'burn') {
    if (!request.to_uid) return 'missing_to_uid';
    if (request.to_uid === from) return 'to_uid_equals_from_uid';
    if (!(await trx.selectFrom('users').select('id').where('uid', '=', request.to_uid).executeTakeFirst())) return 'to_uid_doesnt_exist';
  }
  let parties: { buyer: number; seller: number; type: CurrencyType } | null = null;
  if (i.kind === 'sale') {
    if (!request.price) return 'missing_price';
    if (toUnits(request.price) <= 0n) return 'zero_price';
    if (!request.price_currency) return 'missing_price_currency';
    const currency = await trx.selectFrom('currencies').select(['type', 'precision']).where('code', '=', request.price_currency).executeTakeFirst();
    if (!currency) return 'price_currency_doesnt_exist';
    if (placesOf(request.price) > currency.precision) return 'price_exceeds_precision';
    const config = await activeConfigOf(trx, request.price_currency);
    if (config && compareDecimal(request.price, config.min_transfer) < 0) return 'price_below_min_transfer';
    fee = config ? feeOf(request.price, config.transfer_fee, currency.precision) : '0';
    const members = await trx.selectFrom('users').select(['id', 'uid']).where('uid', 'in', [from!, request.to_uid!]).execute();
    const idOf = (uid: string) => Number(members.find((m) => m.uid === uid)!.id);
    parties = { buyer: idOf(request.to_uid!), seller: idOf(from!), type: currency.type as CurrencyType };
  }
  const row = { ...request, from_uid: from ?? null, fee };
  const made = i.creator === null
    ? { id: Number((await trx.insertInto('nfe_transactions').values({ ...row, request_hash: hash, created_at: i.at, updated_at: i.at }).returning('id').executeTakeFirstOrThrow()).id), replayed: false }
    : await insertOnce(trx, 'nfe_transactions', row, { creator: i.creator, key: i.key, at: i.at, prefix: 'admin.nfe_transaction', hash });
  if (made.replayed) return made;
  if (parties) {
    const net = fromUnits(toUnits(request.price!) - toUnits(fee!));
    const c = request.price_currency!;
    try {
      await post(trx, {
        reference: { type: 'NfeTransaction', id: made.id }, at: i.at, entries: [
          { code: code('liability', parties.type), currency: c, member: parties.buyer, debit: request.price! },
          ...(toUnits(net) > 0n ? [{ code: code('liability', parties.type), currency: c, member: parties.seller, credit: net }] : []),
          ...(toUnits(fee!) > 0n ? [{ code: code('revenue', parties.type), currency: c, credit: fee! }] : []),
        ],
      });
    } catch (e) {
      if (e instanceof LedgerRefusal) return 'insufficient_balance';
      throw e;
    }
  }
  // The item's holder (and held_since, by trigger) in the same transaction: the holders list reads it.
  await trx.updateTable('tokens').set(i.kind === 'burn' ? { owner_uid: null, state: 'burned', updated_at: i.at } : { owner_uid: request.to_uid, updated_at: i.at })
    .where('id', '=', item.id).execute();
  return made;
}
