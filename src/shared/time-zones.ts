/**
 * The time-zone names the console offers and accepts: IANA's current names, one per zone.tab entry.
 * V8 and ICU (Node 20, Chromium 150) list and resolve CLDR's legacy spellings instead (Asia/Katmandu,
 * Asia/Calcutta, Europe/Kiev), which IANA keeps only as backward-compatibility links. ICU resolves
 * every alias it knows (US/Eastern, Asia/Kolkata, Etc/UTC) to its legacy name, so one small table of
 * legacy → IANA names turns anything the engine accepts into the name IANA uses today. An engine that
 * already answers IANA names (ECMA-402's newer canonicalisation) passes through the table untouched.
 */
import { DEFAULT_TIME_ZONE } from './metrics.js';

/** CLDR's legacy names that Intl lists, and the zone.tab name of the same place (not a merged zone elsewhere). */
const IANA_NAMES: Readonly<Record<string, string>> = {
  'Africa/Asmera': 'Africa/Asmara',
  'America/Buenos_Aires': 'America/Argentina/Buenos_Aires',
  'America/Catamarca': 'America/Argentina/Catamarca',
  'America/Coral_Harbour': 'America/Atikokan',
  'America/Cordoba': 'America/Argentina/Cordoba',
  'America/Godthab': 'America/Nuuk',
  'America/Indianapolis': 'America/Indiana/Indianapolis',
  'America/Jujuy': 'America/Argentina/Jujuy',
  'America/Louisville': 'America/Kentucky/Louisville',
  'America/Mendoza': 'America/Argentina/Mendoza',
  'Asia/Calcutta': 'Asia/Kolkata',
  'Asia/Katmandu': 'Asia/Kathmandu',
  'Asia/Rangoon': 'Asia/Yangon',
  'Asia/Saigon': 'Asia/Ho_Chi_Minh',
  'Atlantic/Faeroe': 'Atlantic/Faroe',
  'Europe/Kiev': 'Europe/Kyiv',
  'Pacific/Enderbury': 'Pacific/Kanton',
  'Pacific/Ponape': 'Pacific/Pohnpei',
  'Pacific/Truk': 'Pacific/Chuuk',
};

let offered: readonly string[] | null = null;

/** The zones offered in selectors: UTC first, then every current IANA name in alphabetical order. */
export function timeZoneOptions(): readonly string[] {
  if (!offered) {
    const listed = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
    const names = new Set(listed.map((z) => IANA_NAMES[z] ?? z));
    names.delete(DEFAULT_TIME_ZONE);
    offered = [DEFAULT_TIME_ZONE, ...[...names].sort()];
  }
  return offered;
}

/**
 * The offered name for any zone name the engine knows ('Asia/Katmandu' → 'Asia/Kathmandu',
 * 'Etc/UTC' → 'UTC', 'US/Eastern' → 'America/New_York'); null for an unknown name or a zone that is
 * not offered (the fixed-offset Etc/GMT±n zones).
 */
export function canonicalTimeZone(name: string): string | null {
  if (typeof name !== 'string' || name.length === 0 || name.length > 64) return null;
  let resolved: string;
  try {
    resolved = new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
  const iana = IANA_NAMES[resolved] ?? resolved;
  return timeZoneOptions().includes(iana) ? iana : null;
}
