/**
 * "graph india", "service log graph DE" (issue 14 item 11): the service-log graph for a country, one jump
 * per country of the filters' list that the text names (its ISO code first, then names starting with
 * the text, then names containing it). On the graph already, the rest of its view (zone, period) stays.
 */
import { COUNTRIES, countryByIso, type Country } from '../src/shared/countries';
import type { CommandContext } from './types';

const GRAPH = /^(?:service[\s-]*logs?[\s-]*graph|service[\s-]*graph|servicegraph|graph)\s+(?:for\s+)?(.+)$/i;
const MAX = 5;
const GRAPH_PATH = '/servicegraph';

/** The countries a term names, best first. */
export function countriesNamed(term: string): Country[] {
  const t = term.trim().toLowerCase();
  if (!t) return [];
  const out = new Set<Country>();
  const iso = t.length === 2 ? countryByIso(t) : undefined;
  if (iso) out.add(iso);
  const name = (c: Country) => c.text.toLowerCase();
  for (const c of COUNTRIES) if (name(c).startsWith(t)) out.add(c);
  for (const c of COUNTRIES) if (name(c).split(/[\s,()-]+/).some((w) => w.startsWith(t))) out.add(c);
  for (const c of COUNTRIES) if (name(c).includes(t)) out.add(c);
  return [...out].slice(0, MAX);
}

/** The jumps to the graph that `text` asks for (none when the role cannot open the graph). */
export function graphJumps(text: string, ctx: CommandContext): Array<{ id: string; title: string; path: string }> {
  const m = GRAPH.exec(text.trim());
  if (!m || !ctx.canOpen(GRAPH_PATH)) return [];
  const [path, query] = ctx.location.split('?');
  return countriesNamed(m[1]!).map((c) => {
    const q = new URLSearchParams(path === GRAPH_PATH ? query ?? '' : '');
    q.set('country', c.value);
    return { id: `jump.graph.${c.value}`, title: `Service-log graph for ${c.text} (${c.value})`, path: `${GRAPH_PATH}?${q}` };
  });
}
