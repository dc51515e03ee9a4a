/**
 * Money test fixtures: a coin and a fiat currency with a market between them, members funded through
 * the ledger (never by writing accounts), and the ledger check every money test ends with.
 */
import { expect } from 'vitest';
import type { TestApp } from '../helpers/app.js';
import type { SignedIn } from '../helpers/auth.js';
import { post } from '../../src/server/ledger/post.js';
import { checkLedger } from '../../src/server/ledger/check.js';
import { code, type CurrencyType } from '../../src/server/ledger/chart.js';
import { marketInfo, type MarketInfo } from '../../src/server/trading/orders.js';

export const PEATIO = '/api/v2/peatio/admin';
export const COIN = 'mbtc', FIAT = 'musd', MARKET = 'mbtcmusd';

/** The two currencies, an engine, the market and a default fee schedule (maker 0.1 %, taker 0.2 %). */
export async function setupMoney(t: TestApp): Promise<MarketInfo> {
  const db = t.db.kysely;
  await db.insertInto('currencies').values([
    { code: COIN, name: 'Money Bitcoin', type: 'coin', precision: 8 },
    { code: FIAT, name: 'Money Dollar', type: 'fiat', precision: 2 },
  ]).execute();
  const engine = await db.insertInto('engines').values({ name: 'money-engine', driver: 'peatio' }).returning('id').executeTakeFirstOrThrow();
  await db.insertInto('markets').values({ id: MARKET, base_unit: COIN, quote_unit: FIAT, engine_id: engine.id, state: 'enabled', data: '{}' } as never).execute();
  await db.insertInto('trading_fees').values({ group: 'any', market_id: 'any', maker: '0.001', taker: '0.002' } as never).execute();
  return (await marketInfo(db, MARKET))!;
}

let deposits = 0;
/** Credits a member as an accepted deposit would: the platform's asset and the member's balance. */
export async function fund(t: TestApp, member: number, currency: string, amount: string, type: CurrencyType): Promise<void> {
  deposits += 1;
  await post(t.db.kysely, {
    reference: { type: 'Deposit', id: deposits }, at: new Date(),
    entries: [{ code: code('asset', type), currency, credit: amount }, { code: code('liability', type), currency, member, credit: amount }],
  });
}

export async function balances(t: TestApp, member: number, currency: string) {
  const a = await t.db.kysely.selectFrom('accounts').select(['balance', 'locked'])
    .where('user_id', '=', member).where('currency_id', '=', currency).executeTakeFirst();
  const plain = (s: string) => (s.includes('.') ? s.replace(/0+$/, '').replace(/\.$/, '') : s);
  return a ? { balance: plain(a.balance), locked: plain(a.locked) } : { balance: '0', locked: '0' };
}

/** Every invariant of the ledger holds (ledger/check.ts). */
export async function expectLedgerHolds(t: TestApp): Promise<void> {
  const { problems } = await checkLedger(t.db.kysely);
  expect(problems).toEqual([]);
}

export const call = (t: TestApp, who: SignedIn, method: 'GET' | 'POST', url: string, payload?: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method, url: `${PEATIO}${url}`, payload: payload as object, headers: { ...who.headers(), ...headers } });

export const codesOf = (res: { json(): unknown }) => (res.json() as { errors?: string[] }).errors;
