/**
 * Per registry resource: "New <entity>" for those the user may create, and "Find <entity>…", which asks
 * for a term on a second palette page and opens the list filtered by the first text filter.
 */
import { labelOf, meets, type ActionDef, type Resource } from '../src/shared/resources';
import { getRow } from '../src/client/api/resources';
import { reasonFor } from '../src/client/access';
import { normaliseError } from '../src/client/api';
import { canAdd, listPath, newPath, rowPath } from '../src/client/resource-ui/presentation';
import { listedDeclared, tabDeclared } from '../src/client/resource-ui/declared';
import { fourEyesReason } from '../src/client/resource-ui/four-eyes';
import type { Command } from './types';

function newCommand(r: Resource): Command {
  return {
    id: `${r.name}.new`,
    title: `New ${r.label}`,
    group: 'Create',
    keywords: ['add', 'create', r.labelPlural],
    // Where "New" lands must pass its guard too (a form page's /add needs manage, not only create).
    can: (ctx) => canAdd(r) && ctx.ability.can(r.abilityFor.create, r.subject) && ctx.canOpen(newPath(r)),
    // Someone who works with the list sees that the role lacks it, rather than a command that is not there.
    blocked: (ctx) => (canAdd(r) && ctx.canOpen(listPath(r)) ? reasonFor('manage', r.subject) : undefined),
    run: (ctx) => ctx.navigate(newPath(r)),
  };
}

function findCommand(r: Resource): Command | null {
  const filter = r.filtersResolved.find((f) => f.op !== 'range' && ['text', 'textarea'].includes(r.fields[f.field].kind));
  if (!filter) return null;
  return {
    id: `${r.name}.find`,
    title: `Find ${r.labelPlural} by ${filter.label.toLowerCase()}…`,
    group: 'Find',
    keywords: ['search', 'filter', r.label, filter.field],
    page: { kind: 'input', placeholder: `${filter.label} of the ${r.label.toLowerCase()}…` },
    can: (ctx) => ctx.canOpen(listPath(r)),
    run: (ctx, arg) => {
      const term = arg?.trim();
      ctx.navigate(term ? `${listPath(r)}?${new URLSearchParams({ [filter.field]: term })}` : listPath(r));
    },
  };
}

/** A set action goes through its own call, or the row's update call. */
const callable = (r: Resource, a: ActionDef) => a.endpoint !== undefined || r.endpoints.update !== undefined;

/**
 * A `set` action by the row's key ("Disable market…" → `btcusdt`): opens the row's page with the
 * action's confirmation, which shows the change before → after. A row already in the target state, or
 * one the action does not start from, is said so in the palette instead.
 */
