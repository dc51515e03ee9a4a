/**
 * Continents and the countries on each (ISO 3166-1 alpha-2), as GeoIP databases (MaxMind's) assign
 * them: the two-letter continent codes Barong's restrictions and the country services use. A country
 * has one continent here; Russia and Turkey are Europe, Egypt Africa, as MaxMind has them.
 */
export const CONTINENTS = {
  AF: 'Africa', AN: 'Antarctica', AS: 'Asia', EU: 'Europe', NA: 'North America', OC: 'Oceania', SA: 'South America',
} as const;
export type Continent = keyof typeof CONTINENTS;

const MEMBERS: Record<Continent, string> = {
  AF: 'AO BF BI BJ BW CD CF CG CI CM CV DJ DZ EG EH ER ET GA GH GM GN GQ GW KE KM LR LS LY MA MG ML MR MU MW MZ NA NE NG RE RW SC SD SH SL SN SO SS ST SZ TD TG TN TZ UG YT ZA ZM ZW',
  AN: 'AQ BV GS HM TF',
  AS: 'AE AF AM AZ BD BH BN BT CC CN CX CY GE HK ID IL IN IO IQ IR JO JP KG KH KP KR KW KZ LA LB LK MM MN MO MV MY NP OM PH PK PS QA SA SG SY TH TJ TL TM TW UZ VN YE',
  EU: 'AD AL AT AX BA BE BG BY CH CZ DE DK EE ES FI FO FR GB GG GI GR HR HU IE IM IS IT JE LI LT LU LV MC MD ME MK MT NL NO PL PT RO RS RU SE SI SJ SK SM TR UA VA XK',
  NA: 'AG AI AW BB BL BM BQ BS BZ CA CR CU CW DM DO GD GL GP GT HN HT JM KN KY LC MF MQ MS MX NI PA PM PR SV SX TC TT US VC VG VI',
  OC: 'AS AU CK FJ FM GU KI MH MP NC NF NR NU NZ PF PG PN PW SB TK TO TV UM VU WF WS',
  SA: 'AR BO BR CL CO EC FK GF GY PE PY SR UY VE',
};

const BY_COUNTRY: ReadonlyMap<string, Continent> = new Map(
  (Object.keys(MEMBERS) as Continent[]).flatMap((c) => MEMBERS[c].split(' ').map((iso) => [iso, c] as const)),
);

/** The continent of a country (upper-case ISO alpha-2), or undefined for a code not on the list. */
export function continentOf(country: string): Continent | undefined {
  return BY_COUNTRY.get(country.toUpperCase());
}

/** The countries of a continent. */
export function countriesOf(continent: Continent): readonly string[] {
  return MEMBERS[continent].split(' ');
}

export const isContinent = (s: string): s is Continent => Object.hasOwn(CONTINENTS, s);
