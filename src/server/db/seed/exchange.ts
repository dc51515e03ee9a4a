/**
 * The exchange's configuration in the demo: blockchains on the local node simulator (chain/simulator.ts,
 * started by `npm start` in demo mode on DEMO_NODE_PORT), every currency's full settings, a few more
 * currencies, and deposit addresses for the first customers on each active chain. Deterministic.
 */
import { CUSTOMER_ID_BASE, exec, type SeedContext } from './context.js';
import { hex, lit, md5 } from './sql.js';

/** The simulator's loopback port in demo mode (STEWARD_NODE_SIMULATOR_PORT overrides it). */
export const DEMO_NODE_PORT = 18443;
/** Customers with deposit addresses on each active chain. */
export const DEMO_ADDRESSED_CUSTOMERS = 300;

const blockchainsOn = (port: number) => {
  const node = (path: string) => `http://127.0.0.1:${port}/${path}`;
  return [
  // key, name, client, server, height, confirmations, explorer address, explorer transaction, status
  ['bitcoin', 'Bitcoin', 'bitcoin', node('bitcoin'), 1, 2, 'https://mempool.space/address/#{address}', 'https://mempool.space/tx/#{txid}', 'active'],
  ['ethereum', 'Ethereum', 'ethereum', node('ethereum'), 1, 12, 'https://etherscan.io/address/#{address}', 'https://etherscan.io/tx/#{txid}', 'active'],
  // A chain whose node is not running: its latest block answers node_unreachable, as a dead node would.
  ['litecoin', 'Litecoin', 'bitcoin', 'http://127.0.0.1:9/', 1, 6, 'https://litecoinspace.org/address/#{address}', 'https://litecoinspace.org/tx/#{txid}', 'disabled'],
  ] as const;
};

// code, name, type, chain, precision, subunits, deposit fee, min deposit, withdraw fee, min withdraw, swap fee type, swap fee, swap fee usd, options
type CurrencyRow = readonly [string, string, 'coin' | 'fiat', string | null, number, number, string, string, string, string, 'flat' | 'percentage', string, string, Record<string, unknown>];
const GAS = { gas_limit: 21000, gas_price: 1_000_000_000 };
const CURRENCY_SETTINGS: readonly CurrencyRow[] = [
  ['btc', 'Bitcoin', 'coin', 'bitcoin', 8, 8, '0', '0.0001', '0.0005', '0.001', 'percentage', '0.5', '0', { gas_limit: '', gas_price: '' }],
  ['eth', 'Ethereum', 'coin', 'ethereum', 8, 18, '0', '0.005', '0.004', '0.01', 'percentage', '0.5', '0', GAS],
  ['usdt', 'Tether USD', 'coin', 'ethereum', 6, 6, '0', '10', '5', '20', 'flat', '0', '1',
    { ...GAS, gas_limit: 90000, erc20_contract_address: '0xdac17f958d2ee523a2206206994597c13d831ec7' }],
  ['trst', 'Trust Token', 'coin', 'ethereum', 8, 18, '0', '100', '50', '200', 'flat', '0', '0.5',
    { ...GAS, gas_limit: 90000, erc20_contract_address: '0xcb94be6f13a1182e4a4b6140cb7bf2025d28e41b' }],
  ['usd', 'US Dollar', 'fiat', null, 2, 2, '0', '10', '25', '50', 'flat', '0', '0', {}],
  ['eur', 'Euro', 'fiat', null, 2, 2, '0', '10', '20', '50', 'flat', '0', '0', {}],
  ['ltc', 'Litecoin', 'coin', 'litecoin', 8, 8, '0', '0.01', '0.001', '0.02', 'percentage', '0.5', '0', { gas_limit: '', gas_price: '' }],
  ['usdc', 'USD Coin', 'coin', 'ethereum', 6, 6, '0', '10', '5', '20', 'flat', '0', '1',
    { ...GAS, gas_limit: 90000, erc20_contract_address: '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48' }],
  ['gbp', 'British Pound', 'fiat', null, 2, 2, '0', '10', '20', '50', 'flat', '0', '0', {}],
  ['dai', 'Dai', 'coin', 'ethereum', 8, 18, '0', '10', '5', '20', 'flat', '0', '1',
    { ...GAS, gas_limit: 90000, erc20_contract_address: '0x6b175474e89094c44da98b954eedeac495271d0f' }],
  ['link', 'Chainlink', 'coin', 'ethereum', 6, 18, '0', '1', '0.5', '2', 'percentage', '0.5', '0',
    { ...GAS, gas_limit: 90000, erc20_contract_address: '0x514910771af9ca656af840dff83e8264ecf986ca' }],
  ['jpy', 'Japanese Yen', 'fiat', null, 0, 0, '0', '1000', '500', '5000', 'flat', '0', '0', {}],
];

