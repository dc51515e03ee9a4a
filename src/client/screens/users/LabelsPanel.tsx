/**
 * Labels (spec §5 Label, §6): add with the shared struct's messages, edit one's value and description in place,
 * remove after 'Are you sure?'. An admin may not change labels on a superadmin (disabled with the reason).
 */
import { useState } from 'react';
import type { UserDetail, UserLabel } from '../../api/users';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog';
import { Icon } from '../../components/ui/Icon';
import { removeLabel } from '../../state/user-detail';
import { LabelDialog } from './LabelDialog';
import { Panel, Reasoned } from './Panel';
import type { UserRules } from './rules';

/** A label's icon button (Edit, Remove), disabled with the reason when the role may not. */
function LabelAction({ verb, icon, label, reason, onPress }: {
  verb: 'Edit' | 'Remove'; icon: 'edit' | 'trash'; label: UserLabel; reason?: string; onPress(l: UserLabel): void;
}) {
  return (
    <Reasoned reason={reason}>
      <button type="button" className={`icon-btn u-label-${verb.toLowerCase()}`} disabled={!!reason}
        aria-label={`${verb} label ${label.key}`} onClick={() => onPress(label)}>
        <Icon name={icon} size={14} />
      </button>
    </Reasoned>
  );
}

export function LabelsPanel({ user, rules }: { user: UserDetail; rules: UserRules }) {
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<UserLabel | null>(null);
  const [removing, setRemoving] = useState<UserLabel | null>(null);
  const [pending, setPending] = useState(false);
  const { labelAdd, labelEdit, labelRemove } = rules.reasons;

  const confirmRemove = async () => {
    if (!removing) return;
    setPending(true);
    await removeLabel(removing.key, removing.scope);
    setPending(false);
    setRemoving(null);
  };

  const add = (
    <Reasoned reason={labelAdd}>
      <button type="button" className="btn btn-secondary btn-sm" disabled={!!labelAdd} onClick={() => setAdding(true)}>
        <Icon name="plus" /> Add label
      </button>
    </Reasoned>
  );
  return (
    <Panel title="Labels" actions={add}>
      {user.labels.length === 0 ? <p className="u-empty">No Record Found</p> : (
        <ul className="u-labels">
          {user.labels.map((l) => (
            <li key={`${l.scope}:${l.key}`} className="u-label">
              <span className={`u-label-scope u-label-${l.scope}`}>{l.scope}</span>
              <span className="u-label-key">{l.key}</span>
              <span className="u-label-value">{l.value}</span>
              {/* Always rendered, so the remove button keeps its column when there is no description. */}
              <span className="u-label-desc" title={l.description ?? undefined}>{l.description ?? ''}</span>
              <LabelAction verb="Edit" icon="edit" label={l} reason={labelEdit} onPress={setEditing} />
              <LabelAction verb="Remove" icon="trash" label={l} reason={labelRemove} onPress={setRemoving} />
            </li>
          ))}
        </ul>
      )}
      <LabelDialog uid={user.uid} isOpen={adding} onClose={() => setAdding(false)} />
      {editing && <LabelDialog key={`${editing.scope}:${editing.key}`} uid={user.uid} isOpen editing={editing} onClose={() => setEditing(null)} />}
      <ConfirmDialog isOpen={removing !== null} title="Are you sure?" confirmLabel="Delete" tone="danger" pending={pending}
        onConfirm={confirmRemove} onCancel={() => setRemoving(null)}>
        The {removing?.scope} label <strong>{removing?.key}: {removing?.value}</strong> will be removed from {user.email}.
      </ConfirmDialog>
    </Panel>
  );
}
