/**
 * Country services in the demo (issue 14 item 3; P-A32): who sends each country's SMS and e-mail. Twilio
 * carries SMS for most countries with customers, MessageBird a few in Europe (two switched off after a
 * move to Twilio), the spec's mock verify service the rest through `all`; e-mail goes out over SMTP for
 * `all`, with the (disabled) SendGrid route kept, switched off, for the United States and Britain.
 * Country name and continent come from the resource's own derivations, as a create through the API
 * stores them. Deterministic (dates are days before `now`) and idempotent (one per country and type).
 */
import { countryServices } from '../../../shared/resources/country-services.js';
import { storedDerived } from '../../../shared/resources/define.js';
import { exec, type SeedContext } from './context.js';
import { lit } from './sql.js';

type Row = readonly [country: string, type: 'sms' | 'email', provider: string, state: 'enabled' | 'disabled', daysAgo: number];

const TWILIO = ['US', 'CA', 'MX', 'BR', 'AR', 'GB', 'DE', 'FR', 'ES', 'IT', 'IE', 'PT', 'CH', 'AT', 'PL', 'IN', 'SG', 'JP', 'AU', 'NZ', 'ZA', 'NG', 'KE', 'AE'];
const ROWS: readonly Row[] = [
  ['all', 'sms', 'mock-verify', 'enabled', 400],
  ['all', 'email', 'smtp', 'enabled', 400],
  ...TWILIO.map((c, i): Row => [c, 'sms', 'twilio', 'enabled', 300 - i * 5]),
  ['NL', 'sms', 'messagebird', 'disabled', 200], ['BE', 'sms', 'messagebird', 'disabled', 198], ['DK', 'sms', 'messagebird', 'enabled', 190],
  ['NP', 'sms', 'mock-verify', 'enabled', 390], ['IN', 'email', 'smtp', 'enabled', 150],
  ['US', 'email', 'sendgrid', 'disabled', 250], ['GB', 'email', 'sendgrid', 'disabled', 249],
];

export async function insertCountryServices(ctx: SeedContext): Promise<void> {
  const values = ROWS.map(([country, type, provider, state, days]) => {
    const d = storedDerived(countryServices, { country_code: country }) as Record<string, string>;
    return `(${[country, d.country_name!, d.continent!, d.continent_name!, type, provider, state].map(lit).join(', ')}, ${days})`;
  });
  await exec(ctx, `INSERT INTO country_services (country_code, country_name, continent, continent_name, service_type, platform_setting_id, state, created_at, updated_at)
SELECT v.country, v.country_name, v.continent, v.continent_name, v.type, p.id, v.state,
  ${ctx.nowSql} - make_interval(days => v.days), ${ctx.nowSql} - make_interval(days => v.days / 2)
FROM (VALUES ${values.join(', ')}) AS v(country, country_name, continent, continent_name, type, provider, state, days)
JOIN platform_settings p ON p.service_type = v.type AND p.service_name = v.provider
ON CONFLICT (country_code, service_type) DO NOTHING`);
}