function setCommands(r: Resource): Command[] {
  return (r.actions ?? []).filter((a) => a.kind === 'set').map((a) => ({
    id: `${r.name}.${a.name}`,
    title: `${a.label} ${r.label.toLowerCase()}…`,
    group: r.labelPlural,
    keywords: [a.label, r.label, a.field, ...a.values],
    page: { kind: 'input', placeholder: `${labelOf(r.key, r.fields[r.key])} of the ${r.label.toLowerCase()}, e.g. ${String(r.fields[r.key]?.example ?? '')}`.replace(/, e\.g\. $/, ''), action: `${a.label} ${r.label.toLowerCase()}` },
    can: (ctx) => callable(r, a) && ctx.ability.can(a.ability, r.subject, a.field) && ctx.canOpen(rowPath(r, 'x')),
    blocked: (ctx) => (callable(r, a) && ctx.canOpen(listPath(r)) ? reasonFor(a.ability, r.subject, a.field) : undefined),
    run: async (ctx, arg = '') => {
      const key = arg.trim().replace(/^#/, '').toLowerCase();
      if (!key) return [`Type the ${labelOf(r.key, r.fields[r.key]).toLowerCase()}`];
      try {
        const row = await getRow(r, key);
        const now = String(row[a.field]);
        if (now === a.values[0]) return [`${r.label} ${key} is already ${now}`];
        if (a.from && !a.from.includes(now)) return [`${r.label} ${key} is ${now}: ${a.label.toLowerCase()} is not offered from there`];
        const mine = fourEyesReason(r, a, row, ctx.uid);
        if (mine) return [mine];
        ctx.navigate(`${rowPath(r, key)}?action=${encodeURIComponent(a.name)}`);
      } catch (err) {
        return normaliseError(err).messages;
      }
    },
  }));
}

/** A filter naming another record takes it from the screen: a member's uid (a user's page), a referenced row's key. */
function takesOf(r: Resource, filter: string): { takes?: { type: string } } {
  const type = filter === 'uid' ? 'users' : r.fields[filter]?.references;
  return type ? { takes: { type } } : {};
}

/**
 * A bulk action by one filter's value ("Cancel open orders of user…" → ID…): opens the list filtered by
 * the action's `when` and that value, with the confirmation that says how many rows match.
 */
function bulkCommands(r: Resource): Command[] {
  return (r.bulk ?? []).flatMap((b) => (b.commands ?? []).map((c): Command => ({
    id: `${r.name}.${b.name}.${c.filter}`,
    title: c.title,
    group: r.labelPlural,
    keywords: [b.label, r.labelPlural, c.filter],
    page: { kind: 'input', placeholder: c.placeholder, action: c.title.replace(/…$/, ''), ...takesOf(r, c.filter) },
    can: (ctx) => ctx.ability.can(b.ability, r.subject) && ctx.canOpen(listPath(r)),
    blocked: (ctx) => (ctx.canOpen(listPath(r)) ? reasonFor(b.ability, r.subject) : undefined),
    run: async (ctx, arg = '') => {
      const value = arg.trim();
      if (!value) return [`Type the ${labelOf(c.filter, r.fields[c.filter]).toLowerCase()}`];
      const f = r.fields[c.filter];
      const v = c.filter === 'uid' ? value.toUpperCase() : f?.references ? value.toLowerCase() : value;
      ctx.navigate(`${listPath(r)}?${new URLSearchParams({ ...b.when, [c.filter]: v, bulk: b.name })}`);
    },
  })));
}

/**
 * A row's write call with one text param, typed inline ("Reject withdrawal…" → `41 Sanctioned
 * destination`): checks the row is in a state the call is offered in, then opens the row's page with
 * the call's dialog filled in, where the text is seen and confirmed before anything is sent.
 */
function callCommands(r: Resource): Command[] {
  const oneText = (c: NonNullable<Resource['calls']>[number]) => {
    const ps = Object.values(c.params ?? {});
    return c.kind === 'write' && ps.length === 1 && (ps[0]!.kind === 'text' || ps[0]!.kind === 'textarea');
  };
  return (r.calls ?? []).filter(oneText).map((c) => {
    const param = Object.keys(c.params!)[0]!;
    const f = c.params![param]!;
    return {
      id: `${r.name}.call.${c.name}`,
      title: `${c.label}…`,
      group: r.labelPlural,
      keywords: [c.label, r.label, param],
      page: { kind: 'input', placeholder: `${labelOf(r.key, r.fields[r.key])} then the ${labelOf(param, f).toLowerCase()}, e.g. 41 ${String(f.example ?? 'text')}`, action: c.label },
      can: (ctx) => ctx.ability.can(c.ability, r.subject) && ctx.canOpen(rowPath(r, 'x')),
      blocked: (ctx) => (ctx.canOpen(listPath(r)) ? reasonFor(c.ability, r.subject) : undefined),
      run: async (ctx, arg = '') => {
        const m = /^#?(\S+)\s*([\s\S]*)$/.exec(arg.trim());
        if (!m) return [`Type the ${labelOf(r.key, r.fields[r.key]).toLowerCase()} and the ${labelOf(param, f).toLowerCase()}`];
        const [, key, text] = m as unknown as [string, string, string];
        if (f.required && !text.trim()) return [`${labelOf(param, f)} is required: type it after the ${labelOf(r.key, r.fields[r.key]).toLowerCase()}`];
        try {
          const row = await getRow(r, key);
          if (c.when && !meets(c.when, row)) return [`${r.label} ${key} is ${String(row[c.when.field])}: ${c.label.toLowerCase()} is not offered there`];
          ctx.navigate(`${rowPath(r, key)}?${new URLSearchParams({ call: c.name, [param]: text.trim() })}`);
        } catch (err) {
          return normaliseError(err).messages;
        }
      },
    };
  });
}

export function resourceCommands(): Command[] {
  return [
    ...listedDeclared().flatMap((r) => [newCommand(r), findCommand(r), ...setCommands(r), ...bulkCommands(r), ...callCommands(r)]),
    // A list tab's rows have their own state actions and calls ("Approve coin application…").
    ...tabDeclared().flatMap((r) => [...setCommands(r), ...callCommands(r)]),
  ].filter((c): c is Command => c !== null);
}