export async function insertExchange(ctx: SeedContext, nodePort = DEMO_NODE_PORT): Promise<void> {
  await exec(ctx, `INSERT INTO blockchains (key, name, client, server, height, min_confirmations, explorer_address, explorer_transaction, status)
    VALUES ${blockchainsOn(nodePort).map((b) => `(${b.map((v) => (typeof v === 'number' ? String(v) : lit(v))).join(', ')})`).join(', ')}
    ON CONFLICT (key) DO NOTHING`);
  await exec(ctx, `INSERT INTO currencies (code, name, type, position) VALUES ${
    CURRENCY_SETTINGS.map(([code, name, type], i) => `(${lit(code)}, ${lit(name)}, ${lit(type)}, ${i + 1})`).join(', ')
  } ON CONFLICT (code) DO NOTHING`);
  for (const [code, , , chain, precision, subunits, depFee, minDep, wdFee, minWd, feeType, fees, feesUsd, options] of CURRENCY_SETTINGS) {
    await exec(ctx, `UPDATE currencies SET blockchain_key = ${chain ? lit(chain) : 'NULL'}, precision = ${precision}, subunits = ${subunits},
      deposit_fee = ${depFee}, min_deposit_amount = ${minDep}, withdraw_fee = ${wdFee}, min_withdraw_amount = ${minWd},
      swap_enabled = ${chain !== null}, swap_fees_type = ${lit(feeType)}, swap_fees = ${fees}, swap_fees_usd = ${feesUsd},
      min_amount_for_us_users = ${minWd}, max_amount_for_us_users = 0, min_amount_for_non_us_users = ${minWd}, max_amount_for_non_us_users = 0,
      icon_url = ${lit(`https://assets.steward.example/icons/${code}.svg`)}, options = ${lit(JSON.stringify(options))}::jsonb,
      visible = ${code !== 'gbp'}, deposit_enabled = ${code !== 'ltc'}, withdrawal_enabled = ${code !== 'ltc'}
      WHERE code = ${lit(code)}`);
  }
  await insertPaymentAddresses(ctx);
  await insertTrading(ctx);
}

/** Engines in the spec's numbering: 1 default, 2 local spot, others open spot. */
const ENGINES = [['Default', 'peatio'], ['Local spot', 'finex-spot'], ['Open spot', 'opendax']] as const;

// base, quote, state, min price, max price, min amount, price precision, amount precision, engine
type MarketRow = readonly [string, string, string, string, string, string, number, number, number];
const MARKETS: readonly MarketRow[] = [
  ['btc', 'usdt', 'enabled', '1000', '500000', '0.0001', 2, 6, 1], ['eth', 'usdt', 'enabled', '50', '50000', '0.001', 2, 5, 1],
  ['btc', 'usd', 'enabled', '1000', '500000', '0.0001', 2, 6, 1], ['eth', 'usd', 'enabled', '50', '50000', '0.001', 2, 5, 1],
  ['btc', 'eur', 'enabled', '1000', '500000', '0.0001', 2, 6, 1], ['eth', 'eur', 'enabled', '50', '50000', '0.001', 2, 5, 1],
  ['eth', 'btc', 'enabled', '0.001', '1', '0.001', 6, 4, 2], ['ltc', 'btc', 'hidden', '0.0001', '0.1', '0.01', 6, 3, 2],
  ['ltc', 'usdt', 'locked', '10', '2000', '0.01', 2, 4, 1], ['usdc', 'usdt', 'enabled', '0.9', '1.1', '1', 4, 2, 1],
  ['usdt', 'usd', 'enabled', '0.9', '1.1', '1', 4, 2, 1], ['usdt', 'eur', 'disabled', '0.8', '1.2', '1', 4, 2, 1],
  ['trst', 'usdt', 'sale', '0.01', '100', '10', 4, 2, 3], ['trst', 'btc', 'presale', '0.0000001', '0.01', '100', 8, 0, 3],
  ['trst', 'eth', 'disabled', '0.000001', '0.1', '10', 8, 2, 3], ['btc', 'gbp', 'disabled', '1000', '500000', '0.0001', 2, 6, 1],
  ['eth', 'gbp', 'disabled', '50', '50000', '0.001', 2, 5, 1], ['ltc', 'eur', 'hidden', '10', '2000', '0.01', 2, 4, 1],
  ['usdc', 'usd', 'enabled', '0.9', '1.1', '1', 4, 2, 2], ['ltc', 'usd', 'locked', '10', '2000', '0.01', 2, 4, 1],
  ['usdc', 'eur', 'disabled', '0.8', '1.2', '1', 4, 2, 1], ['trst', 'usd', 'sale', '0.01', '100', '10', 4, 2, 3],
];

/** Engines, markets in every state, fee schedules per member group, bots on a few markets. */
async function insertTrading(ctx: SeedContext): Promise<void> {
  await exec(ctx, `INSERT INTO engines (id, name, driver, state) OVERRIDING SYSTEM VALUE VALUES ${
    ENGINES.map(([name, driver], i) => `(${i + 1}, ${lit(name)}, ${lit(driver)}, 'online')`).join(', ')} ON CONFLICT DO NOTHING`);
  await exec(ctx, `SELECT setval(pg_get_serial_sequence('engines', 'id'), (SELECT max(id) FROM engines))`);
  await exec(ctx, `INSERT INTO markets (id, base_unit, quote_unit, state, min_price, max_price, min_amount, price_precision, amount_precision, engine_id, position, created_at, updated_at) VALUES ${
    MARKETS.map(([b, q, state, lo, hi, min, pp, ap, engine], i) =>
      `(${lit(b + q)}, ${lit(b)}, ${lit(q)}, ${lit(state)}, ${lo}, ${hi}, ${min}, ${pp}, ${ap}, ${engine}, ${i + 1}, ${ctx.nowSql} - interval '${200 - i * 7} days', ${ctx.nowSql} - interval '${30 - i} days')`).join(', ')
  } ON CONFLICT DO NOTHING`);
  // Peatio's fractions: 0.001 is 0.1 %. `any` × `any` is the default every other row overrides.
  const fees: Array<[string, string, string, string]> = [
    ['any', 'any', '0.002', '0.002'], ['vip-0', 'any', '0.0015', '0.0018'], ['vip-1', 'any', '0.001', '0.0015'],
    ['vip-2', 'any', '0.0006', '0.001'], ['vip-3', 'any', '0', '0.0006'], ['any', 'usdcusdt', '0', '0.0005'],
    ['any', 'usdtusd', '0', '0.0005'], ['vip-3', 'btcusdt', '0', '0.0004'],
  ];
  await exec(ctx, `INSERT INTO trading_fees ("group", market_id, maker, taker, created_at, updated_at) VALUES ${
    fees.map(([g, m, mk, tk]) => `(${lit(g)}, ${lit(m)}, ${mk}, ${tk}, ${ctx.nowSql} - interval '90 days', ${ctx.nowSql} - interval '90 days')`).join(', ')
  } ON CONFLICT DO NOTHING`);
  const bots: Array<[string, string, number, number, string, string, string, string, boolean, boolean, boolean]> = [
    ['trstusdt', 'uniswap', 30, 60, '2.5', '250000', '50', '5000', true, true, true],
    ['trstbtc', 'pancakeswap', 60, 120, '4', '1000000', '100', '10000', true, true, false],
    ['trstusd', 'uniswap', 45, 90, '3', '150000', '25', '2500', false, false, false],
    ['usdcusdt', 'uniswap', 10, 30, '0.2', '2000000', '500', '50000', true, true, true],
  ];
  await insertMoneySettings(ctx);
  await exec(ctx, `INSERT INTO bot_settings (market_id, price, time_frequency, mm_time, spread, total_vol, min_vol, max_vol, token, active, market_making, enable_trading, created_at, updated_at) VALUES ${
    bots.map(([m, price, tf, mm, spread, total, min, max, active, making, trading], i) =>
      `(${lit(m)}, ${lit(price)}, ${tf}, ${mm}, ${spread}, ${total}, ${min}, ${max}, ${lit(m.slice(0, 4).toUpperCase())}, ${active}, ${making}, ${trading}, ${ctx.nowSql} - interval '${60 - i * 9} days', ${ctx.nowSql} - interval '${5 + i} days')`).join(', ')
  } ON CONFLICT DO NOTHING`);
}

/** bech32-looking bitcoin addresses and lower-case hex ethereum ones, from the customer's uid. */
async function insertPaymentAddresses(ctx: SeedContext): Promise<void> {
  const last = CUSTOMER_ID_BASE + Math.min(ctx.users, DEMO_ADDRESSED_CUSTOMERS);
  const b32 = `translate(substr(${hex(md5('btc-addr', 'u.uid'))} || ${hex(md5('btc-addr2', 'u.uid'))}, 1, 38), '0123456789abcdef', 'qpzry9x8gf2tvdw0')`;
  await exec(ctx, `INSERT INTO payment_addresses (user_id, blockchain_key, address, created_at)
    SELECT u.id, 'bitcoin', 'bc1q' || ${b32}, u.created_at FROM users u WHERE u.id BETWEEN ${CUSTOMER_ID_BASE + 1} AND ${last}
    UNION ALL
    SELECT u.id, 'ethereum', '0x' || substr(${hex(md5('eth-addr', 'u.uid'))} || ${hex(md5('eth-addr2', 'u.uid'))}, 1, 40), u.created_at
    FROM users u WHERE u.id BETWEEN ${CUSTOMER_ID_BASE + 1} AND ${last}
    ON CONFLICT DO NOTHING`);
}

/** Wallets of every kind on both live chains, withdraw limits per group and KYC level, USDT on a second network. */
async function insertMoneySettings(ctx: SeedContext): Promise<void> {
  const wallets: Array<[string, string, string, string[], string, string, string]> = [
    ['Bitcoin deposit', 'deposit', 'bitcoin', ['btc'], 'bitcoind', 'bc1qdep0sitwa11etqqqqqqqqqqqqqqqqqqqqqqqqq', '0'],
    ['Bitcoin fee', 'fee', 'bitcoin', ['btc'], 'bitcoind', 'bc1qfeewa11etqqqqqqqqqqqqqqqqqqqqqqqqqqqqq', '0.5'],
    ['Bitcoin hot', 'hot', 'bitcoin', ['btc'], 'bitcoind', 'bc1qh0twa11etqqqqqqqqqqqqqqqqqqqqqqqqqqqqq', '25'],
    ['Bitcoin warm', 'warm', 'bitcoin', ['btc'], 'bitcoind', 'bc1qwarmwa11etqqqqqqqqqqqqqqqqqqqqqqqqqqqq', '250'],
    ['Bitcoin cold', 'cold', 'bitcoin', ['btc'], 'bitcoind', 'bc1qc01dwa11etqqqqqqqqqqqqqqqqqqqqqqqqqqqq', '0'],
    ['Ethereum deposit', 'deposit', 'ethereum', ['eth', 'usdt', 'usdc', 'trst'], 'geth', '0x1d0a5b6f3e8c2a4d9b7e6f5a4c3b2a1908f7e6d5', '0'],
    ['Ethereum fee', 'fee', 'ethereum', ['eth'], 'geth', '0x2e1b6c7a4f9d3b5e0c8f7a6b5d4c3b2a1909a8f7', '10'],
    ['Ethereum hot', 'hot', 'ethereum', ['eth', 'usdt', 'usdc', 'trst'], 'geth', '0x3f2c7d8b5a0e4c6f1d9a8b7c6e5d4c3b2a1a0b9c', '500'],
    ['Ethereum cold', 'cold', 'ethereum', ['eth', 'usdt', 'usdc', 'trst'], 'parity', '0x4a3d8e9c6b1f5d7a2e0b9c8d7f6e5d4c3b2b1c0d', '0'],
  ];
  await exec(ctx, `INSERT INTO wallets (name, kind, blockchain_key, currencies, gateway, address, max_balance, status) VALUES ${
    wallets.map(([name, kind, chain, cur, gw, addr, max]) => `(${lit(name)}, ${lit(kind)}, ${lit(chain)}, ${lit(JSON.stringify(cur))}::jsonb, ${lit(gw)}, ${lit(addr)}, ${max}, 'active')`).join(', ')
  } ON CONFLICT DO NOTHING`);
  const limits: Array<[string, string, string, string]> = [
    ['any', 'any', '1000', '10000'], ['any', '2', '10000', '100000'], ['any', '3', '50000', '500000'],
    ['vip-1', '3', '100000', '1000000'], ['vip-2', '3', '250000', '2500000'], ['vip-3', 'any', '0', '0'],
  ];
  await exec(ctx, `INSERT INTO withdraw_limits ("group", kyc_level, limit_24_hour, limit_1_month) VALUES ${
    limits.map(([g, k, d, m]) => `(${lit(g)}, ${lit(k)}, ${d}, ${m})`).join(', ')} ON CONFLICT DO NOTHING`);
  await exec(ctx, `INSERT INTO crypto_settings (currency_id, blockchain_key, status, deposit_fee, min_deposit_amount, withdraw_fee, min_withdraw_amount, withdraw_limit_24h, options) VALUES
    ('usdt', 'litecoin', 'disabled', 0, 10, 1, 20, 50000, '{"note": "second network, not live yet"}'),
    ('btc', 'ethereum', 'hidden', 0, 0.001, 0.0005, 0.002, 10, '{"erc20_contract_address": "0x2260fac5e5542a773aa44fbcfedf7c193bc2c599", "gas_limit": 90000}')
    ON CONFLICT DO NOTHING`);
}
