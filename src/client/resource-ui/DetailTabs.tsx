/**
 * A row's page with tabs (TabDef): the row's own form first, then other resources' lists limited to
 * this row (a currency's networks and markets), each the generic list with its filters, paging and
 * keys. `?tab=` keeps the tab in the URL; flipping tabs replaces the entry and starts the list afresh.
 */
import type { ReactNode } from 'react';
import { Tab, TabList, TabPanel, Tabs, type Key } from 'react-aria-components';
import { useLocation, useSearch } from 'wouter';
import { keyOf, resourceNamed, type Resource } from '../../shared/resources';
import type { Row } from '../api/resources';
import { useAbility } from '../access';
import { ListScreen } from './ListScreen';

export function DetailTabs({ resource: r, row, children }: { resource: Resource; row: Row; children: ReactNode }) {
  const ability = useAbility();
  const [path, navigate] = useLocation();
  const tabs = (r.tabs ?? []).filter((t) => ability.can('read', resourceNamed(t.list).subject));
  const wanted = new URLSearchParams(useSearch()).get('tab');
  const selected = tabs.some((t) => t.name === wanted) ? wanted! : 'main';
  const select = (key: Key) => navigate(key === 'main' ? path : `${path}?tab=${encodeURIComponent(String(key))}`, { replace: true });
  if (tabs.length === 0) return <>{children}</>;
  return (
    <Tabs className="tabs" selectedKey={selected} onSelectionChange={select}>
      <TabList className="tablist" aria-label={`${r.label} sections`}>
        <Tab id="main" className="tab">Settings</Tab>
        {tabs.map((t) => <Tab key={t.name} id={t.name} className="tab">{t.label}</Tab>)}
      </TabList>
      <TabPanel id="main" className="tabpanel">{children}</TabPanel>
      {tabs.map((t) => {
        const params = Object.fromEntries(Object.entries(t.scope).map(([param, field]) => [param, String(row[field] ?? '')]));
        return (
          <TabPanel key={t.name} id={t.name} className="tabpanel">
            <ListScreen key={`${t.name}:${String(keyOf(r, row))}`} resource={resourceNamed(t.list)}
              scope={{ params, label: `${t.label} of ${r.label.toLowerCase()} ${String(keyOf(r, row))}` }} />
          </TabPanel>
        );
      })}
    </Tabs>
  );
}
