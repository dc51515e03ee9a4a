/** Page-size dropdown (10/25/50/100) and a paginator of 5 page links (spec §2, §9). */
import { PAGE_SIZES, pageCount, pageLinks } from '../../shared/list-query';
import { Icon } from '../components/ui/Icon';

interface Props {
  page: number;
  limit: number;
  /** null: the server sent no Total; paging then goes on while pages come back full. */
  total: number | null;
  rowsOnPage: number;
  estimated: boolean;
  onPage(page: number): void;
  onLimit(limit: number): void;
}

const fmt = (n: number) => n.toLocaleString('en-US');

export function Pager({ page, limit, total, rowsOnPage, estimated, onPage, onLimit }: Props) {
  const pages = total === null ? page + (rowsOnPage === limit ? 1 : 0) : pageCount(total, limit);
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
        {rowsOnPage === 0 ? 'No rows' : <>{fmt(first)}–{fmt(last)}{total !== null && <> of {estimated ? '≈ ' : ''}{fmt(total)}</>}</>}
      </span>
      <div className="pager-links">
        <button type="button" className="pager-btn" onClick={() => onPage(page - 1)} disabled={page <= 1}
          aria-label="Previous page" title="Previous page ([)">
          <Icon name="chevronLeft" size={14} />
        </button>
        {pageLinks(page, pages).map((p) => (
          <button key={p} type="button" className="pager-btn" aria-current={p === page ? 'page' : undefined}
            aria-label={`Page ${p}`} onClick={() => onPage(p)}>
            {p}
          </button>
        ))}
        <button type="button" className="pager-btn" onClick={() => onPage(page + 1)} disabled={page >= pages}
          aria-label="Next page" title="Next page (])">
          <Icon name="chevronRight" size={14} />
        </button>
      </div>
    </nav>
  );
}
