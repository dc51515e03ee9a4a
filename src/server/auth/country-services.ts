/**
 * Country services' own rules on the generic CRUD (P-A32; the resource is shared/resources/country-services.ts):
 * - a service's provider must be of its type (an SMS route cannot send through an e-mail provider):
 *   422 `admin.country_service.service_type_mismatch` under `platform_setting_id`. Type and provider are
 *   locked after create, so this is a create-time rule; a provider that does not exist is left to the
 *   generic reference check (`platform_setting_doesnt_exist`);
 * - GET /admin/country_services/continent (read ServiceLog, as the list): the services grouped by
 *   continent, `[{continent, count, countries: [{country_name, country_code, service_type, …}]}]`, count
 *   being the countries with a service there (a country with SMS and e-mail counts once), continents in
 *   the order of the resource's continent values (`all` last). The Continents tab is drawn from it.
 */
import type { FastifyInstance } from 'fastify';
import { countryServices } from '../../shared/resources/country-services.js';
import { ApiError } from '../plugins/errors.js';
import { registerWriteHook } from '../resources/write-hooks.js';
import { continentGroups, platformSettingType } from '../db/queries/country-services.js';
import { requireAbility } from './require-ability.js';

const MISMATCH = 'admin.country_service.service_type_mismatch';
const ORDER: readonly string[] = countryServices.fields.continent.values;

export function countryServiceRoutes(app: FastifyInstance): void {
  registerWriteHook(countryServices.name, async ({ trx, values, stored }) => {
    const row = { ...stored, ...values };
    if (values.platform_setting_id === undefined && values.service_type === undefined) return;
    const type = await platformSettingType(trx, Number(row.platform_setting_id));
    if (type !== undefined && type !== row.service_type) throw new ApiError(422, [MISMATCH], { platform_setting_id: [MISMATCH] });
  });

  app.get('/admin/country_services/continent', async (req) => {
    await requireAbility(req, countryServices.abilityFor.list, 'ServiceLog', 'barong');
    const groups = await continentGroups(req.server.deps.db.kysely);
    return groups.sort((a, b) => ORDER.indexOf(a.continent) - ORDER.indexOf(b.continent));
  });
}
