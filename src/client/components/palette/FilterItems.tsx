/**
 * The palette's "Filter a list" group: the query the text makes (Enter opens the list filtered), and the
 * completions of the key or value being typed (Enter or Tab puts one in the text). Force-mounted like jumps:
 * they are made from the text itself. While a key or value is unfinished its completions come first, so the
 * first item — the one selected — completes it; once it is finished the query comes first and Enter opens it.
 */
import { Command as Cmdk } from 'cmdk';
import type { Completion } from '../../../shared/filter-completion';
import { Icon } from '../ui/Icon';
import { Kbd } from './Kbd';
import { filterTitle, type FilterQuery } from './filter-query';
import { madeValue } from './rank';

export const FILTER_GROUP = 'Filter a list';

/** The cmdk values of the group's items, in the order shown. */
export function filterValues(q: FilterQuery): { open: string; completions: string[] } {
  const first = q.completing ? 0 : 1;
  return {
    open: madeValue('filter', q.completing ? q.completions.length : 0, 'open'),
    completions: q.completions.map((c, i) => madeValue('filter', first + i, c.label)),
  };
}

export function FilterItems({ query, onOpen, onComplete }: { query: FilterQuery; onOpen(): void; onComplete(c: Completion): void }) {
  const { parsed, completions, inline, completing } = query;
  const values = filterValues(query);
  const open = (
    <Cmdk.Item key="open" forceMount value={values.open} onSelect={onOpen} className="palette-item">
      <Icon name="filter" size={15} className="palette-item-icon" />
      <span className="palette-item-title">Open {filterTitle(parsed)}</span>
      {inline.length > 0 ? <span className="palette-item-reason">{inline.length === 1 ? '1 problem' : `${inline.length} problems`}</span> : <Kbd shortcut={['Enter']} />}
    </Cmdk.Item>
  );
  const items = completions.map((c, i) => (
    <Cmdk.Item key={c.text} forceMount value={values.completions[i]} onSelect={() => onComplete(c)} className="palette-item">
      <Icon name={c.recent ? 'clock' : 'arrowRight'} size={15} className="palette-item-icon" />
      <span className="palette-item-title">{c.label}</span>
      {(c.detail || c.recent) && <span className="palette-item-reason">{c.recent ? 'recent' : c.detail}</span>}
    </Cmdk.Item>
  ));
  return (
    <Cmdk.Group heading={FILTER_GROUP} forceMount>
      {completing ? [...items, open] : [open, ...items]}
    </Cmdk.Group>
  );
}
