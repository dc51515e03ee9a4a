/**
 * A list's grouping tab (ListDecl.groups: payment settings by continent). An accordion: one header per
 * value of the grouping field — its name and how many rows hold it, from a one-row list call filtered by
 * the value (its Total) — that opens to those rows (the list call filtered by the value, a page at a
 * time), each showing the group's `item` fields and opening as a row of the list does. A grouping with
 * a `call` draws its groups from that call's answer instead (CalledGroups: the services' Continents).
 * Headers are buttons, so Tab and Enter or Space reach everything from the keyboard.
 */
import { useEffect, useState } from 'react';
import { Button, Disclosure, DisclosureGroup, DisclosurePanel, Heading } from 'react-aria-components';
import { useLocation, useSearch } from 'wouter';
import { keyOf, labelOf, type Resource } from '../../shared/resources/define';
import { listRows, offers, type Row } from '../api/resources';
import { useAbility } from '../access';
import { HeaderActions, HeaderAddButton } from '../components/layout/header-slots';
import { Icon } from '../components/ui/Icon';
import { notifyFailure } from '../state/toasts';
import { display } from './format';
import { canAdd, newPath, rememberListUrl, rowPath } from './presentation';
import { CalledGroups } from './CalledGroups';

/** Rows fetched per page of an open group; the largest page every dialect allows. */
const GROUP_PAGE = 100;

export function GroupedList({ resource: r }: { resource: Resource }) {
  const g = r.list.groups!;
  const values = r.fields[g.by]?.values ?? [];
  const ability = useAbility();
  const [path, navigate] = useLocation();
  const [counts, setCounts] = useState<Record<string, number | null>>({});
  // A row's form returns here (Back, Save) when it was opened from this tab.
  const search = useSearch();
  useEffect(() => rememberListUrl(r, search ? `${path}?${search}` : path), [r, path, search]);

  useEffect(() => {
    if (g.call) return;
    let live = true;
    for (const v of values) {
      listRows(r, { page: 1, limit: 1, [g.by]: v })
        .then((res) => live && setCounts((c) => ({ ...c, [v]: res.total ?? res.rows.length })))
        .catch(() => live && setCounts((c) => ({ ...c, [v]: null })));
    }
    return () => { live = false; };
  }, [r]);

  return (
    <div className="page list-page">
      <HeaderActions>
        {offers(r, 'create') && canAdd(r) && ability.can(r.abilityFor.create, r.subject) && (
          <HeaderAddButton routeKey={r.route} entity={r.label} onPress={() => navigate(newPath(r))} />
        )}
      </HeaderActions>
      {g.call ? <CalledGroups resource={r} onOpen={(row) => navigate(rowPath(r, keyOf(r, row)))} /> : (
        <DisclosureGroup className="group-list" allowsMultipleExpanded>
          {values.map((v) => (
            <Group key={v} resource={r} value={v} label={r.fields[g.by]?.valueLabels?.[v] ?? v} count={counts[v]}
              onOpen={(row) => navigate(rowPath(r, keyOf(r, row)))} />
          ))}
        </DisclosureGroup>
      )}
    </div>
  );
}

function Group({ resource: r, value, label, count, onOpen }: {
  resource: Resource; value: string; label: string; count: number | null | undefined; onOpen(row: Row): void;
}) {
  const g = r.list.groups!;
  const [open, setOpen] = useState(false);
  const [rows, setRows] = useState<Row[] | null>(null);
  const [total, setTotal] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);

  const load = async (page: number) => {
    setBusy(true);
    try {
      const res = await listRows(r, { page, limit: GROUP_PAGE, ordering: r.list.ordering, order_by: r.orderBy, [g.by]: value });
      setRows((before) => [...(page === 1 ? [] : before ?? []), ...res.rows]);
      setTotal(res.total);
    } catch (err) {
      notifyFailure(err);
    } finally {
      setBusy(false);
    }
  };
  // The rows load when the group first opens, not with the page: most staff open one continent.
  useEffect(() => { if (open && rows === null) void load(1); }, [open]);

  const countText = count === undefined ? '…' : count === null ? '?' : count.toLocaleString('en');
  return (
    <Disclosure className="group" isExpanded={open} onExpandedChange={setOpen} id={value}>
      <Heading level={3} className="group-heading">
        <Button slot="trigger" className="group-trigger">
          <Icon name="chevronRight" size={14} className="group-chevron" />
          <span className="group-count">{countText}</span>
          <span className="group-label">{label}</span>
        </Button>
      </Heading>
      <DisclosurePanel className="group-panel">
        {rows === null ? <span className="spinner spinner-sm" role="status" aria-label="Loading" /> : rows.length === 0
          ? <p className="group-empty">No Record Found</p>
          : (
            <ul className="group-items" aria-label={`${r.labelPlural} in ${label}`}>
              {rows.map((row) => (
                <li key={String(keyOf(r, row))}>
                  <button type="button" className="group-item" onClick={() => onOpen(row)}>
                    {g.item.map((k) => (
                      <span key={k} className="group-item-field" title={labelOf(k, r.fields[k])}>{display(row[k])}</span>
                    ))}
                  </button>
                </li>
              ))}
            </ul>
          )}
        {rows !== null && total !== null && rows.length < total && (
          <button type="button" className="btn btn-ghost btn-sm" disabled={busy} onClick={() => void load(rows.length / GROUP_PAGE + 1)}>
            Show more ({(total - rows.length).toLocaleString('en')})
          </button>
        )}
      </DisclosurePanel>
    </Disclosure>
  );
}
