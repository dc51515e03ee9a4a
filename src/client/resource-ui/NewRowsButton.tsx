/**
 * "N new rows" above a live list (use-live-rows.ts): rows that match the filters arrived where the page on
 * screen does not show them. Pressing it opens where they are. The region is always in the page, so the
 * button's arrival (and a growing count) is announced politely; it is an ordinary button in the Tab order.
 */
import type { LiveRows } from './use-live-rows';

export function NewRowsButton({ live }: { live: LiveRows }) {
  const { fresh, more } = live;
  const text = `${fresh.toLocaleString('en-US')}${more ? '+' : ''} new ${fresh === 1 && !more ? 'row' : 'rows'}`;
  return (
    <div className="list-live" aria-live="polite">
      {fresh > 0 && (
        <button type="button" className="btn btn-sm list-new-rows" onClick={live.showFresh} title="Show the new rows">
          {text}
        </button>
      )}
    </div>
  );
}
