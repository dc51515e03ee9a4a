/**
 * Page-size dropdown (10/25/50/100) and a paginator of 5 page links (spec §2, §9). Links stop where offsets
 * stop (paging.ts); past that, Previous / Next follow the server's cursors and the page number shows alone.
 */
import { PAGE_SIZES } from '../../shared/list-query';
import type { TotalKind } from '../api/http';
import { Icon } from '../components/ui/Icon';
import { totalText, type PageMove, type PagingModel } from './paging';

interface Props {
  page: number;
  limit: number;
  /** null: the server sent no Total. */
  total: number | null;
  totalKind: TotalKind;
  rowsOnPage: number;
  model: PagingModel;
  onMove(move: PageMove): void;
  onLimit(limit: number): void;
}

const fmt = (n: number) => n.toLocaleString('en-US');

export function Pager({ page, limit, total, totalKind, rowsOnPage, model, onMove, onLimit }: Props) {
  const first = (page - 1) * limit + 1;
  const last = (page - 1) * limit + rowsOnPage;
  return (
    <nav className="pager" aria-label="Pagination">
      <label className="pager-size">
        <span>Rows per page</span>
        <select className="select-native" value={limit} onChange={(e) => onLimit(Number(e.target.value))}>
          {PAGE_SIZES.map((n) => <option key={n} value={n}>{n}</option>)}
        </select>
      </label>
      <span className="pager-range" aria-live="polite">
        {rowsOnPage === 0 ? 'No rows' : <>{fmt(first)}–{fmt(last)}{total !== null && <> of {totalText(total, totalKind)}</>}</>}
      </span>
      <div className="pager-links">
        <button type="button" className="pager-btn" onClick={() => model.prev && onMove(model.prev)} disabled={!model.prev}
          aria-label="Previous page" title="Previous page ([)">
          <Icon name="chevronLeft" size={14} />
        </button>
        {model.links.map((p) => (
          <button key={p} type="button" className="pager-btn" aria-current={p === page ? 'page' : undefined}
            aria-label={`Page ${p}`} onClick={() => onMove({ page: p, cursor: undefined })}>
            {p}
          </button>
        ))}
        {(model.beyond || model.more) && <span className="pager-gap" aria-hidden="true">…</span>}
        {model.beyond && <span className="pager-btn pager-current" aria-current="page" aria-label={`Page ${page}`}>{fmt(page)}</span>}
        <button type="button" className="pager-btn" onClick={() => model.next && onMove(model.next)} disabled={!model.next}
          aria-label="Next page" title={model.next ? 'Next page (])' : 'No more pages'}>
          <Icon name="chevronRight" size={14} />
        </button>
      </div>
    </nav>
  );
}
