/**
 * The palette's filter grammar (shared/filter-grammar.ts) over the lists the staff member may open: what
 * the typed text parses to, the completions of the token being typed, and the URL the query opens (the
 * list's own URL codec, so the list shows exactly these filters). The syntax text for the hint and the `?` sheet.
 */
import { useEffect, useMemo } from 'react';
import { useSnapshot } from 'valtio';
import type { CommandContext } from '../../../../commands';
import { parseFilterQuery, type ParsedFilter } from '../../../shared/filter-grammar';
import { completionsFor, typingDone, type Completion } from '../../../shared/filter-completion';
import { encodeListState } from '../../../shared/list-query';
import type { Resource } from '../../../shared/resources/define';
import { listDefaults, listPath, listUrl } from '../../resource-ui/presentation';
import { listedDeclared, tabDeclared } from '../../resource-ui/declared';
import { loadReferenceValues, recentValues, referenceChoices, referenceValues } from '../../state/filter-values';

/** Every list the grammar may name: the routed lists and the lists of a route's tabs. */
export const filterableResources = (): Resource[] => [...listedDeclared(), ...tabDeclared()];

/** Where a query opens: the list's URL (its tab kept) with the filters, on page 1 with the list's defaults. */
export function filterQueryUrl(p: ParsedFilter): string {
  const d = listDefaults(p.resource);
  const [path, tab] = listUrl(p.resource).split('?') as [string, string | undefined];
  const q = new URLSearchParams(tab ?? '');
  new URLSearchParams(encodeListState({ page: 1, limit: d.limit, ordering: d.ordering, orderBy: d.orderBy, filters: p.filters }, d))
    .forEach((v, k) => q.set(k, v));
  const qs = q.toString();
  return qs ? `${path}?${qs}` : path;
}

/** How the palette's item reads: "Orders: market btcusdt · state wait · since 7d". */
export const filterTitle = (p: ParsedFilter): string =>
  `${p.resource.labelPlural}${p.given.length ? `: ${p.given.map((g) => `${g.key} ${g.value}`).join(' · ')}` : ' (no filter yet)'}`;

/** The grammar in one line each, for the palette's hint and the `?` sheet. */
export const FILTER_SYNTAX: ReadonlyArray<readonly [string, string]> = [
  ['orders market:btcusdt state:wait', 'Open a list filtered: the list’s name, then key:value pairs'],
  ['since:7d', 'From 7 days back (h hours, d days, w weeks, m months)'],
  ['from:2026-11-01 to:2026-11-15', 'A date range, whole UTC days'],
  ['email:"a b"', 'Quote a value with spaces'],
  ['Tab', 'Complete the key or value being typed'],
];

export interface FilterQuery {
  parsed: ParsedFilter;
  completions: Completion[];
  url: string;
  /** Problems to show before Enter: all but the one of a token still being completed. */
  inline: string[];
  /** Whether Enter should complete (the token typed is unfinished and has completions) rather than open. */
  completing: boolean;
}

export function useFilterQuery(search: string, ctx: CommandContext, active: boolean): FilterQuery | null {
  const { byResource } = useSnapshot(referenceValues);
  // A query has a space after the list's name: text without one costs no look at the routes.
  const wanted = active && /\S\s/.test(search);
  const resources = useMemo(() => (wanted ? filterableResources().filter((r) => ctx.canOpen(listPath(r))) : []), [wanted, ctx]);
  const parsed = useMemo(() => (wanted ? parseFilterQuery(search, resources, new Date()) : null), [wanted, search, resources]);
  const typing = parsed?.typing;
  useEffect(() => {
    if (parsed && typing?.kind === 'value') loadReferenceValues(ctx.ability, ctx.uid ?? '', parsed.resource, typing.key);
  }, [parsed, typing, ctx]);
  return useMemo(() => {
    if (!parsed) return null;
    const uid = ctx.uid ?? '';
    const completions = completionsFor(search, parsed, new Date(), {
      references: referenceChoices,
      recent: (r, k) => recentValues(uid, r, k),
    });
    const completing = !typingDone(parsed) && completions.length > 0;
    const inline = parsed.problems.filter((m) => !(completing && m === parsed.typingProblem));
    return { parsed, completions, url: filterQueryUrl(parsed), inline, completing };
    // byResource: completions read the references loaded since.
  }, [parsed, search, ctx, byResource]);
}
