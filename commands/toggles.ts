/**
 * Toggle by name (issue 14 item 11). Every listed resource that names its rows (`named`) and has a
 * toggle action gets "Toggle <label> by <name>…", and typing "toggle twilio", "sms sender twilio",
 * "email type welcome" or "platform setting twilio" anywhere in the palette lists the matching rows
 * (the list call filtered by the name), each with its change: "SMS Sender twilio · GB · Steward: active →
 * inactive". Enter asks with that before → after; the write is the list switch's own (saveToggle), then
 * the action's toast, and the list on screen is fetched again.
 */
import { labelOf, toggleValue, keyOf, type ActionDef, type Resource } from '../src/shared/resources';
import { listRows, type Row } from '../src/client/api/resources';
import { normaliseError } from '../src/client/api';
import { reasonFor } from '../src/client/access';
import { notifySuccess } from '../src/client/state/toasts';
import { listPath } from '../src/client/resource-ui/presentation';
import { listedDeclared } from '../src/client/resource-ui/declared';
import { nextToggleValue, saveToggle, togglable, toggleMessage } from '../src/client/resource-ui/toggle';
import type { Command, CommandContext, Found } from './types';

/** The palette's group of rows found by name (to toggle, or to open: open.ts); like jumps, made from the text itself, so listed first. */
export const FOUND_GROUP = 'Found by name';

/** Rows listed per resource; a longer name narrows it. */
const LIMIT = 8;
/** Shorter terms match too much to be worth a call per keystroke. */
const MIN_TERM = 2;
const VERB = /^(?:toggle|switch|flip)\s+/i;

interface Toggler { r: Resource; a: ActionDef }

/** Resources the palette toggles by name: a `named` field and a toggle of a whole field that can be saved. */
export function togglers(): Toggler[] {
  return listedDeclared().flatMap((r) => (r.named
    ? (r.actions ?? []).filter((a) => a.kind === 'toggle' && !a.key && togglable(r, a)).map((a) => ({ r, a }))
    : []));
}

const allowed = ({ r, a }: Toggler, ctx: CommandContext) => ctx.ability.can(a.ability, r.subject, a.field);
const reason = ({ r, a }: Toggler) => reasonFor(a.ability, r.subject, a.field);

/** A value as the list shows it: a boolean switch is on or off, an enum by its label. */
function shown(r: Resource, field: string, v: unknown): string {
  const f = r.fields[field];
  if (f?.kind === 'boolean') return String(v) === 'true' ? 'on' : 'off';
  return f?.valueLabels?.[String(v)] ?? String(v ?? '');
}

/** "SMS Sender twilio · GB · Steward": the label, the name and what tells rows of one name apart. */
function describe(r: Resource, row: Row): string {
  const named = r.named!;
  const context = (named.context ?? []).map((k) => shown(r, k, row[k])).filter((v) => v !== '');
  return [`${r.label} ${String(row[named.field] ?? '')}`, ...context].join(' · ');
}

/** One found row's toggle: confirmed with the change before → after, then saved as the switch saves it. */
function foundToggle(t: Toggler, row: Row, ctx: CommandContext): Found {
  const { r, a } = t;
  const next = nextToggleValue(a, row);
  const change = `${shown(r, a.field, toggleValue(a, row))} → ${shown(r, a.field, next)}`;
  const what = describe(r, row);
  const command: Command = {
    id: `${r.name}.${a.name}.${String(keyOf(r, row))}`,
    title: `${what}: ${change}`,
    group: FOUND_GROUP,
    page: { kind: 'confirm', question: `${labelOf(a.field, r.fields[a.field])} of ${what}: ${change}`, confirmLabel: `Switch to ${shown(r, a.field, next)}` },
    can: (c) => allowed(t, c),
    run: async (c) => {
      try {
        await saveToggle(r, a, row, next);
        notifySuccess(toggleMessage(r, a));
        c.list?.reload();
      } catch (err) {
        return normaliseError(err).messages;
      }
    },
  };
  return allowed(t, ctx) ? { command } : { command, reason: reason(t) };
}

