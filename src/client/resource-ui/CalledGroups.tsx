/**
 * The accordion of a grouping drawn from one call (GroupDecl.call: Barong's
 * `GET /admin/country_services/continent`): the answer's groups in the order of the grouping field's
 * values, each header its count as the call counts it (countries) and its value's name, opening to the
 * answered items with the grouping's `item` fields (an enum by its value's name: 'SMS'). An item that
 * carries the row's key opens the row as the list does. Fetched once per visit of the tab: the answer is
 * small (a few hundred services at most).
 */
import { useEffect, useState } from 'react';
import { Button, Disclosure, DisclosureGroup, DisclosurePanel, Heading } from 'react-aria-components';
import { labelOf, type Resource } from '../../shared/resources/define';
import { request } from '../api';
import { SERVICE_OF, type Row } from '../api/resources';
import { Icon } from '../components/ui/Icon';
import { notifyFailure } from '../state/toasts';
import { display } from './format';

interface Group { value: string; count: number; items: Row[] }

/** The answer's groups, whatever extra they carry; entries of another shape are skipped rather than drawn blank. */
function groupsOf(r: Resource, answer: unknown): Group[] {
  const g = r.list.groups!;
  const order = r.fields[g.by]?.values ?? [];
  const rank = (v: string) => (order.includes(v) ? order.indexOf(v) : order.length);
  return (Array.isArray(answer) ? answer : [])
    .filter((e): e is Row => !!e && typeof e === 'object' && typeof (e as Row)[g.by] === 'string')
    .map((e) => ({ value: e[g.by] as string, count: Number(e.count ?? 0), items: Array.isArray(e[g.call!.items]) ? e[g.call!.items] as Row[] : [] }))
    .sort((a, b) => rank(a.value) - rank(b.value));
}

export function CalledGroups({ resource: r, onOpen }: { resource: Resource; onOpen(row: Row): void }) {
  const g = r.list.groups!;
  const [groups, setGroups] = useState<Group[] | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let live = true;
    request<unknown>(SERVICE_OF[r.service], 'GET', g.call!.path)
      .then((answer) => live && setGroups(groupsOf(r, answer)))
      .catch((err: unknown) => { if (live) { setFailed(true); notifyFailure(err); } });
    return () => { live = false; };
  }, [r]);

  if (failed) return <p className="group-empty">Could not load the {g.label.toLowerCase()}.</p>;
  if (groups === null) return <span className="spinner spinner-sm" role="status" aria-label="Loading" />;
  if (groups.length === 0) return <p className="group-empty">No Record Found</p>;
  const labels = r.fields[g.by]?.valueLabels;
  return (
    <DisclosureGroup className="group-list" allowsMultipleExpanded>
      {groups.map((group) => {
        const label = labels?.[group.value] ?? group.value;
        return (
          <Disclosure key={group.value} className="group" id={group.value}>
            <Heading level={3} className="group-heading">
              <Button slot="trigger" className="group-trigger">
                <Icon name="chevronRight" size={14} className="group-chevron" />
                <span className="group-count">{group.count.toLocaleString('en')}</span>
                <span className="group-label">{label}</span>
              </Button>
            </Heading>
            <DisclosurePanel className="group-panel">
              <ul className="group-items" aria-label={`${r.labelPlural} in ${label}`}>
                {group.items.map((item, i) => <Item key={String(item[r.key] ?? i)} resource={r} item={item} onOpen={onOpen} />)}
              </ul>
            </DisclosurePanel>
          </Disclosure>
        );
      })}
    </DisclosureGroup>
  );
}

function Item({ resource: r, item, onOpen }: { resource: Resource; item: Row; onOpen(row: Row): void }) {
  const fields = r.list.groups!.item.map((k) => (
    <span key={k} className="group-item-field" title={labelOf(k, r.fields[k])}>
      {r.fields[k]?.valueLabels?.[String(item[k])] ?? display(item[k])}
    </span>
  ));
  const opens = item[r.key] !== undefined && item[r.key] !== null;
  return (
    <li>
      {opens ? <button type="button" className="group-item" onClick={() => onOpen(item)}>{fields}</button> : <span className="group-item">{fields}</span>}
    </li>
  );
}
