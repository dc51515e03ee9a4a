/**
 * The command palette (cmdk), opened with Ctrl/⌘+K from anywhere. It lists the commands the user may
 * run, jump targets for pasted ids, e-mails and codes, and recent picks; a command that needs an
 * argument or a confirmation opens a second page (Backspace on an empty input goes back). The list
 * follows the page while open (a page that finishes loading adds its commands), and what is wrong with
 * the typed text shows under the input, which keeps the text and the focus.
 */
import { useCallback, useEffect, useId, useLayoutEffect, useMemo, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { Command as Cmdk } from 'cmdk';
import { useSnapshot } from 'valtio';
import { argumentOf, FOUND_GROUP, jumpsFor, openRowDetail, USERS_FOUND_GROUP, type Command, type Jump } from '../../../../commands';
import { t } from '../../i18n';
import { closePalette } from '../../state/palette';
import { recent, remember } from '../../state/recent';
import { notify } from '../../state/toasts';
import { Icon } from '../ui/Icon';
import { CommandItem, PageItems } from './PaletteItems';
import { commandFilter, groupsFor, JUMP_GROUP, madeValue } from './rank';
import { useCommandSource, useCommandsVersion } from './use-commands';
import { useFound, useFoundUsers } from './use-found';
import { loadExchangeCodes } from '../../state/exchange-codes';
import { loadViews } from '../../state/saved-views';
import { session } from '../../state/session';
import { records } from '../../state/records';
import { rememberValues } from '../../state/filter-values';
import type { Completion } from '../../../shared/filter-completion';
import { FilterItems, filterValues } from './FilterItems';
import { filterTitle, useFilterQuery } from './filter-query';
import { RecordItems } from './RecordItems';
import type { EarlyKeys, EarlyTyping } from './early-keys';
import { EarlyEnter } from './EarlyEnter';
import './palette.css';

/** The text an Enter typed before the palette was there followed; none for an Enter typed before anything else. */
const earlyEnter = (t: EarlyTyping): string | null => (t.enter && t.text.trim() !== '' ? t.text : null);

export default function PaletteDialog({ early }: { early: EarlyKeys }) {
  const source = useCommandSource();
  const version = useCommandsVersion();
  const ctx = useMemo(() => source.context(), [source, version]);
  const commands = useMemo(() => source.commands(ctx), [source, ctx]);
  const blocked = useMemo(() => source.blocked(ctx), [source, ctx]);
  const { items: recentItems } = useSnapshot(recent);
  const { pins, recent: recentRecords } = useSnapshot(records);
  // What was typed while the palette's code loaded is its first text (CommandPalette caught it).
  const [search, setSearch] = useState(() => early.current.text);
  const [enterAfter, setEnterAfter] = useState(() => earlyEnter(early.current));
  useLayoutEffect(() => {
    // Keys typed while this rendered, and until the input has the focus.
    const take = (t: EarlyTyping) => { setSearch(t.text); setEnterAfter(earlyEnter(t)); };
    take(early.current);
    early.follow(take);
    return () => early.follow(null);
  }, [early]);
  const listRef = useRef<HTMLDivElement>(null);
  const earlyDone = useCallback(() => setEnterAfter(null), []);
  const focused = (e: FocusEvent<HTMLInputElement>) => {
    early.stop();
    // The caret after the text typed so far, so the next key goes on from it.
    const end = e.currentTarget.value.length;
    e.currentTarget.setSelectionRange(end, end);
  };
  const [page, setPage] = useState<Command | null>(null);
  // The text an input page's `confirm` question is asked about, while it is on screen.
  const [confirming, setConfirming] = useState<string | null>(null);
  const [problems, setProblems] = useState<readonly string[]>([]);
  const busy = useRef(false);
  const mounted = useRef(true);
  useEffect(() => () => { mounted.current = false; }, []);
  useEffect(() => { loadExchangeCodes(ctx.ability, session.user?.uid ?? ''); void loadViews(session.user?.uid ?? '', true); }, [ctx.ability]);
  const problemsId = useId();
  const jumps = useMemo(() => (page ? [] : jumpsFor(search, ctx).map((j) => jumpCommand(j))), [page, search, ctx]);
  const found = useFound(search, ctx, page);
  // Users by name or e-mail prefix: listed under the commands, never selected by themselves.
  const users = useFoundUsers(search, ctx, page);
  // `orders state:wait since:7d`: the list filtered (filter-query.ts), with completions of what is typed.
  const query = useFilterQuery(search, ctx, !page);
  const filter = useMemo(() => {
    // Jumps and found rows score by their values alone (madeValue).
    const byValue = new Map<string, Command>([...commands.map((c) => [c.id, c] as const), ...blocked.map((b) => [`blocked ${b.command.id}`, b.command] as const)]);
    return commandFilter((value) => byValue.get(value));
  }, [commands, blocked]);
  // The selected item, held here so rows found after the typing paused take the selection: Enter acts on them.
  const [selected, setSelected] = useState('');
  useEffect(() => {
    const first = found.items.findIndex((f) => !f.reason);
    if (first >= 0) setSelected(madeValue('found', first, found.items[first]!.command.id));
  }, [found.items]);
  // A user found takes the selection only when nothing else holds it (no command matched the text).
  useEffect(() => {
    const first = users.items[0];
    if (first && !listRef.current?.querySelector('[cmdk-item][aria-selected="true"]')) setSelected(madeValue('user', 0, first.command.id));
  }, [users.items]);
  // An unfinished key or value selects its first completion (Enter completes it); else Enter opens the query.
  useEffect(() => {
    if (!query) return;
    const v = filterValues(query);
    setSelected(query.completing ? v.completions[0]! : v.open);
  }, [query]);

  const check = (c: Command, arg: string) => (c.page?.kind === 'input' ? c.page.validate?.(arg, ctx) ?? [] : []);
  const run = (c: Command, arg?: string) => {
    // A command's page opens first; a row found from an input page opens its own confirmation.
    if (c.page && page !== c) {
      setPage(c);
      setConfirming(null);
      setSearch('');
      setProblems([]);
      return;
    }
    if (busy.current) return;
    const invalid = check(c, arg ?? '');
    if (invalid.length > 0) { setProblems(invalid); return; }
    if (c.page?.kind === 'input' && c.page.confirm && confirming === null) {
      setConfirming(arg ?? '');
      setSearch('');
      return;
    }
    const { path, term, lookup } = c as Partial<Jump>;
    // A row found by name is not replayed from Recent: its change was worked out from the row as it was.
    const done = () => c.group !== FOUND_GROUP && remember({ id: c.id, title: c.title, path, ...(term ? { term } : {}), ...(lookup ? { lookup } : {}) });
    const result = c.run(ctx, arg);
    if (!result) {
      closePalette();
      done();
      return;
    }
    // A lookup first: the palette stays open, so a failure can be shown where the text was typed.
    busy.current = true;
    void result.catch(() => ['Server error']).then((failed) => {
      busy.current = false;
      if (failed && failed.length > 0) {
        if (mounted.current) setProblems(failed);
        else notify('error', failed);
        return;
      }
      done();
      if (mounted.current) closePalette();
    });
  };
  // A query with problems is never opened: Enter shows them where the text is typed.
  const openQuery = () => {
    if (!query) return;
    if (query.parsed.problems.length > 0) { setProblems(query.parsed.problems); return; }
    rememberValues(ctx.uid ?? '', query.parsed);
    remember({ id: 'filter.open', title: `Open ${filterTitle(query.parsed)}`, path: query.url });
    closePalette();
    ctx.navigate(query.url);
  };
  const complete = (c: Completion) => { setSearch(c.text); setProblems([]); };
  const type = (value: string) => {
    setSearch(value);
    // Once shown, a problem follows the text (and goes when the text is valid); a jump's failure goes on typing.
    if (problems.length > 0) setProblems(page ? check(page, value.trim()) : []);
  };
  const unconfirm = () => { setSearch(confirming ?? ''); setConfirming(null); setProblems([]); };
  const back = (e: KeyboardEvent<HTMLInputElement>) => {
    // Tab puts the selected completion (else the first) in the text.
    if (e.key === 'Tab' && !e.shiftKey && query && query.completions.length > 0) {
      e.preventDefault();
      const at = filterValues(query).completions.indexOf(selected);
      complete(query.completions[Math.max(0, at)]!);
      return;
    }
    if (e.key === 'Backspace' && page && search === '') {
      e.preventDefault();
      if (confirming !== null) { unconfirm(); return; }
      setPage(null);
      setProblems([]);
    }
  };
  // The list is rebuilt only when what it shows changes, not when the selection moves (cmdk reports
  // every move to `selected`): hundreds of rows re-rendered per key were the palette's cost.
  const latestRun = useRef(run);
  latestRun.current = run;
  const act = useCallback((c: Command, arg?: string) => latestRun.current(c, arg), []);
  // A pinned or recent record opens its page (which puts it on top of the recent records).
  const go = (path: string) => { closePalette(); ctx.navigate(path); };
  const latestQuery = useRef({ open: openQuery, complete, go });
  latestQuery.current = { open: openQuery, complete, go };
  const list = useMemo(() => {
    const recentShown = search === '' && !page
      ? recentItems.flatMap((r) => {
        if (r.path) return [{ ...r, command: jumpCommand({ id: r.id, title: r.title, path: r.path, term: r.term, lookup: r.lookup }, 'Recent') }];
        const c = commands.find((x) => x.id === r.id);
        return c ? [{ ...r, command: c }] : [];
      })
      : [];
    if (page?.page?.kind === 'input' && page.page.confirm && confirming !== null) {
      const asked: Command = { ...page, page: { kind: 'confirm', ...page.page.confirm(confirming, ctx) } };
      return <PageItems command={asked} arg="" found={found} onRun={() => act(page, confirming)} onPick={NOTHING} onBack={unconfirm} />;
    }
    // An input page's argument defaults to the record on screen when it takes one (a user's uid on their page).
    return page ? <PageItems command={page} arg={argumentOf(page, search, ctx)} found={found} onRun={(arg) => act(page, arg)} onPick={act} onBack={() => setPage(null)} /> : (
      <>
        {/* Jump and found items are force-mounted, so cmdk does not count them: they are matches too. */}
        {jumps.length === 0 && found.items.length === 0 && users.items.length === 0 && !query && <Cmdk.Empty className="palette-empty">No matching commands</Cmdk.Empty>}
        {query && <FilterItems query={query} onOpen={() => latestQuery.current.open()} onComplete={(c) => latestQuery.current.complete(c)} />}
        {search === '' && !page && <RecordItems pins={pins} recent={recentRecords} onOpen={(path) => latestQuery.current.go(path)} />}
        {jumps.length > 0 && (
          <Cmdk.Group heading={JUMP_GROUP} forceMount>
            {jumps.map((c, i) => <CommandItem key={c.id} command={c} icon="arrowRight" forceMount value={madeValue('jump', i, c.id)} onRun={act} />)}
          </Cmdk.Group>
        )}
        {found.items.length > 0 && (
          <Cmdk.Group heading={FOUND_GROUP} forceMount>
            {found.items.map(({ command: c, reason }, i) => <CommandItem key={c.id} command={c} icon="settings" forceMount value={madeValue('found', i, c.id)}
              reason={reason} onRun={act} />)}
          </Cmdk.Group>
        )}
        {recentShown.length > 0 && (
          <Cmdk.Group heading="Recent">
            {recentShown.map((r) => <CommandItem key={`recent-${r.id}-${r.path ?? ''}-${r.lookup?.id ?? ''}`} command={r.command}
              value={`recent ${r.id} ${r.path ?? ''} ${r.lookup?.id ?? ''}`} icon="clock" onRun={act} />)}
          </Cmdk.Group>
        )}
        {groupsFor(commands, search).map(([group, list]) => (
          <Cmdk.Group key={group} heading={group}>
            {list.map((c) => <CommandItem key={c.id} command={c} onRun={act} />)}
          </Cmdk.Group>
        ))}
        {users.items.length > 0 && (
          <Cmdk.Group heading={USERS_FOUND_GROUP} forceMount>
            {users.items.map(({ command: c }, i) => <CommandItem key={c.id} command={c} icon="users" forceMount value={madeValue('user', i, c.id)} onRun={act} />)}
          </Cmdk.Group>
        )}
        {search.trim() !== '' && blocked.length > 0 && (
          <Cmdk.Group heading="Not available to your role">
            {blocked.map(({ command: c, reason }) => <CommandItem key={`blocked ${c.id}`} command={c} value={`blocked ${c.id}`} reason={reason} onRun={act} />)}
          </Cmdk.Group>
        )}
      </>
    );
  }, [page, search, found, users, jumps, commands, blocked, recentItems, confirming, ctx, query, pins, recentRecords, act]);

  return (
    <Cmdk.Dialog open onOpenChange={(o) => !o && closePalette()} label="Command palette" loop filter={filter} value={selected} onValueChange={setSelected}
      shouldFilter={!page} overlayClassName="palette-overlay" contentClassName="palette" className="palette-inner">
      <div className="palette-input-row">
        <Icon name="search" size={16} className="palette-search-icon" />
        {page && <span className="palette-crumb">{page.title.replace(/…$/, '')}</span>}
        <Cmdk.Input value={search} onValueChange={type} onKeyDown={back} onFocus={focused} autoFocus className="palette-input"
          aria-invalid={problems.length > 0 || (query?.inline.length ?? 0) > 0 || undefined}
          aria-describedby={problems.length > 0 || (query?.inline.length ?? 0) > 0 ? problemsId : undefined}
          placeholder={page?.page?.kind === 'input' ? page.page.placeholder : page ? '' : 'Type a command, or paste a uid, e-mail, tx id, #id, "order 42"…'} />
      </div>
      {problems.length > 0 && (
        <div role="alert" id={problemsId} className="palette-problems">
          {problems.map((m) => <p key={m}>{t(m)}</p>)}
        </div>
      )}
      {problems.length === 0 && query && query.inline.length > 0 && (
        <div role="status" id={problemsId} className="palette-problems">
          {query.inline.map((m) => <p key={m}>{m}</p>)}
        </div>
      )}
      {search === '' && !page && (
        <p className="palette-hint-line">Filter a list: <code>orders state:wait since:7d</code> — <kbd>Tab</kbd> completes, <kbd>?</kbd> shows the syntax</p>
      )}
      <Cmdk.List ref={listRef} className="palette-list">{list}</Cmdk.List>
      {enterAfter !== null && !page && <EarlyEnter text={enterAfter} list={listRef} onDone={earlyDone} />}
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

const NOTHING = () => undefined;

/** A jump as a command that remembers its path (and term or lookup), so a recent jump can be replayed. */
function jumpCommand(j: Jump, group = JUMP_GROUP): Command & Jump {
  return {
    ...j, group,
    run: (c) => (j.lookup ? openRowDetail(c, j.lookup) : j.term ? c.openUser(j.term, j.path) : c.navigate(j.path)),
  };
}
