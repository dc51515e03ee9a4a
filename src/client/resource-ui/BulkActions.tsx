/**
 * A list's bulk actions (BulkDef: orders' "Cancel all" on the list filtered to state wait): a header
 * button while the filters hold the action's `when`, a confirmation naming how many rows match, then
 * batches — the first `batch` matching rows read again each time (acted-on rows leave the filter),
 * their keys sent to the action's call — with a progress bar and a Stop between batches. The server
 * skips rows no longer in the state, so a stopped or failed run can simply be run again.
 */
import { useRef, useState } from 'react';
import { toRequestQuery, type ListState } from '../../shared/list-query';
import { keyOf, type BulkDef, type Resource } from '../../shared/resources/define';
import { listRows, runBulk } from '../api/resources';
import { reasonFor, useAbility } from '../access';
import { HeaderActions } from '../components/layout/header-slots';
import { ConfirmDialog } from '../components/ui/ConfirmDialog';
import { notifyFailure, notifySuccess } from '../state/toasts';
import { counted } from '../i18n';

/** The bulk actions the list's filters allow now. */
export const offeredBulk = (r: Resource, filters: Readonly<Record<string, string>>): BulkDef[] =>
  (r.bulk ?? []).filter((b) => Object.entries(b.when).every(([k, v]) => filters[k] === v));

interface Props {
  resource: Resource;
  state: ListState;
  /** A scoped list's own parameters (a user's open orders: uid and state), sent and matched like filters. */
  fixed?: Readonly<Record<string, string>>;
  /** How many rows match, as the list counted them (null: unknown). */
  total: number | null;
  /** `?bulk=<name>` opens the confirmation (the palette lands there). */
  open: string | null;
  onOpen(name: string | null): void;
  onDone(def: BulkDef): void;
}

export function BulkActions({ resource: r, state, fixed, total, open, onOpen, onDone }: Props) {
  const ability = useAbility();
  const [progress, setProgress] = useState<{ done: number; of: number | null } | null>(null);
  const stop = useRef(false);
  const offered = offeredBulk(r, { ...state.filters, ...fixed });
  const active = offered.find((b) => b.name === open);
  const allowed = (b: BulkDef) => ability.can(b.ability, r.subject);
  const rows = (n: number) => counted(n, r.label.toLowerCase(), r.labelPlural.toLowerCase());

  const run = async (b: BulkDef) => {
    stop.current = false;
    let done = 0;
    let last = '';
    setProgress({ done, of: total });
    try {
      for (;;) {
        if (stop.current) break;
        const page = await listRows(r, { ...toRequestQuery({ ...state, page: 1, limit: b.batch, cursor: undefined }, r.service), ...fixed });
        const keys = page.rows.map((row) => keyOf(r, row));
        if (!keys.length) break;
        // The same rows again with nothing acted on: they cannot be, so stop rather than loop.
        const batch = JSON.stringify(keys);
        const acted = await runBulk(r, b, keys);
        if (acted === 0 && batch === last) throw new Error(`${rows(keys.length)} could not be changed`);
        last = batch;
        done += acted;
        setProgress({ done, of: total });
      }
      notifySuccess(stop.current ? `Stopped: ${done.toLocaleString('en-US')} done` : b.success);
      onDone(b);
    } catch (err) {
      notifyFailure(err);
    } finally {
      setProgress(null);
      onOpen(null);
    }
  };

  if (!offered.length) return null;
  const count = total === null ? `every matching ${r.label.toLowerCase()}` : rows(total);
  return (
    <>
      <HeaderActions>
        {offered.map((b) => (
          <button key={b.name} type="button" className="btn btn-ghost btn-sm" disabled={!allowed(b) || !!progress}
            title={allowed(b) ? undefined : reasonFor(b.ability, r.subject)} onClick={() => onOpen(b.name)}>{b.label}</button>
        ))}
      </HeaderActions>
      <ConfirmDialog isOpen={!!active && allowed(active)} title={`${active?.label ?? ''}: ${count}?`}
        confirmLabel={progress ? 'Working…' : active?.label ?? 'Confirm'} cancelLabel={progress ? 'Stop' : 'Cancel'} tone="danger"
        pending={!!progress} onConfirm={() => { if (!progress && active) void run(active); }}
        onCancel={() => { if (progress) stop.current = true; else onOpen(null); }}>
        {progress ? (
          <div className="bulk-progress" role="status">
            <progress value={progress.done} max={progress.of ?? undefined} />
            <span>{progress.done.toLocaleString('en-US')}{progress.of !== null ? ` of ${progress.of.toLocaleString('en-US')}` : ''} done</span>
          </div>
        ) : (
          <p>Every {r.label.toLowerCase()} the current filters match, in batches of {active?.batch}. It can be stopped between batches and run again.</p>
        )}
      </ConfirmDialog>
    </>
  );
}
