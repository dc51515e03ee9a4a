/**
 * Payments in the demo (issue 14 item 5): the purchase types customers pay with and where each is
 * offered (the five provider switches), the provider gateways on the seeded markets — on-ramps (Simplex,
 * Banxa), the card processor (Stripe), bank rails, one retired provider — and per-country settings on
 * every inhabited continent with realistic limits and fees, a few switched off. Deterministic (dates are
 * days before `now`) and idempotent: rows already there by their unique key are left alone.
 */
import { continentOf } from '../../../shared/continents.js';
import { exec, type SeedContext } from './context.js';
import { lit } from './sql.js';

/** [purchase type, on-ramp provider, card provider, account, external, deposit, days ago]. */
const METHODS: ReadonlyArray<readonly [string, boolean, boolean, boolean, boolean, boolean, number]> = [
  ['card', true, true, false, false, true, 300],
  ['bank_transfer', true, false, true, false, true, 300],
  ['sepa', true, false, true, false, true, 280],
  ['apple_pay', true, true, false, false, false, 200],
  ['google_pay', true, true, false, false, false, 190],
  ['crypto', false, false, true, true, true, 300],
  ['pix', true, false, false, false, false, 120],
  ['mobile_money', true, false, false, false, false, 60],
];

/** [name, key, state, market, currency, days ago]. Names tell a provider's gateways apart in the settings' picker. */
const GATEWAYS: ReadonlyArray<readonly [string, string, 'enabled' | 'disabled', string | null, string, number]> = [
  ['Simplex BTC', 'simplex-btcusd', 'enabled', 'btcusd', 'usd', 290],
  ['Simplex ETH', 'simplex-ethusd', 'enabled', 'ethusd', 'usd', 290],
  ['Banxa BTC', 'banxa-btceur', 'enabled', 'btceur', 'eur', 250],
  ['Banxa ETH', 'banxa-etheur', 'enabled', 'etheur', 'eur', 250],
  ['Banxa USDT', 'banxa-usdtusd', 'enabled', 'usdtusd', 'usd', 150],
  ['Stripe BTC', 'stripe-btcusd', 'enabled', 'btcusd', 'usd', 220],
  ['Stripe ETH', 'stripe-ethgbp', 'disabled', 'ethgbp', 'gbp', 210],
  ['Bank wire (USD)', 'bank-wire-usd', 'enabled', null, 'usd', 300],
  ['SEPA (EUR)', 'sepa-eur', 'enabled', null, 'eur', 280],
  ['Wyre BTC', 'wyre-btcusd', 'disabled', 'btcusd', 'usd', 365],
];

