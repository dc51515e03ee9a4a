/** Palette rows: one command with its shortcut, and the items of a command's second page. */
import { memo } from 'react';
import { Command as Cmdk } from 'cmdk';
import type { Command } from '../../../../commands';
import type { FoundState } from './use-found';
import { Icon, type IconName } from '../ui/Icon';
import { QueueCount } from '../layout/QueueCount';
import { queueOfCommand } from '../../state/live-counts';
import { Kbd } from './Kbd';
import { keywordsOf, madeValue } from './rank';

interface ItemProps {
  command: Command;
  /** Runs the row's command; the same function for every row, so a row re-renders only when it changes. */
  onRun(command: Command): void;
  icon?: IconName;
  /** cmdk's identity of the row; the command id unless the same command shows twice (recent). */
  value?: string;
  forceMount?: boolean;
  /** Why the role may not run it: the row is shown disabled with this text. */
  reason?: string;
}

const GROUP_ICON: Record<string, IconName> = { Navigation: 'arrowRight', Create: 'plus', Find: 'search', List: 'keyboard', General: 'settings' };

/**
 * One command's row. Memoized: the palette re-renders its list on every key, and its ~200 rows re-rendered
 * with it were most of a key's cost; cmdk shows, hides and selects a row through its own store.
 */
export const CommandItem = memo(function CommandItem({ command: c, onRun, icon, value, forceMount, reason }: ItemProps) {
  // Only a row that goes to a queue watches the live counts.
  const queue = queueOfCommand(c.id);
  return (
    <Cmdk.Item value={value ?? c.id} keywords={keywordsOf(c)} onSelect={reason ? undefined : () => onRun(c)} forceMount={forceMount} disabled={!!reason}
      className={reason ? 'palette-item palette-item-blocked' : 'palette-item'}>
      <Icon name={icon ?? GROUP_ICON[c.group] ?? 'arrowRight'} size={15} className="palette-item-icon" />
      <span className="palette-item-title">{c.title}</span>
      {queue && <QueueCount queue={queue} />}
      {reason && <span className="palette-item-reason">{reason}</span>}
      {c.shortcut && !reason && <Kbd shortcut={c.shortcut} />}
    </Cmdk.Item>
  );
});

interface PageProps {
  command: Command;
  arg: string;
  /** What the input page's `suggest` found for the text. */
  found: FoundState;
  onRun(arg?: string): void;
  /** Enter on a found row: its own command (a confirmation page). */
  onPick(command: Command): void;
  onBack(): void;
}

export function PageItems({ command: c, arg, found, onRun, onPick, onBack }: PageProps) {
  if (c.page?.kind === 'confirm') {
    return (
      <Cmdk.Group heading={c.page.question}>
        <Cmdk.Item value="confirm" onSelect={() => onRun()} className="palette-item palette-item-danger">
          <Icon name="logout" size={15} className="palette-item-icon" />
          <span className="palette-item-title">{c.page.confirmLabel}</span>
        </Cmdk.Item>
        <Cmdk.Item value="cancel" onSelect={onBack} className="palette-item">
          <Icon name="arrowLeft" size={15} className="palette-item-icon" />
          <span className="palette-item-title">Cancel</span>
        </Cmdk.Item>
      </Cmdk.Group>
    );
  }
  const term = arg.trim();
  const suggests = c.page?.kind === 'input' && !!c.page.suggest && term !== '';
  return (
    <Cmdk.Group heading={c.title.replace(/…$/, '')}>
      {found.items.map(({ command: f, reason }, i) => (
        <CommandItem key={f.id} command={f} icon="settings" value={madeValue('found', i, f.id)} reason={reason} onRun={onPick} />
      ))}
      {suggests && found.items.length === 0 && (
        <div className="palette-empty" role="status">{found.loading ? 'Looking up…' : `Nothing matches “${term}”`}</div>
      )}
      <Cmdk.Item value="run" onSelect={() => onRun(term)} className="palette-item">
        <Icon name="search" size={15} className="palette-item-icon" />
        <span className="palette-item-title">
          {c.page?.kind === 'input' && c.page.action
            ? <>{c.page.action}{term ? <> “{term}”</> : '…'}</>
            : term ? <>Search for “{term}”</> : 'Show all'}
        </span>
        <Kbd shortcut={['Enter']} />
      </Cmdk.Item>
    </Cmdk.Group>
  );
}
