/**
 * The bench's member rows (issue 27): what baseapp 2.6 reads for a signed-in member — their orders
 * (page 1, a market, the open ones, a later page), their trades and their balances — for the busiest
 * member (the money rows' market maker) and one of the long tail; and the placement rate: orders placed
 * through `POST /api/v2/peatio/market/orders` by funded members, one at a time and 16 at once, half at a
 * price that rests and half at one that meets them, with the ledger checked balanced after.
 *
 * Seeded customers have no password (digest '!'), so the bench gives the members it signs in the staff's
 * demo password and turns their second factor off, in its own database; they then sign in as baseapp
 * does (`POST /api/v2/barong/identity/sessions`, the session cookie, the answer's csrf_token sent as
 * X-CSRF-Token on writes).
 */
import { performance } from 'node:perf_hooks';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
import { one, type Scenario } from './bench-scenarios.js';
import { marketInfo } from '../trading/orders.js';
import { post } from '../ledger/post.js';
import { code } from '../ledger/chart.js';
import { checkLedger } from '../ledger/check.js';

export type Headers = Record<string, string>;
const UA = 'steward-bench';
const M = '/api/v2/peatio/market';

/** Signs the members (by e-mail) in as baseapp does; their password becomes the demo one and their 2FA is turned off first. */
export async function memberSessions(db: Kysely<DB>, base: string, emails: string[], password: string): Promise<Map<string, Headers>> {
  await sql`UPDATE users SET password_digest = (SELECT password_digest FROM users WHERE email = 'superadmin@steward.demo'),
    otp = false, state = CASE WHEN state IN ('active', 'pending') THEN state ELSE 'active' END
    WHERE email = ANY(${emails}::text[])`.execute(db);
  const out = new Map<string, Headers>();
  for (const email of new Set(emails)) {
    const res = await fetch(`${base}/api/v2/barong/identity/sessions`, {
      method: 'POST', headers: { 'content-type': 'application/json', 'user-agent': UA }, body: JSON.stringify({ email, password }),
    });
    if (!res.ok) throw new Error(`member sign-in ${email}: ${res.status} ${await res.text()}`);
    const csrf = ((await res.json()) as { csrf_token?: string }).csrf_token ?? '';
    out.set(email, { cookie: (res.headers.get('set-cookie') ?? '').split(';')[0]!, 'user-agent': UA, 'x-csrf-token': csrf });
  }
  return out;
}

interface Who { email: string; uid: string }

/** The member rows: each GET as the member (`member`: whose session sends it). */
export function memberScenarios(heavy: Who, tail: Who, market: string): Scenario[] {
  const out: Scenario[] = [];
  for (const [who, m] of [['market maker', heavy], ['long tail', tail]] as const) {
    const add = (name: string, path: string) => out.push({ name: `member (${who}): ${name}`, path, member: m.email });
    add('orders', `${M}/orders?limit=100&page=1`);
    add(`orders ${market}`, `${M}/orders?market=${market}&limit=100&page=1`);
    add('orders open', `${M}/orders?state=wait&limit=100&page=1`);
    add('orders page 50', `${M}/orders?limit=100&page=50`);
    add('trades', `${M}/trades?limit=100&page=1`);
    add('balances', '/api/v2/peatio/account/balances');
  }
  return out;
}

export interface PlacementRow { concurrency: number; placed: number; matched: number; ms: number; times: number[] }

/** The placers: `n` active members of trading level, each given 1,000 of the market's base and enough quote. */
export async function fundPlacers(db: Kysely<DB>, marketId: string, n: number, quote: string): Promise<string[]> {
  const market = await marketInfo(db, marketId);
  if (!market) throw new Error(`placement: no market ${marketId}`);
  const rows = (await sql<{ id: number; email: string }>`SELECT id, email FROM users WHERE role = 'member' AND state = 'active'
    AND level >= 1 ORDER BY id DESC LIMIT ${n}`.execute(db)).rows;
  if (rows.length < n) throw new Error(`placement: only ${rows.length} active members of level 1`);
  await db.transaction().execute(async (trx) => {
    for (const r of rows) {
      for (const [cur, type, amount] of [[market.base, market.baseType, '1000'], [market.quote, market.quoteType, quote]] as const) {
        await post(trx, {
          reference: { type: 'Opening', id: r.id }, at: new Date(),
          entries: [{ code: code('asset', type), currency: cur, credit: amount },
            { code: code('liability', type), currency: cur, member: r.id, credit: amount }],
        });
      }
    }
  });
  return rows.map((r) => r.email);
}

