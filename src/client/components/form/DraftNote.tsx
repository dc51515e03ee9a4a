/** The "Draft restored" note over a form that reopened with a kept draft, and its Discard. */
import { formatDate } from '../../resource-ui/format';
import { Icon } from '../ui/Icon';

export function DraftNote({ at, onDiscard }: { at: number | null; onDiscard(): void }) {
  if (at === null) return null;
  return (
    <div className="draft-note" role="status">
      <Icon name="refresh" size={14} />
      <span>Draft restored <span className="draft-note-when">(saved {formatDate(new Date(at))} UTC)</span></span>
      <button type="button" className="btn btn-ghost btn-sm" onClick={onDiscard}>Discard draft</button>
    </div>
  );
}
