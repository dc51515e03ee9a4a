/**
 * The bench's combined filters (issue 31 item 1): staff combine a member, a market, a state and a date window,
 * so the lists are timed under every pair of the filters each one declares (its resource's `filtersResolved`,
 * the console's filter panel and the palette's grammar) and the realistic triples. A filter the bench has no
 * value for fails the run: a new filter cannot go unmeasured. Each pair is timed with the heavy values (a
 * market maker, the busiest market, the commonest state, the last 30 days); a pair with the member also with
 * the market maker against the rare value of the other filter (the walk a big member's index does to find few
 * rows) and the long-tail member against the heavy one. `email` is the member by another key (the same lookup
 * to the member's id, then the same SQL as `uid`), and `id` picks one row: both are timed alone in
 * bench-money.ts and left out of the pairs. Scenario names start with `combo`.
 */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
import type { Resource } from '../../shared/resources/define.js';
import { orders } from '../../shared/resources/orders.js';
import { trades } from '../../shared/resources/trades.js';
import { operations } from '../../shared/resources/operations.js';
import { deposits } from '../../shared/resources/deposits.js';
import { withdraws } from '../../shared/resources/withdraws.js';
import { users } from '../../shared/resources/users.js';
import { one, type Scenario } from './bench-scenarios.js';
import { enc, plain, type MoneyCtx } from './bench-money.js';

/** A filter's values: the heavy one first, then the rare one if the filter has one worth timing. */
type Values = Record<string, readonly (readonly [label: string, query: string])[]>;

interface ComboList {
  list: string; path: string; limit: number; resource: Resource; values: Values;
  /** Realistic triples of filters, timed with their heavy values (and the c=16 row's, `load`). */
  triples: readonly (readonly [string, string, string])[];
  /** Filters left out of the pairs (timed alone elsewhere). */
  alone?: readonly string[];
  /** Orders other than the list's default, each timed with every filter's heavy value. */
  sorts?: readonly (readonly [label: string, query: string])[];
}

const MEMBER = 'uid';

interface ComboCtx {
  rareMarket: string; deposit: { txid: string; tid: string }; tradeId: number;
  users: { email: string; uid: string; country: string; referrer: string; rareCountry: string };
  month: [number, number];
}

export async function comboContext(db: Kysely<DB>, m: MoneyCtx): Promise<ComboCtx> {
  const rare = await one(db, sql<{ m: string }>`SELECT market_id AS m FROM orders GROUP BY 1 ORDER BY count(*) LIMIT 1`);
  const d = await one(db, sql<{ txid: string; tid: string }>`SELECT txid, tid FROM deposits
    WHERE id >= (SELECT (min(id) + max(id)) / 2 FROM deposits) AND txid IS NOT NULL ORDER BY id LIMIT 1`);
  const u = await one(db, sql<{ email: string; uid: string; country: string }>`SELECT email, uid, country FROM users
    WHERE country IS NOT NULL AND role = 'member' ORDER BY id DESC LIMIT 1`);
  const ref = await one(db, sql<{ uid: string }>`SELECT referral_uid AS uid FROM users WHERE referral_uid IS NOT NULL
    GROUP BY 1 ORDER BY count(*) DESC LIMIT 1`);
  const countries = (await sql<{ c: string }>`SELECT country AS c FROM users WHERE country IS NOT NULL GROUP BY 1 ORDER BY count(*) DESC`
    .execute(db)).rows.map((r) => r.c);
  const now = m.week[1];
  return {
    rareMarket: rare?.m ?? m.market, deposit: d ?? { txid: '', tid: '' }, tradeId: m.midTrade,
    users: { email: u?.email ?? '', uid: u?.uid ?? '', country: countries[0] ?? 'US', rareCountry: countries[countries.length - 1] ?? 'US', referrer: ref?.uid ?? '' },
    month: [now - 30 * 86_400, now],
  };
}