/** Whether a row's name matches the term as the list's filter does (a service may ignore the filter). */
function matches(r: Resource, row: Row, term: string): boolean {
  const field = r.named!.field;
  const op = r.filtersResolved.find((f) => f.field === field)?.op;
  const v = String(row[field] ?? '').toLowerCase(), t = term.toLowerCase();
  return op === 'eq' ? v === t : op === 'prefix' ? v.startsWith(t) : v.includes(t);
}

/** The rows of each resource the user may list whose name matches `term`, with their toggles. */
async function lookup(ts: readonly Toggler[], term: string, ctx: CommandContext): Promise<Found[]> {
  const byResource = new Map<Resource, Toggler[]>();
  for (const t of ts) if (ctx.canOpen(listPath(t.r))) byResource.set(t.r, [...(byResource.get(t.r) ?? []), t]);
  const lists = await Promise.all([...byResource].map(async ([r, own]) => {
    try {
      const { rows } = await listRows(r, { [r.named!.field]: term, limit: LIMIT });
      return rows.filter((row) => matches(r, row, term)).slice(0, LIMIT).flatMap((row) => own.map((t) => foundToggle(t, row, ctx)));
    } catch {
      // One service down leaves the others' rows; the list screen says what failed.
      return [];
    }
  }));
  return lists.flat();
}

/**
 * What typed text asks to toggle: "<label> <name>" (singular, plural or the resource's name) looks in
 * that resource only; "toggle <name>" in every one. Null when the text is not about toggling.
 */
export function toggleTargets(text: string): { togglers: Toggler[]; term: string } | null {
  let q = text.trim().replace(/\s+/g, ' ');
  const verb = VERB.test(q);
  if (verb) q = q.replace(VERB, '');
  const all = togglers();
  const lower = q.toLowerCase();
  for (const t of all) {
    const prefix = [t.r.label, t.r.labelPlural, t.r.name.replace(/-/g, ' ')].map((n) => `${n.toLowerCase()} `).find((p) => lower.startsWith(p));
    if (prefix) {
      const term = q.slice(prefix.length).trim();
      return term.length >= MIN_TERM ? { togglers: all.filter((x) => x.r === t.r), term } : null;
    }
  }
  return verb && q.length >= MIN_TERM ? { togglers: all, term: q } : null;
}

/** The rows the palette's text names, with their toggles; null when the text asks for none (no call made). */
export function findToggles(text: string, ctx: CommandContext): Promise<Found[]> | null {
  const target = toggleTargets(text);
  return target ? lookup(target.togglers, target.term, ctx) : null;
}

/** "Toggle SMS Sender by service name…": the name on a second page lists the rows it matches. */
function byNameCommand(t: Toggler): Command {
  const { r, a } = t;
  const field = r.named!.field;
  const name = labelOf(field, r.fields[field]).toLowerCase();
  const example = r.fields[field]?.example;
  return {
    id: `${r.name}.${a.name}.by-name`,
    title: `Toggle ${r.label} by ${name}…`,
    group: r.labelPlural,
    keywords: ['toggle', 'switch', 'enable', 'disable', r.label, a.field, ...(r.fields[a.field]?.kind === 'boolean' ? [] : a.values)],
    page: {
      kind: 'input', placeholder: `${labelOf(field, r.fields[field])} of the ${r.label.toLowerCase()}${example ? `, e.g. ${String(example)}` : ''}…`,
      action: `Show ${r.labelPlural} by ${name}`,
      suggest: (arg, ctx) => (arg.trim() ? lookup([t], arg.trim(), ctx) : Promise.resolve([])),
    },
    can: (ctx) => ctx.canOpen(listPath(r)) && allowed(t, ctx),
    blocked: (ctx) => (ctx.canOpen(listPath(r)) ? reason(t) : undefined),
    // Enter on the text itself (no row picked): the list filtered by it.
    run: (ctx, arg = '') => {
      const term = arg.trim();
      ctx.navigate(term ? `${listPath(r)}?${new URLSearchParams({ [field]: term })}` : listPath(r));
    },
  };
}

export function toggleCommands(): Command[] {
  return togglers().map(byNameCommand);
}
