/**
 * Routes for every registry resource with a list (spec §2): `/<route>` for the list and, for page-form
 * resources, `/<route>/:id` (`add` creates). Screens load lazily, so AG Grid arrives with the first
 * list, never with sign-in or the shell.
 */
import { lazy } from 'react';
import type { Resource } from '../../shared/resources';
import type { AppRoute, ScreenProps } from '../routes';
import { formSegment, formStyle, hasForm, listedResources } from './presentation';

function listRoute(r: Resource): AppRoute {
  return {
    path: `/${r.route}`,
    title: r.labelPlural,
    access: 'list',
    screen: lazy(async () => {
      const { ListScreen } = await import('./ListScreen');
      return { default: () => <ListScreen resource={r} /> };
    }),
  };
}

function formRoute(r: Resource): AppRoute {
  return {
    path: `/${formSegment(r)}/:id`,
    title: r.label,
    access: 'detail',
    idParam: 'id',
    screen: lazy(async () => {
      const { FormPage } = await import('./FormPage');
      return { default: ({ params }: ScreenProps) => <FormPage resource={r} id={params.id ?? 'add'} /> };
    }),
  };
}

/** A read-only view of a row (`/botSettings/:id`), with Edit leading to its form route. */
function viewRoute(r: Resource): AppRoute {
  return {
    path: `/${r.route}/:id`,
    title: r.label,
    access: 'list',
    screen: lazy(async () => {
      const { ViewPage } = await import('./ViewPage');
      return { default: ({ params }: ScreenProps) => <ViewPage resource={r} id={params.id ?? ''} /> };
    }),
  };
}

export function resourceRoutes(): AppRoute[] {
  return listedResources().flatMap((r) => [
    listRoute(r),
    ...(r.view ? [viewRoute(r)] : []),
    ...(formStyle(r) === 'page' && hasForm(r) ? [formRoute(r)] : []),
  ]);
}
