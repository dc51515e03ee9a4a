/**
 * A list route whose tabs are the lists of different resources (ListDecl.tabs: pending applications'
 * profile and coin tabs). `?tab=<value>` picks one; flipping tabs replaces the history entry and starts
 * the tab's list afresh (its filters belong to the other resource), as GroupTabs does. A tab shows only
 * to a viewer who may read its resource. Without `?tab=` (or with one the viewer cannot open) the
 * route's own list opens, so the sidebar, the palette and the dashboard keep landing on it; for a viewer
 * who may not read that one, the first tab they may.
 */
import { Tab, TabList, TabPanel, Tabs, type Key } from 'react-aria-components';
import { useLocation, useSearch } from 'wouter';
import type { Resource } from '../../shared/resources/define';
import { useAbility } from '../access';
import { ListScreen } from './ListScreen';
import { resourceNamed } from '../registry';

export function ListTabs({ resource: r }: { resource: Resource }) {
  const ability = useAbility();
  const [path, navigate] = useLocation();
  const asked = new URLSearchParams(useSearch()).get('tab');
  // The route's resource loads with its tabs' (registry `needs`).
  const tabs = (r.list.tabs ?? []).map((t) => ({ ...t, resource: resourceNamed(t.resource) }))
    .filter((t) => ability.can(t.resource.abilityFor.list, t.resource.subject));
  const selected = tabs.find((t) => t.value === asked) ?? tabs.find((t) => t.resource === r) ?? tabs[0];
  if (!selected) {
    // The route's guard admits a role by any of its subjects; none of the tabs' lists is one it may read.
    return <div className="page"><p className="list-tabs-none" role="status">Your role may not read any of these lists.</p></div>;
  }
  const select = (k: Key) => navigate(`${path}?tab=${encodeURIComponent(String(k))}`, { replace: true });
  return (
    <Tabs className="tabs list-tabs" selectedKey={selected.value} onSelectionChange={select}>
      <TabList className="tablist" aria-label={`${r.labelPlural} tabs`}>
        {tabs.map((t) => <Tab key={t.value} id={t.value} className="tab">{t.label}</Tab>)}
      </TabList>
      {tabs.map((t) => (
        <TabPanel key={t.value} id={t.value} className="tabpanel"><ListScreen resource={t.resource} /></TabPanel>
      ))}
    </Tabs>
  );
}
