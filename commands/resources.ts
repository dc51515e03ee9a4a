/**
 * Per registry resource: "New <entity>" for those the user may create, and "Find <entity>…", which asks
 * for a term on a second palette page and opens the list filtered by the first text filter.
 */
import type { Resource } from '../src/shared/resources';
import { hasForm, listedResources, listPath, newPath } from '../src/client/resource-ui/presentation';
import type { Command } from './types';

function newCommand(r: Resource): Command {
  return {
    id: `${r.name}.new`,
    title: `New ${r.label}`,
    group: 'Create',
    keywords: ['add', 'create', r.labelPlural],
    // Where "New" lands must pass its guard too (a form page's /add needs manage, not only create).
    can: (ctx) => r.endpoints.create !== undefined && hasForm(r) && ctx.ability.can(r.abilityFor.create, r.subject) && ctx.canOpen(newPath(r)),
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

export function resourceCommands(): Command[] {
  return listedResources().flatMap((r) => [newCommand(r), findCommand(r)].filter((c): c is Command => c !== null));
}
