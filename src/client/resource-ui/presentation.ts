/**
 * Client-only reading of a definition: where its list lives, whether its form is a modal (spec: "add
 * opens a modal") or a page, and the list defaults the URL codec needs. Read-only helpers; the
 * definitions themselves stay in src/shared/resources. Routing takes an index entry (registry/): the
 * shell routes before a declaration has loaded; a full Resource is one too.
 */
import { meets, type Resource } from '../../shared/resources/define';
import type { ListDefaults } from '../../shared/list-query';
import { entryNamed, indexed, type Indexed } from '../registry';

export type FormStyle = 'modal' | 'page';

export const formStyle = (r: Indexed): FormStyle => r.form ?? 'page';

export const listPath = (r: Indexed): string => `/${r.route}`;

/** The add/edit page's first segment: its own (`market-info`, `bot-edit`) or the list's. */
export const formSegment = (r: Indexed): string => r.formRoute ?? r.route;

/** Where a row is edited: its form page, or the list with the edit modal open on it. */
export function formPath(r: Indexed, id: number | string): string {
  return formStyle(r) === 'page' ? `/${formSegment(r)}/${encodeURIComponent(String(id))}` : `/${r.route}?edit=${encodeURIComponent(String(id))}`;
}

/**
 * Where a row's read-only view lives: beside the list (`/botSettings/7`, Edit leads to `/bot-edit/7`),
 * or, for a row that cannot be edited, on the form route whose `add` creates (`/adjustments-details/7`).
 */
export const viewSegment = (r: Indexed): string => (hasForm(r) ? r.route : formSegment(r));

/** Where a row opens: its read-only view (bots, adjustments), else where it is edited. */
export function rowPath(r: Indexed, id: number | string): string {
  return r.view ? `/${viewSegment(r)}/${encodeURIComponent(String(id))}` : formPath(r, id);
}

/**
 * Whether "New <entity>" is offered: the create call, and a form to make it in (an edit form, a view's
 * add page, or a create-only resource's own add page).
 */
export const canAdd = (r: Indexed): boolean => r.endpoints.create !== undefined && (hasForm(r) || !!r.view || addPageOnly(r));

/** A create-only resource whose create form has a page of its own at `/<route>/add` (`addPage`). */
export const addPageOnly = (r: Indexed): boolean => !!r.addPage && r.endpoints.create !== undefined && !hasForm(r) && !r.view;

/**
 * The toast after a create: `messages.created` with `{field}` filled from the answered row, an error
 * toast when the row meets `messages.createdFailedWhen` (a test message the provider refused).
 */
export function createdToast(r: Resource, row: Record<string, unknown>): { type: 'success' | 'error'; text: string } {
  const text = (r.messages?.created ?? 'Updated Successfully').replace(/\{(\w+)\}/g, (_, k: string) => String(row[k] ?? ''));
  return { type: meets(r.messages?.createdFailedWhen, row) && r.messages?.createdFailedWhen ? 'error' : 'success', text };
}

/** The bespoke detail screen a row opens (a user at /user-directory/{uid}); undefined without one. */
export function detailPath(r: Indexed, row: Record<string, unknown>): string | undefined {
  return r.detail && `/${r.detail.route ?? r.route}/${encodeURIComponent(String(row[r.detail.key]))}`;
}

/** Where a link column leads for a value of the row's key field (`/user-directory/ID123`); none without a value. */
export function linkPath(route: string, key: unknown): string | undefined {
  return key === null || key === undefined || key === '' ? undefined : `/${route}/${encodeURIComponent(String(key))}`;
}

/**
 * The link a row's member opens by (the first column linking to the user directory: a history's `uid`),
 * for "Open the member of the focused row"; undefined for a list whose rows name no member.
 */
export function memberLinkOf(r: Resource): { route: string; key: string } | undefined {
  const f = r.columns.map((c) => c.format).find((x) => x?.kind === 'link' && x.route === 'user-directory');
  return f?.kind === 'link' ? { route: f.route, key: f.key } : undefined;
}

/** Where "New <entity>" goes. */
export function newPath(r: Indexed): string {
  return formStyle(r) === 'page' ? `/${formSegment(r)}/add` : `/${r.route}?new=1`;
}

/** Defaults the shared URL codec leaves out of links. */
export function listDefaults(r: Resource): ListDefaults {
  return {
    limit: r.list.pageSize,
    ordering: r.list.ordering,
    orderBy: r.orderBy,
    filterParams: r.filtersResolved.flatMap((f) => f.params),
  };
}

/** Whether a resource has a list route of its own: listed by its service and not embedded elsewhere. */
const isListed = (r: Indexed): boolean => r.endpoints.list !== undefined && !r.embedded;

/** Every resource with a list route of its own. */
export const listedResources = (): Indexed[] => indexed().filter(isListed);

/**
 * Resources listed as another resource's list tab (ListDecl.tabs: pending applications' coin tab):
 * embedded under the host's route, yet with rows of their own to open and act on (`view`, actions, calls).
 */
export function tabResources(): Indexed[] {
  return listedResources().flatMap((host) => listTabs(host).filter((t) => t.resource.name !== host.name).map((t) => t.resource));
}

/** A list's own URL: the route, and for a tab resource the host's route on its tab (`/pending-applications?tab=coin`). */
export function listUrl(r: Indexed): string {
  const host = r.embedded ? listedResources().find((h) => h.route === r.route) : undefined;
  const tab = host && listTabs(host).find((t) => t.resource.name === r.name);
  return tab ? `${listPath(r)}?tab=${encodeURIComponent(tab.value)}` : listPath(r);
}

/** Whether rows open a form: the service must let them be edited (read-only logs open nothing). */
export const hasForm = (r: Indexed): boolean => r.endpoints.update !== undefined;

/**
 * Rows that open neither a form nor a detail page (read-only logs) open the row panel beside the list,
 * where the full row — metadata, user agent — can be read.
 */
export const opensPanel = (r: Indexed): boolean => !r.detail && !hasForm(r) && !r.view;

/** A tabbed list route's tabs (ListDecl.tabs) with their resources; none for a plain list. */
export function listTabs(r: Indexed): { value: string; label: string; resource: Indexed }[] {
  return (r.list.tabs ?? []).map((t) => ({ ...t, resource: entryNamed(t.resource) }));
}

/**
 * The resource whose list or detail route a path is on, if any; on a tabbed list route, the list of the
 * tab the query names (`/pending-applications?tab=coin`).
 */
export function resourceAt(path: string, search = path.split('?')[1] ?? ''): Indexed | undefined {
  const seg = path.replace(/^\/+/, '').split(/[/?#]/)[0];
  const r = listedResources().find((x) => x.route === seg || x.formRoute === seg);
  const tab = new URLSearchParams(search.split('#')[0]).get('tab');
  return (r && listTabs(r).find((t) => t.value === tab)?.resource) ?? r;
}

/** The last list URL seen per resource, so a form page's Back and Save return to the same view. */
const lastList = new Map<string, string>();
export const rememberListUrl = (r: Indexed, url: string) => { lastList.set(r.name, url); };
export const lastListUrl = (r: Indexed): string => lastList.get(r.name) ?? listUrl(r);

/** A state action's confirmation title: "Disable market btcusdt?", and "Cancel order 7?" where the label names the row already. */
export function actionTitle(r: Indexed, label: string, key: unknown): string {
  const noun = r.label.toLowerCase();
  return label.toLowerCase().endsWith(noun) ? `${label} ${String(key)}?` : `${label} ${noun} ${String(key)}?`;
}
