/**
 * A palette command per saved view the staff member sees (issue 17 item 2): "View: <name> (<list>)"
 * opens the list with the view's filters, sort, size and columns. The server offers only views of lists
 * the viewer reads, trimmed to the viewer's abilities; the route guard's check is asked again here.
 */
import { resourceNamed } from '../src/shared/resources';
import type { SavedView } from '../src/shared/saved-views';
import { viewUrl } from '../src/client/state/saved-views';
import type { Command } from './types';

export function viewCommands(views: readonly SavedView[]): Command[] {
  return views.map((v): Command => {
    const r = resourceNamed(v.list);
    const to = viewUrl(r, v);
    return {
      id: `views.open-${v.id}`, title: `View: ${v.name} (${r.labelPlural})`, group: 'Saved views',
      keywords: ['view', 'saved', r.labelPlural, ...(v.mine ? [] : ['shared'])],
      can: (ctx) => ctx.canOpen(to),
      run: (ctx) => ctx.navigate(to),
    };
  });
}