function lists(m: MoneyCtx, c: ComboCtx): ComboList[] {
  const dates = [['last 30 days', `from=${c.month[0]}&to=${c.month[1]}`], ['one day 180 days ago', `from=${m.dayAgo180[0]}&to=${m.dayAgo180[1]}`]] as const;
  const member = [['market maker', `uid=${m.heavy.uid}`], ['long tail', `uid=${m.tail.uid}`]] as const;
  return [
    {
      list: 'orders', path: 'orders', limit: 50, resource: orders, alone: ['email', 'id'],
      values: {
        created_at: dates, uid: member, market: [[m.market, `market=${m.market}`], [c.rareMarket, `market=${c.rareMarket}`]],
        state: [['done', 'state=done'], ['pending', 'state=pending']], side: [['sell', 'side=sell']],
        ord_type: [['limit', 'ord_type=limit'], ['market (none)', 'ord_type=market']],
        price: [['a price', `price=${plain(m.price)}`]], origin_volume: [['an amount', `origin_volume=${plain(m.volume)}`]],
      },
      triples: [['uid', 'market', 'created_at'], ['uid', 'state', 'created_at'], ['uid', 'market', 'state'], ['market', 'state', 'created_at'],
        ['uid', 'side', 'market']],
    },
    {
      list: 'trades', path: 'trades', limit: 10, resource: trades, alone: ['id'],
      values: {
        created_at: dates, uid: member, maker_email: [['market maker', `maker_email=${enc(m.heavy.email)}`]],
        taker_email: [['long tail', `taker_email=${enc(m.tail.email)}`]],
        market: [[m.market, `market=${m.market}`], [c.rareMarket, `market=${c.rareMarket}`]], taker_type: [['sell', 'taker_type=sell']],
      },
      triples: [['uid', 'market', 'created_at'], ['maker_email', 'market', 'created_at'], ['uid', 'taker_type', 'market']],
    },
    {
      list: 'operations', path: 'operations', limit: 25, resource: operations,
      values: {
        created_at: dates, uid: member, kind: [['liability', 'kind=liability'], ['expense', 'kind=expense']],
        currency: [['usdt', 'currency=usdt'], ['eur', 'currency=eur']], code: [['212', 'code=212']],
        reference_type: [['Trade', 'reference_type=Trade'], ['Withdraw', 'reference_type=Withdraw']], rid: [['a trade', `rid=${c.tradeId}`]],
      },
      triples: [['uid', 'currency', 'created_at'], ['uid', 'currency', 'kind'], ['uid', 'currency', 'reference_type'], ['kind', 'currency', 'created_at']],
    },
    {
      list: 'deposits', path: 'deposits', limit: 25, resource: deposits, alone: ['email'],
      values: {
        created_at: dates, uid: member, state: [['collected', 'state=collected'], ['aml_suspicious', 'state=aml_suspicious']],
        currency: [['usdt', 'currency=usdt'], ['eur', 'currency=eur']], type: [['coin', 'type=coin'], ['fiat', 'type=fiat']],
        txid: [['a txid', `txid=${c.deposit.txid}`]], tid: [['a tid', `tid=${c.deposit.tid}`]],
      },
      triples: [['uid', 'currency', 'state'], ['currency', 'state', 'created_at'], ['uid', 'currency', 'created_at']],
    },
    {
      list: 'withdrawals', path: 'withdraws', limit: 25, resource: withdraws, alone: ['email'],
      values: {
        created_at: dates, uid: member, state: [['succeed', 'state=succeed'], ['failed', 'state=failed']],
        currency: [['btc', 'currency=btc'], ['eur', 'currency=eur']], type: [['coin', 'type=coin'], ['fiat', 'type=fiat']],
        blockchain_txid: [['a txid', `blockchain_txid=${m.withdraw.txid}`]], tid: [['a tid', `tid=${m.withdraw.tid}`]],
        rid: [['a rid', `rid=${enc(m.withdraw.rid)}`]],
      },
      triples: [['uid', 'currency', 'state'], ['currency', 'state', 'created_at'], ['uid', 'state', 'created_at']],
    },
    {
      list: 'users', path: '/api/v2/barong/admin/users', limit: 25, resource: users, alone: ['id'],
      values: {
        created_at: dates, uid: [['a member', `uid=${c.users.uid}`]], email: [['prefix "s"', 'email=s'], ['prefix "zq"', 'email=zq']],
        role: [['member', 'role=member'], ['admin', 'role=admin']], country: [[c.users.country, `country=${c.users.country}`], [c.users.rareCountry, `country=${c.users.rareCountry}`]],
        level: [['2', 'level=2']], state: [['active', 'state=active'], ['banned', 'state=banned']], username: [['"ma"', 'username=ma']],
        phone_number: [['"44"', 'phone_number=44']], platform: [['ios', 'platform=ios']], referral_of: [['a referrer', `referral_of=${c.users.referrer}`]],
        referral_limit: [['3', 'referral_limit=3']],
      },
      triples: [['state', 'country', 'created_at'], ['role', 'state', 'country'], ['email', 'state', 'country']],
      sorts: [['by e-mail A→Z', 'order_by=email&ordering=asc'], ['by e-mail Z→A', 'order_by=email&ordering=desc'],
        ['newest first', 'order_by=created_at&ordering=desc']],
    },
  ];
}

/** The combined rows: every pair of each list's filters, the member's rare variants, the triples. */
export function comboScenarios(m: MoneyCtx, c: ComboCtx): Scenario[] {
  const out: Scenario[] = [];
  for (const l of lists(m, c)) {
    const fields = l.resource.filtersResolved.map((f) => f.field).filter((f) => !l.alone?.includes(f));
    for (const f of fields) if (!l.values[f]) throw new Error(`bench-combos: ${l.list} filters by ${f}, with no value to time it by`);
    const path = l.path.startsWith('/') ? l.path : `/api/v2/peatio/admin/${l.path}`;
    const add = (parts: (readonly [string, string, string])[], load = false) => out.push({
      name: `combo ${l.list}: ${parts.map(([f, label]) => (f ? `${f} ${label}` : label)).join(' × ')}`,
      path: `${path}?limit=${l.limit}&page=1&${parts.map((p) => p[2]).join('&')}`, ...(load ? { load } : {}),
    });
    const v = (f: string, i = 0) => [f, ...l.values[f]![i]!] as const;
    for (let i = 0; i < fields.length; i++) {
      for (let j = i + 1; j < fields.length; j++) {
        const [a, b] = [fields[i]!, fields[j]!];
        add([v(a), v(b)]);
        const [mem, other] = a === MEMBER ? [a, b] : b === MEMBER ? [b, a] : [null, null];
        if (!mem || !other) continue;
        if (l.values[other]!.length > 1) add([v(mem), v(other, 1)]);
        if (l.values[mem]!.length > 1) add([v(mem, 1), v(other)]);
      }
    }
    // The triples in the list's order and newest first (the users' sorts below).
    for (const [i, t] of l.triples.entries()) {
      add(t.map((f) => v(f)), i === 0);
      if (!l.sorts) add([...t.map((f) => v(f)), ['', 'newest first', 'ordering=desc']]);
    }
    for (const f of l.sorts ? fields : []) for (const [label, q] of l.sorts!) add([v(f), ['', label, q]]);
  }
  return out;
}
