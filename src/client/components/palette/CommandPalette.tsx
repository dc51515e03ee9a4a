/**
 * The command palette (cmdk), opened with Ctrl/⌘+K from anywhere. It lists the commands the user may
 * run, jump targets for pasted ids, e-mails and codes, and recent picks; a command that needs an
 * argument or a confirmation opens a second page (Backspace on an empty input goes back).
 */
import { useMemo, useState, type KeyboardEvent } from 'react';
import { Command as Cmdk } from 'cmdk';
import { useSnapshot } from 'valtio';
import { jumpsFor, type Command, type CommandContext, type Jump } from '../../../../commands';
import { closePalette, palette } from '../../state/palette';
import { recent, remember } from '../../state/recent';
import { Icon } from '../ui/Icon';
import { CommandItem, PageItems } from './PaletteItems';
import { useCommandSource } from './use-commands';
import './palette.css';

/** Known groups in this order; a screen's own groups (Dashboard, User, ...) come after Find, before List. */
const GROUP_ORDER = ['Navigation', 'Create', 'Find', '*', 'List', 'General'];
const rank = (g: string) => (GROUP_ORDER.includes(g) ? GROUP_ORDER.indexOf(g) : GROUP_ORDER.indexOf('*'));

function groupsOf(commands: Command[]): [string, Command[]][] {
  const map = new Map<string, Command[]>();
  for (const c of commands) map.set(c.group, [...(map.get(c.group) ?? []), c]);
  return [...map.entries()].sort(([a], [b]) => rank(a) - rank(b));
}

export function CommandPalette() {
  const { open } = useSnapshot(palette);
  // Mounted only while open, so every opening starts fresh: empty input, first page, current abilities.
  return open ? <PaletteDialog /> : null;
}

function PaletteDialog() {
  const source = useCommandSource();
  const ctx = useMemo<CommandContext>(() => source.context(), [source]);
  const commands = useMemo(() => source.commands(ctx), [source, ctx]);
  const { items: recentItems } = useSnapshot(recent);
  const [search, setSearch] = useState('');
  const [page, setPage] = useState<Command | null>(null);
  const jumps = useMemo(() => (page ? [] : jumpsFor(search, ctx).map((j) => jumpCommand(j))), [page, search, ctx]);

  const run = (c: Command, arg?: string, path?: string, term?: string) => {
    if (c.page && !page) {
      setPage(c);
      setSearch('');
      return;
    }
    closePalette();
    remember({ id: c.id, title: c.title, path, ...(term ? { term } : {}) });
    c.run(ctx, arg);
  };
  const back = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Backspace' && page && search === '') {
      e.preventDefault();
      setPage(null);
    }
  };
  const recentShown = search === '' && !page
    ? recentItems.flatMap((r) => {
      if (r.path) return [{ ...r, command: jumpCommand({ id: r.id, title: r.title, path: r.path, term: r.term }, 'Recent') }];
      const c = commands.find((x) => x.id === r.id);
      return c ? [{ ...r, command: c }] : [];
    })
    : [];

  return (
    <Cmdk.Dialog open onOpenChange={(o) => !o && closePalette()} label="Command palette" loop
      shouldFilter={!page} overlayClassName="palette-overlay" contentClassName="palette" className="palette-inner">
      <div className="palette-input-row">
        <Icon name="search" size={16} className="palette-search-icon" />
        {page && <span className="palette-crumb">{page.title.replace(/…$/, '')}</span>}
        <Cmdk.Input value={search} onValueChange={setSearch} onKeyDown={back} className="palette-input"
          placeholder={page?.page?.kind === 'input' ? page.page.placeholder : page ? '' : 'Type a command, or paste a uid, e-mail, #id…'} />
      </div>
      <Cmdk.List className="palette-list">
        {page ? <PageItems command={page} arg={search} onRun={(arg) => run(page, arg)} onBack={() => setPage(null)} /> : (
          <>
            {/* Jump items are force-mounted, so cmdk does not count them: a jump is a match too. */}
            {jumps.length === 0 && <Cmdk.Empty className="palette-empty">No matching commands</Cmdk.Empty>}
            {jumps.length > 0 && (
              <Cmdk.Group heading="Jump to" forceMount>
                {jumps.map((c) => <CommandItem key={c.id} command={c} icon="arrowRight" forceMount value={`jump ${c.id}`} onRun={() => run(c, undefined, c.path, c.term)} />)}
              </Cmdk.Group>
            )}
            {recentShown.length > 0 && (
              <Cmdk.Group heading="Recent">
                {recentShown.map((r) => <CommandItem key={`recent-${r.id}-${r.path ?? ''}`} command={r.command} value={`recent ${r.id} ${r.path ?? ''}`} icon="clock"
                  onRun={() => run(r.command, undefined, r.path, r.term)} />)}
              </Cmdk.Group>
            )}
            {groupsOf(commands).map(([group, list]) => (
              <Cmdk.Group key={group} heading={group}>
                {list.map((c) => <CommandItem key={c.id} command={c} onRun={() => run(c)} />)}
              </Cmdk.Group>
            ))}
          </>
        )}
      </Cmdk.List>
      <footer className="palette-footer" aria-hidden="true">
        <span><kbd>↑</kbd><kbd>↓</kbd> move</span>
        <span><kbd>↵</kbd> run</span>
        {page && <span><kbd>⌫</kbd> back</span>}
        <span><kbd>Esc</kbd> close</span>
        <span className="palette-footer-right"><kbd>?</kbd> all shortcuts</span>
      </footer>
    </Cmdk.Dialog>
  );
}

/** A jump as a command that remembers its path (and term), so a recent jump can be replayed. */
function jumpCommand(j: Jump, group = 'Jump to'): Command & Jump {
  return {
    id: j.id, title: j.title, group, path: j.path, term: j.term,
    run: (c) => (j.term ? c.openUser(j.term, j.path) : c.navigate(j.path)),
  };
}
