/**
 * A row's page with tabs: the row's own form ('main'), the resource's list tabs (TabDef: other
 * resources' lists limited to this row, a currency's networks and markets), and bespoke tabs that
 * draw a component of their own for the row (a market's order book). `?tab=` keeps the tab in the
 * URL; flipping tabs replaces the entry and starts the tab afresh; without `?tab=` the form shows.
 *
 * Bespoke tabs and the main tab's label are client-side extras keyed by resource name (DETAIL_EXTRAS):
 * the shared definition stays free of React, and the component's code loads only when its tab opens.
 */
import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { Tab, TabList, TabPanel, Tabs, type Key } from 'react-aria-components';
import { useLocation, useSearch } from 'wouter';
import { keyOf, type Resource } from '../../shared/resources/define';
import { resourceNamed } from '../registry';
import type { Row } from '../api/resources';
import { useAbility } from '../access';
import { Loading } from '../components/ui/Loading';
import { ListScreen } from './ListScreen';

/** A tab drawn by its own component for the row, instead of a list. */
export interface BespokeTab {
  /** The `?tab=` value. */
  name: string;
  label: string;
  /** Shown only to roles that may read this subject (the order book needs Order). */
  subject: string;
  /** Before the row's own form; after the list tabs otherwise. */
  first?: boolean;
  component: ComponentType<{ resource: Resource; row: Row }>;
}

/** What a resource's page adds to its declared list tabs. */
export interface DetailExtras {
  /** The main (form) tab's label; 'Settings' when absent. */
  mainLabel?: string;
  tabs?: readonly BespokeTab[];
}

/** By resource name. The spec names a market's tabs "Order Book" and "Configuration", in that order. */
export const DETAIL_EXTRAS: Readonly<Record<string, DetailExtras>> = {
  markets: {
    mainLabel: 'Configuration',
    tabs: [{ name: 'order-book', label: 'Order Book', subject: 'Order', first: true, component: lazy(() => import('../screens/market-book/OrderBookTab')) }],
  },
};

interface Entry { name: string; label: string; panel: () => ReactNode }

export function DetailTabs({ resource: r, row, children }: { resource: Resource; row: Row; children: ReactNode }) {
  const ability = useAbility();
  const [path, navigate] = useLocation();
  const wanted = new URLSearchParams(useSearch()).get('tab');
  const extras = DETAIL_EXTRAS[r.name] ?? {};
  const key = String(keyOf(r, row));

  const lists: Entry[] = (r.tabs ?? []).filter((t) => ability.can('read', resourceNamed(t.list).subject)).map((t) => ({
    name: t.name,
    label: t.label,
    panel: () => {
      const params = Object.fromEntries(Object.entries(t.scope).map(([param, field]) => [param, String(row[field] ?? '')]));
      return <ListScreen key={`${t.name}:${key}`} resource={resourceNamed(t.list)} scope={{ params, label: `${t.label} of ${r.label.toLowerCase()} ${key}` }} />;
    },
  }));
  const bespoke = (first: boolean): Entry[] => (extras.tabs ?? [])
    .filter((t) => !!t.first === first && ability.can('read', t.subject))
    .map((t) => ({
      name: t.name,
      label: t.label,
      panel: () => <Suspense fallback={<Loading label={`Loading ${t.label}`} />}><t.component key={key} resource={r} row={row} /></Suspense>,
    }));
  const others = [...bespoke(true), ...lists, ...bespoke(false)];
  if (others.length === 0) return <>{children}</>;

  const main: Entry = { name: 'main', label: extras.mainLabel ?? 'Settings', panel: () => children };
  const entries = [...bespoke(true), main, ...lists, ...bespoke(false)];
  const selected = entries.some((t) => t.name === wanted) ? wanted! : 'main';
  const select = (k: Key) => navigate(k === 'main' ? path : `${path}?tab=${encodeURIComponent(String(k))}`, { replace: true });
  return (
    <Tabs className="tabs" selectedKey={selected} onSelectionChange={select}>
      <TabList className="tablist" aria-label={`${r.label} sections`}>
        {entries.map((t) => <Tab key={t.name} id={t.name} className="tab">{t.label}</Tab>)}
      </TabList>
      {entries.map((t) => <TabPanel key={t.name} id={t.name} className="tabpanel">{t.panel()}</TabPanel>)}
    </Tabs>
  );
}
