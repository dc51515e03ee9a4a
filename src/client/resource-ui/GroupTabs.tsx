/**
 * A list screen with a grouping tab beside it (ListDecl.groups): the list itself first, as on every
 * other route, then the grouped accordion (`?tab=<name>`). Flipping tabs replaces the history entry and
 * starts the tab afresh, as a row's tabs do (DetailTabs).
 */
import { Tab, TabList, TabPanel, Tabs, type Key } from 'react-aria-components';
import { useLocation, useSearch } from 'wouter';
import type { Resource } from '../../shared/resources';
import { GroupedList } from './GroupedList';
import { ListScreen } from './ListScreen';

export function GroupTabs({ resource: r }: { resource: Resource }) {
  const g = r.list.groups!;
  const [path, navigate] = useLocation();
  const selected = new URLSearchParams(useSearch()).get('tab') === g.name ? g.name : 'list';
  const select = (k: Key) => navigate(k === 'list' ? path : `${path}?tab=${encodeURIComponent(g.name)}`, { replace: true });
  return (
    <Tabs className="tabs" selectedKey={selected} onSelectionChange={select}>
      <TabList className="tablist" aria-label={`${r.labelPlural} views`}>
        <Tab id="list" className="tab">{r.labelPlural}</Tab>
        <Tab id={g.name} className="tab">{g.label}</Tab>
      </TabList>
      <TabPanel id="list" className="tabpanel"><ListScreen resource={r} /></TabPanel>
      <TabPanel id={g.name} className="tabpanel"><GroupedList resource={r} /></TabPanel>
    </Tabs>
  );
}
