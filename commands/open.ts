/**
 * Open by name or code (issue 15 item 7). Every listed resource that declares `lookup` fields gets
 * "Open <label> by <fields>…", and typing "open TRST", "open trust token" or "open presale public" at the
 * top of the palette lists the matching rows of those resources (their list calls, one per field, the
 * user may open), each opening the row's page: "Open Token Trust Token · trst", "Open Presale TRST public
 * sale · trst". A code field (an `eq` filter) is asked as typed and in lower and upper case, since codes
 * are stored one way or the other (a currency's lower, a collection's upper).
 */
import { labelOf, keyOf, type Resource } from '../src/shared/resources';
import { listRows, type Row } from '../src/client/api/resources';
import { listPath, rowPath } from '../src/client/resource-ui/presentation';
import { listedDeclared } from '../src/client/resource-ui/declared';
import type { Command, CommandContext, Found } from './types';
import { FOUND_GROUP } from './toggles';

/** Rows listed per resource; a longer term narrows it. */
const LIMIT = 8;
const MIN_TERM = 2;
const VERB = /^open\s+/i;

/** Resources the palette opens by name or code. */
export const openable = (): Resource[] => listedDeclared().filter((r) => r.lookup && r.lookup.fields.length > 0);

const opOf = (r: Resource, field: string) => r.filtersResolved.find((f) => f.field === field)?.op;

/** "Trust Token · trst": the lookup fields' values, the first naming the row. */
function describe(r: Resource, row: Row): string {
  return r.lookup!.fields.map((k) => String(row[k] ?? '')).filter((v) => v !== '').join(' · ');
}

/** Whether a row matches the term on a field as its filter does (a service may ignore the filter). */
function matches(r: Resource, row: Row, field: string, term: string): boolean {
  const v = String(row[field] ?? '').toLowerCase(), t = term.toLowerCase();
  const op = opOf(r, field);
  return op === 'eq' ? v === t : op === 'prefix' ? v.startsWith(t) : v.includes(t);
}

/**
 * A found row's command: its page (a view, or the form for a role that may edit it), else — for a role
 * that only reads it (a token's page is its edit form) — the list with the row shown beside it (`?row=`).
 */
function foundOpen(r: Resource, row: Row): Found {
  const key = keyOf(r, row);
  const page = rowPath(r, key);
  const beside = `${listPath(r)}?${new URLSearchParams({ row: String(key) })}`;
  return {
    command: {
      id: `${r.name}.open.${String(key)}`, title: `Open ${r.label} ${describe(r, row)}`, group: FOUND_GROUP,
      can: (ctx) => ctx.canOpen(page) || ctx.canOpen(listPath(r)), run: (ctx) => ctx.navigate(ctx.canOpen(page) ? page : beside),
    },
  };
}

/** The rows of `resources` (those the user may open) whose lookup fields match `term`, without repeats. */
async function lookup(resources: readonly Resource[], term: string, ctx: CommandContext): Promise<Found[]> {
  const lists = await Promise.all(resources.filter((r) => ctx.canOpen(listPath(r))).map(async (r) => {
    const asks = r.lookup!.fields.flatMap((field) => (opOf(r, field) === 'eq' ? [...new Set([term, term.toLowerCase(), term.toUpperCase()])] : [term])
      .map((value) => ({ field, value })));
    const answers = await Promise.all(asks.map(async ({ field, value }) => {
      try {
        const { rows } = await listRows(r, { [field]: value, limit: LIMIT });
        return rows.filter((row) => matches(r, row, field, term)).map((row) => ({ row, rank: rankOf(r, row, field, term) }));
      } catch {
        // One call refused or down leaves the others' rows; the list screen says what failed.
        return [];
      }
    }));
    const best = new Map<string, { row: Row; rank: number }>();
    for (const hit of answers.flat()) {
      const k = String(keyOf(r, hit.row));
      if ((best.get(k)?.rank ?? -1) < hit.rank) best.set(k, hit);
    }
    return [...best.values()].slice(0, LIMIT).map(({ row, rank }) => ({ found: foundOpen(r, row), rank }));
  }));
  // The row the text names exactly comes first: "open TRST" → the TRST token (its own code) before the
  // presales selling it (a code they only refer to), before names that merely contain it.
  return lists.flat().sort((a, b) => b.rank - a.rank).map((x) => x.found).filter((f) => f.command.can!(ctx));
}

/** 3: the text is the row's own value exactly; 2: exactly a value it refers to (another record's code); 1: part of one. */
function rankOf(r: Resource, row: Row, field: string, term: string): number {
  if (String(row[field] ?? '').toLowerCase() !== term.toLowerCase()) return 1;
  return r.fields[field]?.references ? 2 : 3;
}

/**
 * What typed text asks to open: "open <label> <term>" (singular, plural or the resource's name) looks in
 * that resource only, "open <term>" in every one. Null when the text is not about opening.
 */
export function openTargets(text: string): { resources: Resource[]; term: string } | null {
  const q = text.trim().replace(/\s+/g, ' ');
  if (!VERB.test(q)) return null;
  const rest = q.replace(VERB, '');
  const all = openable();
  const lower = rest.toLowerCase();
  for (const r of all) {
    const prefix = [r.label, r.labelPlural, r.name.replace(/-/g, ' ')].map((n) => `${n.toLowerCase()} `).find((p) => lower.startsWith(p));
    if (prefix) {
      const term = rest.slice(prefix.length).trim();
      return term.length >= MIN_TERM ? { resources: [r], term } : null;
    }
  }
  return rest.length >= MIN_TERM ? { resources: all, term: rest } : null;
}

/** The rows the palette's text asks to open; null when it asks for none (no call made). */
export function findOpens(text: string, ctx: CommandContext): Promise<Found[]> | null {
  const target = openTargets(text);
  return target ? lookup(target.resources, target.term, ctx) : null;
}

/** "Open Token by name or code…": the text on a second page lists the rows it matches. */
function byLookupCommand(r: Resource): Command {
  const fields = r.lookup!.fields;
  const names = fields.map((k) => labelOf(k, r.fields[k]).toLowerCase()).join(' or ');
  const first = fields[0]!;
  return {
    id: `${r.name}.open.by-lookup`,
    title: `Open ${r.label} by ${names}…`,
    group: r.labelPlural,
    keywords: ['open', 'go', 'find', r.label, ...fields],
    page: {
      kind: 'input', placeholder: `${labelOf(first, r.fields[first])} or ${names.split(' or ').slice(1).join(', ') || 'code'} of the ${r.label.toLowerCase()}…`,
      action: `Show ${r.labelPlural} by ${labelOf(first, r.fields[first]).toLowerCase()}`,
      suggest: (arg, ctx) => (arg.trim().length >= MIN_TERM ? lookup([r], arg.trim(), ctx) : Promise.resolve([])),
    },
    can: (ctx) => ctx.canOpen(listPath(r)),
    // Enter on the text itself (no row picked): the list filtered by the first field.
    run: (ctx, arg = '') => {
      const term = arg.trim();
      ctx.navigate(term ? `${listPath(r)}?${new URLSearchParams({ [first]: term })}` : listPath(r));
    },
  };
}

export function openCommands(): Command[] {
  return openable().map(byLookupCommand);
}