/**
 * Where the placements go: a market no open order is on, enabled for the run (`restore` puts its state
 * back). The seeded books are crossed (their open pairs were never matched against each other), so on
 * a seeded market no price both rests and meets only the bench's own orders; here a buy at the price
 * rests and a sell there meets the bench's resting buys, and the seed's books, which the list rows read,
 * are left alone. The price: 1, or the market's min_price if higher; the volume: its min_amount (or one
 * unit of its amount precision).
 */
export async function placementMarket(db: Kysely<DB>): Promise<{ market: string; price: string; volume: string; restore: () => Promise<void> }> {
  const m = await one(db, sql<{ id: string; state: string; pp: number; ap: number; min_price: string; min_amount: string }>`
    SELECT id, state, price_precision AS pp, amount_precision AS ap, min_price::text AS min_price, min_amount::text AS min_amount
    FROM markets m WHERE NOT EXISTS (SELECT 1 FROM orders o WHERE o.market_id = m.id AND o.state IN ('wait', 'pending'))
    ORDER BY (state = 'disabled') DESC, id LIMIT 1`);
  if (!m) throw new Error('placement: every market has open orders');
  await sql`UPDATE markets SET state = 'enabled' WHERE id = ${m.id}`.execute(db);
  const price = Math.max(1, Number(m.min_price)), volume = Math.max(Number(m.min_amount), 10 ** -Number(m.ap));
  return {
    market: m.id, price: price.toFixed(Number(m.pp)), volume: volume.toFixed(Number(m.ap)),
    restore: async () => { await sql`UPDATE markets SET state = ${m.state} WHERE id = ${m.id}`.execute(db); },
  };
}

/**
 * `total` orders through the API, `concurrency` placers in flight (one session each), each placer
 * alternating a buy and a sell at `price` (placementMarket): each meets a resting bench order of the
 * other side if one waits, else rests. Counts the placed orders that traded.
 */
export async function placementRate(base: string, sessions: Headers[], market: string, price: string, volume: string,
  concurrency: number, total: number): Promise<PlacementRow> {
  const times: number[] = [];
  let next = 0, matched = 0;
  const t0 = performance.now();
  await Promise.all(Array.from({ length: concurrency }, async (_, k) => {
    const headers = { ...sessions[k % sessions.length]!, 'content-type': 'application/json' };
    while (next < total) {
      const side = next++ % 2 === 0 ? 'buy' : 'sell';
      const t = performance.now();
      const res = await fetch(`${base}${M}/orders`, { method: 'POST', headers, body: JSON.stringify({ market, side, volume, price, ord_type: 'limit' }) });
      const body = await res.json() as { trades_count?: number; state?: string };
      times.push(performance.now() - t);
      if (res.status !== 201) throw new Error(`placement: ${res.status} ${JSON.stringify(body)}`);
      if ((body.trades_count ?? 0) > 0) matched++;
    }
  }));
  return { concurrency, placed: times.length, matched, ms: performance.now() - t0, times };
}

/** Cancels what the placers left resting (baseapp's cancel all), then checks the ledger as `npm run ledger:check` does. */
export async function settlePlacers(db: Kysely<DB>, base: string, sessions: Headers[], market: string): Promise<string> {
  for (const h of sessions) {
    const res = await fetch(`${base}${M}/orders/cancel`, { method: 'POST', headers: { ...h, 'content-type': 'application/json' }, body: JSON.stringify({ market }) });
    if (res.status !== 201) throw new Error(`placement: cancel all ${res.status} ${await res.text()}`);
  }
  const { totals, problems } = await checkLedger(db);
  return problems.length ? `LEDGER PROBLEMS (${problems.length}): ${problems.slice(0, 5).join('; ')}`
    : `ledger balanced after the placements (checkLedger: ${totals.length} currencies, every member account equals its liabilities)`;
}
