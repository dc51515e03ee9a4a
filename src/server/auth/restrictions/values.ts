/**
 * A restriction's value by its scope, and its default code (Barong's Restriction model): `ip` one
 * address (IPv4, or IPv6 — Barong takes IPv4 only), `ip_subnet` a network in CIDR, `country` an ISO
 * 3166-1 alpha-2 code, `continent` one of AF AN AS EU NA OC SA, `all` the word `all`. Stored normalised
 * (upper-case codes, the address as written by Node). The default code, as Barong's assign_code: 471 for
 * maintenance, otherwise by scope — 423 for a country or continent, 403 for a subnet, 401 for an address or everyone.
 */
import { isIP } from 'node:net';
import { countryByIso } from '../../../shared/countries.js';
import { isContinent } from '../../../shared/continents.js';
import { plainIp } from './rules.js';

/** The stored form of `value` under `scope`, or null when it is not one. */
export function normaliseValue(scope: string, raw: string): string | null {
  const v = raw.trim();
  switch (scope) {
    case 'all': return v.toLowerCase() === 'all' || v === '' ? 'all' : null;
    case 'ip': return isIP(plainIp(v)) ? plainIp(v).toLowerCase() : null;
    case 'ip_subnet': {
      const m = /^([^/]+)\/(\d{1,3})$/.exec(v);
      const family = m ? isIP(plainIp(m[1]!)) : 0;
      if (!m || !family || Number(m[2]) > (family === 4 ? 32 : 128)) return null;
      return `${plainIp(m[1]!).toLowerCase()}/${Number(m[2])}`;
    }
    case 'country': return countryByIso(v.toUpperCase()) ? v.toUpperCase() : null;
    case 'continent': return isContinent(v.toUpperCase()) ? v.toUpperCase() : null;
    default: return null;
  }
}

export function defaultCode(category: string, scope: string): number {
  if (category === 'maintenance') return 471;
  if (scope === 'country' || scope === 'continent') return 423;
  return scope === 'ip_subnet' ? 403 : 401;
}
