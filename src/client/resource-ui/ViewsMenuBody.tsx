/**
 * The open "Views" dialog of a list (issue 17 item 2): the views of this list the staff member sees
 * (their own and those shared with their role), each opened with Enter; "Save current view as…" with a
 * name; and for the owner's own views Rename, Share with a role (or no one) and Delete. react-aria gives
 * it the focus trap, Escape and focus restore. Failures show inline, in the server's words. Below, the columns
 * on screen, chosen one by one (a column declared `hidden` is chosen back here).
 */
import { useState, type FormEvent } from 'react';
import { useSnapshot } from 'valtio';
import { useLocation, useSearch } from 'wouter';
import { Button, Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { columnId, type Resource } from '../../shared/resources/define';
import { COLUMNS_PARAM, type SavedView, type ViewQuery } from '../../shared/saved-views';
import { columnLabel, defaultColumns } from './columns';
import { getConfig } from '../config';
import { errorText } from '../i18n/error-text';
import { ConfirmDialog } from '../components/ui/ConfirmDialog';
import { deleteView, renameView, savedViews, saveView, shareView } from '../state/saved-views';
import { notify } from '../state/toasts';

export interface ViewsMenuProps {
  resource: Resource;
  /** The view on screen, as "Save current view as…" stores it. */
  current: ViewQuery;
  onOpenView(v: SavedView): void;
  onClose(): void;
}


/**
 * Whom a view is shared with: choosing a role is not sharing (arrow keys on a native select change its value at
 * each press, and each change wrote an audited share for every role passed on the way); the Share button, or
 * Enter on the select, sends the choice. Remounted (key) when the server's answer changes the view's role.
 */
function ShareWith({ v, act }: { v: SavedView; act(fn: () => Promise<void>, done: string): void }) {
  const [role, setRole] = useState(v.role ?? '');
  const changed = role !== (v.role ?? '');
  const commit = () => {
    if (changed) act(() => shareView(v.id, role || null), role ? `View shared with ${role}` : 'View no longer shared');
  };
  return (
    <form className="view-share" onSubmit={(e) => { e.preventDefault(); commit(); }}>
      <select className="input input-sm" aria-label={`Share view ${v.name} with`} value={role}
        onChange={(e) => setRole(e.target.value)} onKeyDown={(e) => { if (e.key === 'Enter') { e.preventDefault(); commit(); } }}>
        <option value="">No one</option>
        {getConfig().allowedRoles.map((r) => <option key={r} value={r}>{r}</option>)}
      </select>
      <button type="submit" className="btn btn-ghost btn-sm" disabled={!changed} aria-label={`Share view ${v.name}`}>Share</button>
    </form>
  );
}

function ViewRow({ v, onOpen, setError }: { v: SavedView; onOpen(): void; setError(e: string | null): void }) {
  const [renaming, setRenaming] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const act = (fn: () => Promise<void>, done: string) => { setError(null); fn().then(() => notify('success', done)).catch((e) => setError(errorText(e))); };
  const rename = (e: FormEvent) => {
    e.preventDefault();
    if (renaming !== null) act(() => renameView(v.id, renaming).then(() => setRenaming(null)), `View renamed to “${renaming.trim()}”`);
  };
  return (
    <li className="view-row">
      {renaming === null
        ? <Button className="btn btn-ghost btn-sm view-open" onPress={onOpen} aria-label={`Open view ${v.name}`}>{v.name}</Button>
        : (
          <form onSubmit={rename} className="view-rename">
            <input className="input input-sm" aria-label={`New name of view ${v.name}`} value={renaming} autoFocus maxLength={60}
              onChange={(e) => setRenaming(e.target.value)} onKeyDown={(e) => { if (e.key === 'Escape') { e.stopPropagation(); setRenaming(null); } }} />
            <button type="submit" className="btn btn-primary btn-sm">Rename</button>
          </form>
        )}
      <span className="view-meta">{v.mine ? (v.role ? `shared with ${v.role}` : 'only you') : `shared by ${v.owner_uid}`}</span>
      {v.mine && renaming === null && (
        <span className="view-actions">
          <Button className="btn btn-ghost btn-sm" onPress={() => setRenaming(v.name)} aria-label={`Rename view ${v.name}`}>Rename</Button>
          <ShareWith key={v.role ?? ''} v={v} act={act} />
          <Button className="btn btn-ghost btn-sm" onPress={() => setConfirming(true)} aria-label={`Delete view ${v.name}`}>Delete</Button>
          <ConfirmDialog isOpen={confirming} title={`Delete view “${v.name}”?`} confirmLabel="Delete" tone="danger" onCancel={() => setConfirming(false)}
            onConfirm={() => { setConfirming(false); act(() => deleteView(v.id), `View “${v.name}” deleted`); }}>
            {v.role && <p>It is shared with {v.role}: they lose it too.</p>}
          </ConfirmDialog>
        </span>
      )}
    </li>
  );
}

/**
 * The columns on screen, each a checkbox (declared order): a column declared `hidden` is chosen back here, a shown
 * one left out. The choice is the URL's `?columns=` (so "Save current view as…" keeps it); the default set
 * leaves the URL without it.
 */
function ColumnChoice({ r, current }: { r: Resource; current: ViewQuery }) {
  const [path, navigate] = useLocation();
  const search = useSearch();
  const shown = new Set(current.columns ?? defaultColumns(r));
  const choose = (id: string, on: boolean) => {
    const next = r.columns.map(columnId).filter((c) => (c === id ? on : shown.has(c)));
    if (next.length === 0) return; // A list shows at least one column.
    const q = new URLSearchParams(search);
    if (next.join(',') === defaultColumns(r).join(',')) q.delete(COLUMNS_PARAM);
    else q.set(COLUMNS_PARAM, next.join(','));
    const qs = q.toString();
    navigate(qs ? `${path}?${qs}` : path, { replace: true });
  };
  return (
    <fieldset className="view-columns">
      <legend className="field-label">Columns</legend>
      {r.columns.map((c) => {
        const id = columnId(c);
        return (
          <label key={id} className="view-column">
            <input type="checkbox" checked={shown.has(id)} onChange={(e) => choose(id, e.target.checked)} />
            {columnLabel(r, c)}
          </label>
        );
      })}
    </fieldset>
  );
}

export default function ViewsMenuBody({ resource: r, current, onOpenView, onClose }: ViewsMenuProps) {
  const { views } = useSnapshot(savedViews);
  const mine = (views as SavedView[]).filter((v) => v.list === r.name);
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const save = (e: FormEvent) => {
    e.preventDefault();
    setSaving(true);
    setError(null);
    saveView(name, r, current)
      .then((v) => { notify('success', `View “${v.name}” saved`); setName(''); })
      .catch((err) => setError(errorText(err)))
      .finally(() => setSaving(false));
  };
  return (
    <ModalOverlay className="modal-overlay" isOpen isDismissable onOpenChange={(open) => !open && onClose()}>
      <Modal className="modal views-modal">
        <Dialog className="dialog views-dialog">
          <Heading slot="title" className="dialog-title">Saved views · {r.labelPlural}</Heading>
          <div className="dialog-body">
            <form onSubmit={save} className="view-save">
              <label className="field-label" htmlFor="view-name">Save current view as…</label>
              <div className="view-save-row">
                <input id="view-name" className="input" value={name} maxLength={60} autoFocus placeholder="Name"
                  onChange={(e) => setName(e.target.value)} />
                <button type="submit" className="btn btn-primary btn-sm" disabled={saving || name.trim() === ''}>Save</button>
              </div>
            </form>
            {error && <p className="field-error" role="alert">{error}</p>}
            {mine.length === 0
              ? <p className="muted">No saved views of this list yet.</p>
              : <ul className="view-list" aria-label="Saved views">{mine.map((v) => <ViewRow key={v.id} v={v} onOpen={() => onOpenView(v)} setError={setError} />)}</ul>}
            <ColumnChoice r={r} current={current} />
          </div>
          <div className="dialog-actions">
            <Button className="btn btn-ghost" onPress={onClose}>Close</Button>
          </div>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
