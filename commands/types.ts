/**
 * Commands are data (DESIGN §5.5): a stable dotted id, a title, a group, keywords, an optional
 * shortcut, a `can` check and `run(ctx)`. The palette, the `?` sheet, the global key handler and the
 * tooltips all read the same list, so a shortcut shown anywhere is the one that works.
 */
import type { AppAbility } from '../src/shared/abilities';
import type { Resource } from '../src/shared/resources';
import type { OnScreen as RecordOnScreen } from '../src/client/state/on-screen';

/** What a command may look at and do; built by the palette host from the app's stores. */
export interface CommandContext {
  ability: AppAbility;
  role: string;
  /** The signed-in staff member's uid (four-eyes actions are refused on their own rows). */
  uid?: string;
  /** Current path and query string, e.g. '/faqs?state=active'. */
  location: string;
  navigate(to: string): void;
  /**
   * Opens the user a uid, e-mail or phone number names; when it names none or several (the directory
   * filters by prefix), navigates to `fallback` instead, the directory filtered by it.
   */
  openUser(term: string, fallback: string): void;
  /**
   * Whether a path is a route of this build that the route guard lets the user open: the guard's own
   * rule (the matched route's list / edit / add kind), so the palette never offers a page that bounces.
   */
  canOpen(path: string): boolean;
  /** The record the page on screen shows (a user, a blockchain …), published by that page; null elsewhere. */
  record?: RecordOnScreen | null;
  /** The list on screen, for paging / filter / row commands; null elsewhere. */
  list: ListActions | null;
  toggleTheme(): void;
  /** Times in UTC (the spec's default) or in the staff member's own zone everywhere. */
  toggleTimeMode(): void;
  /** Chooses the local zone by IANA name ('Europe/Berlin'); an empty name goes back to the browser's. False: unknown. */
  setTimeZone(zone: string): boolean;
  logout(): void;
  openShortcuts(): void;
}

export interface ListActions {
  resource: Resource;
  nextPage(): void;
  prevPage(): void;
  focusFilter(): void;
  moveRow(delta: number): void;
  openFocused(): void;
  /** Opens the member the focused row names (its user-directory link column); absent where rows name no member. */
  openFocusedMember?(): void;
  deleteFocused(): void;
  /** Rows per page (one of PAGE_SIZES); the view restarts at page 1. */
  setPageSize(limit: number): void;
  /** Fetches the page again (a command changed rows it may show). */
  reload(): void;
  /** Starts the CSV export of the view (every page, its filters and columns); absent where a list has none. */
  exportView?(): void;
  /** Opens the list's saved views (open, save current as…, rename, share, delete). */
  openViews?(): void;
  /** An approval queue's keyboard review (ListDecl.review): decide on the focused row, undo the held decision. */
  review?: { accept(): void; reject(): void; undo(): void };
}

/**
 * A key sequence: each step is a key as `KeyboardEvent.key` spells it, with `mod+` for Ctrl/⌘
 * (`['g', 'p']`, `['?']`, `['mod+k']`).
 */
export type Shortcut = readonly string[];

/** A second palette page: the command asks for text (a search term) or a yes/no confirmation. */
export type CommandPage =
  /**
   * `action` names what Enter does with the text (default: a search, 'Search for “…”'). `validate`
   * returns what is wrong with the (trimmed) text, stating the rule; while it returns anything, Enter
   * shows that in the palette and keeps the text instead of running the command. `suggest` looks the
   * text up (rows by name) and lists what it finds above the input's own item; Enter on one runs that
   * found command (its own confirmation first).
   */
  | {
    kind: 'input'; placeholder: string; action?: string; validate?(arg: string, ctx: CommandContext): readonly string[];
    suggest?(arg: string, ctx: CommandContext): Promise<readonly Found[]>;
    /**
     * A write that needs a yes first (money): Enter on valid text shows this question with its confirm
     * button instead of running; only the confirmation runs the command with the text (Backspace on it
     * goes back to the text).
     */
    confirm?(arg: string, ctx: CommandContext): { question: string; confirmLabel: string };
    /**
     * The argument is a record of this type (a resource name: `users`, `blockchains`): on that record's
     * page the record on screen is the default — `fill` makes the argument from the typed text and the
     * record (by default: no text → the record's id) — and typing another one changes it.
     */
    takes?: { type: string; fill?(text: string, record: RecordOnScreen): string };
  }
  | { kind: 'confirm'; question: string; confirmLabel: string };

/**
 * A command made from a lookup of the typed text (a record found by name, with its toggle). `reason`:
 * why the role may not run it; the palette shows it disabled with that text.
 */
export interface Found { command: Command; reason?: string }

export interface Command {
  /** Stable dotted id: `<area>.<verb>` (`nav.permissions`, `permissions.new`, `session.logout`). */
  id: string;
  title: string;
  group: string;
  keywords?: readonly string[];
  /**
   * What the command's destination is called, besides its title: a screen's name and aliases ("Orders",
   * "kyc"). The palette ranks a match of these like a match of the title, so a noun reaches its screen.
   */
  names?: readonly string[];
  shortcut?: Shortcut;
  /**
   * `palette`: the shortcut is handled elsewhere (Ctrl+K by the shell, Enter/Delete by the grid) and is
   * only shown. Absent: the global key handler runs the command on its shortcut.
   */
  shortcutOwner?: 'elsewhere';
  page?: CommandPage;
  /** Hidden (palette, sheet, keys) when false: a command the user may not run is not offered. */
  can?(ctx: CommandContext): boolean;
  /**
   * When `can` is false: why, if the user should still see the command (disabled, in the palette only,
   * with this reason — "Your role cannot create Market."). Undefined keeps it hidden (no such screen).
   */
  blocked?(ctx: CommandContext): string | undefined;
  /**
   * A promise keeps the palette open until it settles (a lookup before navigating); the messages it
   * resolves to are the failure, shown in the palette while it is open, else as a toast.
   */
  run(ctx: CommandContext, arg?: string): void | Promise<readonly string[] | void>;
}

/**
 * The argument an input page runs with: the typed text, or what its `takes` makes of the text and the
 * record on screen when that record is of the type the page takes (see CommandPage `takes`).
 */
export function argumentOf(c: Command, text: string, ctx: CommandContext): string {
  const takes = c.page?.kind === 'input' ? c.page.takes : undefined;
  const record = ctx.record;
  const typed = text.trim();
  if (!takes || !record || record.type !== takes.type) return typed;
  return takes.fill ? takes.fill(typed, record) : typed || record.id;
}
