/**
 * Routes for every registry resource with a list (spec §2): `/<route>` for the list and, for page-form
 * resources, `/<route>/:id` (`add` creates). Screens load lazily, so AG Grid arrives with the first
 * list, never with sign-in or the shell. The table is made from the registry's index; each screen loads
 * its resource's declaration with its code (registry/ loadResource).
 */
import { lazy } from 'react';
import { Redirect } from 'wouter';
import { loadResource, type Indexed } from '../registry';
import type { AppRoute, ScreenProps } from '../routes';
import { addPageOnly, canAdd, formSegment, formStyle, hasForm, listedResources, tabResources, viewSegment } from './presentation';

function listRoute(e: Indexed): AppRoute {
  return {
    path: `/${e.route}`,
    title: e.labelPlural,
    access: 'list',
    screen: lazy(async () => {
      // A route shared by several resources' lists (pending applications: profile, coin) shows them as tabs.
      if (e.list.tabs) {
        const [r, { ListTabs }] = await Promise.all([loadResource(e.name), import('./ListTabs')]);
        return { default: () => <ListTabs resource={r} /> };
      }
      // A list with a grouping tab (payment settings by continent) gets the tabs around it.
      if (e.list.groups) {
        const [r, { GroupTabs }] = await Promise.all([loadResource(e.name), import('./GroupTabs')]);
        return { default: () => <GroupTabs resource={r} /> };
      }
      const [r, { ListScreen }] = await Promise.all([loadResource(e.name), import('./ListScreen')]);
      return { default: () => <ListScreen resource={r} /> };
    }),
  };
}

function formRoute(e: Indexed): AppRoute {
  return {
    path: `/${formSegment(e)}/:id`,
    title: e.label,
    access: 'detail',
    idParam: 'id',
    screen: lazy(async () => {
      const [r, { FormPage }] = await Promise.all([loadResource(e.name), import('./FormPage')]);
      return { default: ({ params }: ScreenProps) => <FormPage resource={r} id={params.id ?? 'add'} /> };
    }),
  };
}

/**
 * A read-only view of a row (`/botSettings/:id`), with Edit leading to its form route; for a row that
 * cannot be edited the view shares the form route, whose `add` opens the create form
 * (`/adjustments-details/:id`). Where the form has a route of its own, the view's `add` goes there
 * (`/botSettings/add` → `/bot-edit/add`): no row is called "add".
 */
function viewRoute(e: Indexed): AppRoute {
  const creates = !hasForm(e) && canAdd(e);
  const addForm = hasForm(e) && canAdd(e) && formStyle(e) === 'page' && formSegment(e) !== viewSegment(e) ? `/${formSegment(e)}/add` : null;
  return {
    path: `/${viewSegment(e)}/:id`,
    title: e.label,
    access: creates ? 'view' : 'list',
    screen: lazy(async () => {
      const [r, { ViewPage }, { FormPage }] = await Promise.all([
        loadResource(e.name), import('./ViewPage'), creates ? import('./FormPage') : Promise.resolve({ FormPage: null }),
      ]);
      return {
        default: ({ params }: ScreenProps) => {
          if (params.id === 'add' && addForm) return <Redirect to={addForm} replace />;
          return FormPage && params.id === 'add' ? <FormPage resource={r} id="add" /> : <ViewPage resource={r} id={params.id ?? ''} />;
        },
      };
    }),
  };
}

/** A create-only resource's add page (`/service-logs/add`, `addPage`). */
function addRoute(e: Indexed): AppRoute {
  return {
    path: `/${e.route}/add`,
    title: `New ${e.label}`,
    access: 'add',
    screen: lazy(async () => {
      const [r, { FormPage }] = await Promise.all([loadResource(e.name), import('./FormPage')]);
      return { default: () => <FormPage resource={r} id="add" /> };
    }),
  };
}

export function resourceRoutes(): AppRoute[] {
  return [
    ...listedResources().flatMap((r) => [
      listRoute(r),
      ...(addPageOnly(r) ? [addRoute(r)] : []),
      ...(r.view ? [viewRoute(r)] : []),
      ...(formStyle(r) === 'page' && hasForm(r) ? [formRoute(r)] : []),
    ]),
    // A list tab's rows open read-only under the host's route (a coin application at /pending-applications/7).
    ...tabResources().filter((r) => r.view).map(viewRoute),
  ];
}
