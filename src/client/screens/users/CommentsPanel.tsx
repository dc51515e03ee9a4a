/**
 * Staff comments on the user: the newest first, older ones a page at a time, add, edit in place, delete
 * after 'Are you sure?' (spec §7 Comments). The comments come from state/user-comments.ts.
 */
import { useRef, useState } from 'react';
import { useSnapshot } from 'valtio';
import type { UserComment } from '../../api/users';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog';
import { Field } from '../../components/ui/Field';
import { Icon } from '../../components/ui/Icon';
import { createComment, loadOlderComments, removeComment, updateComment, userComments } from '../../state/user-comments';
import { Panel } from './Panel';
import { Timestamp } from '../../components/ui/Timestamp';

function CommentForm({ initial, submitLabel, onSave, onCancel }: {
  initial?: UserComment; submitLabel: string; onSave(title: string, data: string): Promise<boolean>; onCancel?(): void;
}) {
  const [title, setTitle] = useState(initial?.title ?? '');
  const [data, setData] = useState(initial?.data ?? '');
  const [saving, setSaving] = useState(false);
  const ready = title.trim() !== '' && data.trim() !== '' && (title !== initial?.title || data !== initial?.data);
  const save = async () => {
    setSaving(true);
    const ok = await onSave(title.trim(), data.trim());
    setSaving(false);
    if (ok && !initial) { setTitle(''); setData(''); }
  };
  return (
    <form className="u-comment-form" onSubmit={(e) => { e.preventDefault(); if (ready) void save(); }}>
      <Field label="Title" name="title" value={title} maxLength={64} onChange={(e) => setTitle(e.target.value)} />
      <div className="field">
        <label className="field-label" htmlFor={`comment-${initial?.id ?? 'new'}`}>Comment</label>
        <textarea id={`comment-${initial?.id ?? 'new'}`} className="input textarea" rows={3} value={data}
          onChange={(e) => setData(e.target.value)}
          onKeyDown={(e) => { if (e.key === 'Enter' && (e.metaKey || e.ctrlKey) && ready) { e.preventDefault(); void save(); } }} />
      </div>
      <div className="u-comment-actions">
        {onCancel && <button type="button" className="btn btn-ghost btn-sm" onClick={onCancel}>Cancel</button>}
        <button type="submit" className="btn btn-secondary btn-sm" disabled={!ready || saving}>{submitLabel}</button>
      </div>
    </form>
  );
}

/** "Load older comments": a plain button, so Tab reaches it and Enter or Space loads the next page. */
function LoadOlder({ remaining, loading, onLoaded }: { remaining: number; loading: boolean; onLoaded(): void }) {
  return (
    <button type="button" className="btn btn-ghost btn-sm u-comments-older" aria-disabled={loading || undefined}
      onClick={async () => { if (!loading) { await loadOlderComments(); onLoaded(); } }}>
      {loading ? 'Loading older comments…' : `Load older comments (${remaining} more)`}
    </button>
  );
}

/**
 * `reason`: why the viewer may not write comments (rules.ts; the server refuses the same roles), shown
 * in place of the form and the edit and delete buttons.
 */
export function CommentsPanel({ reason }: { reason?: string }) {
  const { list, total, loading } = useSnapshot(userComments);
  const [editing, setEditing] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<UserComment | null>(null);
  const [pending, setPending] = useState(false);
  const listRef = useRef<HTMLUListElement>(null);
  const confirmDelete = async () => {
    if (!deleting) return;
    setPending(true);
    await removeComment(deleting.id);
    setPending(false);
    setDeleting(null);
  };
  // When the last page arrives the button goes away; focus stays in the panel instead of falling to the page.
  const afterLoad = () => { if (userComments.list.length >= userComments.total) listRef.current?.focus(); };
  return (
    <Panel title="Comments">
      {list.length === 0 && <p className="u-empty">No comments yet</p>}
      {total > list.length && <p className="u-muted u-comments-count">Showing the newest {list.length} of {total}</p>}
      <ul className="u-comments" ref={listRef} tabIndex={-1} aria-label="Comments, newest first">
        {list.map((c) => (
          <li key={c.id} className="u-comment">
            {editing === c.id ? (
              <CommentForm initial={c} submitLabel="Save comment" onCancel={() => setEditing(null)}
                onSave={async (t, d) => { const ok = await updateComment(c.id, t, d); if (ok) setEditing(null); return ok; }} />
            ) : (
              <>
                <div className="u-comment-head">
                  <strong>{c.title}</strong>
                  <span className="u-muted"><Timestamp value={c.created_at} /></span>
                  {!reason && (
                    <span className="u-comment-tools">
                      <button type="button" className="icon-btn" aria-label={`Edit comment ${c.title}`} onClick={() => setEditing(c.id)}>
                        <Icon name="edit" size={14} />
                      </button>
                      <button type="button" className="icon-btn" aria-label={`Delete comment ${c.title}`} onClick={() => setDeleting(c)}>
                        <Icon name="trash" size={14} />
                      </button>
                    </span>
                  )}
                </div>
                <p className="u-comment-body">{c.data}</p>
              </>
            )}
          </li>
        ))}
      </ul>
      {total > list.length && list.length > 0 && <LoadOlder remaining={total - list.length} loading={loading} onLoaded={afterLoad} />}
      {reason ? <p className="u-muted u-comments-locked">{reason}</p> : <CommentForm submitLabel="Add comment" onSave={createComment} />}
      <ConfirmDialog isOpen={deleting !== null} title="Are you sure?" confirmLabel="Delete" tone="danger" pending={pending}
        onConfirm={confirmDelete} onCancel={() => setDeleting(null)}>
        The comment “{deleting?.title}” will be deleted.
      </ConfirmDialog>
    </Panel>
  );
}