/** [country, purchase type, gateway key, min, max (0: none), fee (fraction), fixed fee, state]. */
type SettingRow = readonly [string, string, string, string, string, string, string, 'enabled' | 'disabled'];
const EU_CARD = ['DE', 'FR', 'NL', 'ES', 'IT', 'AT', 'IE', 'PT'];
const SETTINGS: readonly SettingRow[] = [
  ['US', 'card', 'simplex-btcusd', '50', '20000', '0.035', '10', 'enabled'],
  ['US', 'card', 'stripe-btcusd', '20', '5000', '0.029', '0.3', 'enabled'],
  ['US', 'apple_pay', 'simplex-ethusd', '50', '10000', '0.035', '10', 'enabled'],
  ['US', 'bank_transfer', 'bank-wire-usd', '100', '0', '0', '25', 'enabled'],
  ['US', 'card', 'wyre-btcusd', '25', '2500', '0.029', '0', 'disabled'],
  ['CA', 'card', 'simplex-btcusd', '50', '20000', '0.035', '10', 'enabled'],
  ['MX', 'card', 'simplex-btcusd', '50', '10000', '0.04', '10', 'enabled'],
  ...EU_CARD.map((c): SettingRow => [c, 'card', 'banxa-btceur', '30', '15000', '0.0199', '0', 'enabled']),
  ...EU_CARD.map((c): SettingRow => [c, 'sepa', 'sepa-eur', '10', '0', '0', '0', 'enabled']),
  ['DE', 'apple_pay', 'banxa-etheur', '30', '5000', '0.0249', '0', 'enabled'],
  ['FR', 'google_pay', 'banxa-etheur', '30', '5000', '0.0249', '0', 'enabled'],
  ['GB', 'card', 'stripe-ethgbp', '20', '5000', '0.029', '0.2', 'disabled'],
  ['GB', 'card', 'banxa-btceur', '30', '15000', '0.0249', '0', 'enabled'],
  ['CH', 'bank_transfer', 'sepa-eur', '100', '0', '0', '5', 'enabled'],
  ['BR', 'pix', 'banxa-usdtusd', '10', '3000', '0.015', '0', 'enabled'],
  ['AR', 'card', 'simplex-btcusd', '50', '5000', '0.05', '10', 'enabled'],
  ['CO', 'card', 'simplex-btcusd', '50', '5000', '0.05', '10', 'disabled'],
  ['NG', 'mobile_money', 'banxa-usdtusd', '5', '1000', '0.03', '0', 'enabled'],
  ['KE', 'mobile_money', 'banxa-usdtusd', '5', '1000', '0.03', '0', 'enabled'],
  ['ZA', 'card', 'simplex-btcusd', '50', '10000', '0.04', '10', 'enabled'],
  ['NG', 'card', 'simplex-btcusd', '50', '2000', '0.05', '10', 'disabled'],
  ['JP', 'card', 'simplex-btcusd', '50', '20000', '0.035', '10', 'enabled'],
  ['SG', 'card', 'stripe-btcusd', '20', '10000', '0.029', '0.3', 'enabled'],
  ['AE', 'card', 'simplex-ethusd', '50', '20000', '0.035', '10', 'enabled'],
  ['IN', 'bank_transfer', 'bank-wire-usd', '100', '10000', '0', '25', 'disabled'],
  ['AU', 'card', 'banxa-usdtusd', '30', '10000', '0.0199', '0', 'enabled'],
  ['NZ', 'card', 'banxa-usdtusd', '30', '10000', '0.0199', '0', 'enabled'],
];

const ago = (ctx: SeedContext, days: number) => `${ctx.nowSql} - interval '${days} days'`;

export async function insertPayments(ctx: SeedContext): Promise<void> {
  await exec(ctx, `INSERT INTO payment_methods (purchase_type, payment_options, created_at, updated_at) VALUES ${
    METHODS.map(([type, onramp, card, account, external, deposit, days]) => `(${lit(type)}, ${lit(JSON.stringify({
      onramp_provider: onramp, card_provider: card, account, external, deposit,
    }))}::jsonb, ${ago(ctx, days)}, ${ago(ctx, Math.max(0, days - 40))})`).join(', ')
  } ON CONFLICT (purchase_type) DO NOTHING`);
  await exec(ctx, `INSERT INTO payment_gateways (name, key, state, market, currency_id, created_at, updated_at) VALUES ${
    GATEWAYS.map(([name, key, state, market, currency, days]) =>
      `(${lit(name)}, ${lit(key)}, ${lit(state)}, ${market ? lit(market) : 'NULL'}, ${lit(currency)}, ${ago(ctx, days)}, ${ago(ctx, Math.max(0, days - 30))})`).join(', ')
  } ON CONFLICT (key) DO NOTHING`);
  // Each setting a few days after its gateway, stepping back by row so the list has distinct dates.
  await exec(ctx, `INSERT INTO payment_settings (country_code, continent, payment_method_id, payment_gateway_id, min_amount, max_amount, fee, fixed_fee, state, created_at, updated_at)
SELECT v.country, v.continent, m.id, g.id, v.min, v.max, v.fee, v.fixed, v.state, ${ctx.nowSql} - make_interval(days => v.days), ${ctx.nowSql} - make_interval(days => v.days / 2)
FROM (VALUES ${SETTINGS.map(([country, type, gateway, min, max, fee, fixed, state], i) =>
    `(${lit(country)}, ${lit(continentOf(country)!)}, ${lit(type)}, ${lit(gateway)}, ${min}::numeric, ${max}::numeric, ${fee}::numeric, ${fixed}::numeric, ${lit(state)}, ${100 - i * 2})`).join(', ')}
) AS v(country, continent, purchase_type, gateway, min, max, fee, fixed, state, days)
JOIN payment_methods m ON m.purchase_type = v.purchase_type
JOIN payment_gateways g ON g.key = v.gateway
ON CONFLICT (payment_method_id, payment_gateway_id, country_code) DO NOTHING`);
}
