/** SQL of country services beyond the generic resource handlers (P-A32): the continent groups and a provider's type. */
import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../schema.js';

/** One service as a continent group lists it; `id` beside P-A32's fields so the console can open the row. */
export interface ContinentCountry { id: number; country_name: string; country_code: string; service_type: string; state: string }

/** P-A32's `GET /admin/country_services/continent` entry: a continent, how many countries have a service there, and the services. */
export interface ContinentGroup { continent: string; count: number; countries: ContinentCountry[] }

/**
 * The services grouped by continent (continents without one are left out): one statement over a table of
 * at most a few hundred rows (a country has one service per type), answered whole.
 */
export async function continentGroups(db: Kysely<DB>): Promise<ContinentGroup[]> {
  const { rows } = await sql<{ continent: string; count: number | string; countries: ContinentCountry[] | string }>`
    SELECT continent, count(DISTINCT country_code) AS count,
      json_agg(json_build_object('id', id, 'country_name', country_name, 'country_code', country_code,
        'service_type', service_type, 'state', state) ORDER BY country_name, service_type, id) AS countries
    FROM country_services GROUP BY continent`.execute(db);
  // json arrives parsed from both drivers today; a driver that hands json over as text still reads right.
  return rows.map((r) => ({
    continent: r.continent,
    count: Number(r.count),
    countries: (typeof r.countries === 'string' ? JSON.parse(r.countries) : r.countries) as ContinentCountry[],
  }));
}

/** A platform setting's service type, read in the write's transaction; undefined when there is no such row. */
export async function platformSettingType(trx: Transaction<DB>, id: number): Promise<string | undefined> {
  return (await trx.selectFrom('platform_settings').select('service_type').where('id', '=', id).executeTakeFirst())?.service_type;
}
