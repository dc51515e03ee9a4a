/**
 * A list screen with a grouping tab beside it (ListDecl.groups): the list itself first, as on every
 * other route, then the grouped accordion (`?tab=<name>`); or, for a grouping declared `first` (the
 * services' Continents), the accordion first and the list at `?tab=list`. Flipping tabs replaces the
 * history entry and starts the tab afresh, as a row's tabs do (DetailTabs).
 */
import { Tab, TabList, TabPanel, Tabs, type Key } from 'react-aria-components';
import { useLocation, useSearch } from 'wouter';
import type { Resource } from '../../shared/resources/define';
import { GroupedList } from './GroupedList';
import { ListScreen } from './ListScreen';

const LIST = 'list';

export function GroupTabs({ resource: r }: { resource: Resource }) {
  const g = r.list.groups!;
  const [path, navigate] = useLocation();
  const asked = new URLSearchParams(useSearch()).get('tab');
  const home = g.first ? g.name : LIST;
  const away = g.first ? LIST : g.name;
  const selected = asked === away ? away : home;
  const select = (k: Key) => navigate(k === home ? path : `${path}?tab=${encodeURIComponent(away)}`, { replace: true });
  const list = <Tab key={LIST} id={LIST} className="tab">{g.listLabel ?? r.labelPlural}</Tab>;
  const groups = <Tab key={g.name} id={g.name} className="tab">{g.label}</Tab>;
  return (
    <Tabs className="tabs list-tabs" selectedKey={selected} onSelectionChange={select}>
      <TabList className="tablist" aria-label={`${r.labelPlural} views`}>
        {g.first ? [groups, list] : [list, groups]}
      </TabList>
      <TabPanel id={LIST} className="tabpanel"><ListScreen resource={r} /></TabPanel>
      <TabPanel id={g.name} className="tabpanel"><GroupedList resource={r} /></TabPanel>
    </Tabs>
  );
}
