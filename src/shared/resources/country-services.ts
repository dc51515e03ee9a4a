/**
 * Country services (spec §2 /services and /services-edit/{id}, §3 Country service, §7 GET/POST/PUT
 * /admin/country_services; P-A32): which provider (a platform setting) sends a country's SMS or e-mail,
 * one per country and service type, with `all` as the fallback for every other country. The country,
 * the type and the provider are fixed once created (the issue: "country, type and sender locked when
 * editing"; P-A32's PUT would also take the provider — we keep it locked, so a route is changed by
 * switching one off and adding another, and the audit trail shows both). Only the state changes, from
 * the form or the list's switch. The provider picker offers the platform settings of the chosen type
 * (§7 "the platform list by service_type"); the server refuses a provider of the other type
 * (`admin.country_service.service_type_mismatch`, server/auth/country-services.ts).
 *
 * Country name and continent are kept from the country (stored) so the list sorts and filters by them;
 * `all` belongs to no continent and is grouped as the pseudo-continent `all` ('All countries').
 */
import { CONTINENTS, continentOf, countriesOf, type Continent } from '../continents.js';
import { countryByIso } from '../countries.js';
import { SERVICE_TYPES } from './platform-settings.js';
import { defineResource, ID_FIELD, TIMESTAMPS } from './define.js';

/** The country code of a service for every country without one of its own. */
export const ALL_COUNTRIES = 'all';
const ALL_LABEL = 'All countries';

/** Continents with a country of the bundled list (not Antarctica), then `all`: the continent values. */
export const SERVICE_CONTINENTS = [
  ...(Object.keys(CONTINENTS) as Continent[]).filter((c) => countriesOf(c).some((iso) => countryByIso(iso))),
  ALL_COUNTRIES,
] as const;
const CONTINENT_NAMES: Readonly<Record<string, string>> = { ...CONTINENTS, [ALL_COUNTRIES]: ALL_LABEL };

const iso = (row: Record<string, unknown>) => (typeof row.country_code === 'string' ? row.country_code : '');
const continentCode = (row: Record<string, unknown>): string | null =>
  (iso(row) === ALL_COUNTRIES ? ALL_COUNTRIES : continentOf(iso(row)) ?? null);

const UPDATED = 'Service updated successfully';

export const countryServices = defineResource({
  name: 'country-services',
  // Spec §6 route map: services are gated by ServiceLog (admins manage it; technical, compliance and support read).
  subject: 'ServiceLog',
  service: 'barong',
  table: 'country_services',
  server: 'generic',
  route: 'services',
  formRoute: 'services-edit',
  label: 'Service',
  labelPlural: 'Services',
  api: { path: '/admin/country_services', style: 'verbs', operations: ['list', 'get', 'create', 'update'] },
  fields: {
    id: ID_FIELD,
    country_code: {
      kind: 'text', required: true, readOnlyOnEdit: true, max: 3, options: 'countries', alsoAllowed: [ALL_COUNTRIES],
      valueLabels: { [ALL_COUNTRIES]: ALL_LABEL }, label: 'Country', message: 'Country is required', example: 'GB',
    },
    country_name: {
      kind: 'text', readOnly: true, stored: true, label: 'Country name',
      derive: (row) => (iso(row) === ALL_COUNTRIES ? ALL_LABEL : countryByIso(iso(row))?.text ?? null),
    },
    continent: {
      kind: 'enum', values: SERVICE_CONTINENTS, valueLabels: CONTINENT_NAMES, readOnly: true, stored: true, label: 'Continent code',
      derive: continentCode,
    },
    // Kept too, so the list's Continent column sorts by the name it shows.
    continent_name: {
      kind: 'text', readOnly: true, stored: true, label: 'Continent',
      derive: (row) => CONTINENT_NAMES[continentCode(row) ?? ''] ?? null,
    },
    service_type: {
      kind: 'enum', values: SERVICE_TYPES, required: true, readOnlyOnEdit: true, label: 'Service Type',
      valueLabels: { sms: 'SMS', email: 'Email' }, message: 'Service Type is required',
    },
    platform_setting_id: {
      kind: 'reference', references: 'platform-settings', required: true, readOnlyOnEdit: true, pickerScope: { service_type: 'service_type' },
      label: 'Service Name', message: 'Service Name is required',
    },
    service_name: { kind: 'text', readOnly: true, from: { via: 'platform_setting_id', field: 'service_name' }, label: 'Service Name' },
    // P-A32's nested provider, beside the flat service_name the list sorts by.
    platform_setting: {
      kind: 'map', readOnly: true, label: 'Platform setting',
      derive: (row) => (row.platform_setting_id == null ? null : { id: Number(row.platform_setting_id), service_name: row.service_name ?? null }),
    },
    state: { kind: 'enum', values: ['enabled', 'disabled'], default: 'enabled', label: 'Status' },
    ...TIMESTAMPS,
  },
  uniqueTogether: [['country_code', 'service_type']],
  columns: [
    { field: 'country_name', label: 'Country' }, { field: 'continent_name' }, { field: 'service_type' }, { field: 'service_name' },
    { field: 'state', format: { kind: 'switch', action: 'toggle-state' } },
  ],
  // Spec §3 filters, plus P-A32's country_code.
  filters: [
    { field: 'service_type' }, { field: 'platform_setting_id', label: 'Service Name' }, { field: 'country_name' }, { field: 'country_code', label: 'Country code' },
    { field: 'continent', label: 'Continent' }, { field: 'state', label: 'Status' },
  ],
  list: {
    // Spec §9: the service list is ascending; by country, as the Continents tab reads.
    pageSize: 25, ordering: 'asc', orderBy: 'country_name',
    sortable: ['id', 'country_name', 'continent_name', 'service_type', 'service_name', 'state'],
    groups: {
      name: 'continents', label: 'Continents', by: 'continent', item: ['country_name', 'service_type'],
      call: { path: '/admin/country_services/continent', items: 'countries' }, first: true, listLabel: 'Service List',
    },
  },
  actions: [{
    name: 'toggle-state', label: 'Enabled', kind: 'toggle', field: 'state', values: ['enabled', 'disabled'], ability: 'update', success: UPDATED,
  }],
  messages: { created: 'Service saved successfully', updated: UPDATED },
});
