/**
 * How the palette orders commands for the typed text (cmdk's `filter`, whose score sorts the items of
 * each group; groupsFor orders the groups): what was typed first. cmdk's own fuzzy score alone put "Go to Beneficiaries" above "Ban this
 * user…" for `ban`, because it matches letters anywhere in the id and keywords. A command is matched on its
 * title and on its `names` (a screen's name and aliases: "Orders", "kyc"), so a noun reaches its screen and
 * a verb its actions: an action's title starts with its verb ("Cancel open orders of user…"), a screen's
 * names with its noun. Tiers, best first:
 *   6. a name or the title is exactly the typed words (`orders` → Orders, `kyc` → Pending Applications);
 *   5. it starts with the typed words, whole (`ban` → "Ban this user…", not "Banxa Transactions");
 *   4. it starts with them, the last one a prefix (`withdraw` → Withdrawals, `perm` → Permissions);
 *   3. every typed word starts a word of the title or a name (`orders` → "Cancel open orders of user…");
 *   2. every typed word starts a word of the title, names or keywords (`dark` → the theme toggle);
 *   fuzzy: cmdk's score, scaled below every word match, so `g` still finds "Toggle …".
 * Within a tier the page's own commands (User on a user page, Dashboard, ...) come before navigation.
 */
import { defaultFilter } from 'cmdk';
import { FOUND_GROUP, type Command } from '../../../../commands';

/** The palette's group of jump targets: generated from the typed text itself, so always first. */
export const JUMP_GROUP = 'Jump to';

/** Group order of the untyped palette; '*' stands for a screen's own groups (User, Dashboard, ...). */
const GROUP_ORDER = ['Navigation', 'Create', 'Find', '*', 'List', 'General'];
/**
 * Tie order once text is typed: the page's own commands first. The untyped order keeps navigation on
 * top so Enter on an empty palette never starts a change to the record on screen.
 */
const TIE_ORDER = ['*', 'Navigation', 'Create', 'Find', 'List', 'General'];

const indexIn = (order: readonly string[], group: string) => (order.includes(group) ? order.indexOf(group) : order.indexOf('*'));

const groupRank = (group: string): number => indexIn(GROUP_ORDER, group);

const wordsOf = (text: string): string[] => text.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter(Boolean);

/** 6, 5 or 4 when `words` start with the typed words (see the tiers above), else 0. */
function startTier(words: string[], typed: string[]): number {
  const last = typed.length - 1;
  if (!typed.every((w, i) => (i < last ? words[i] === w : words[i]?.startsWith(w)))) return 0;
  if (words[last] !== typed[last]) return 4;
  return words.length === typed.length ? 6 : 5;
}

/** A command's words, worked out once per command (the palette scores every command on every key). */
interface Words { titles: string[][]; own: string[]; all: string[]; keywords: string[] }
const wordCache = new WeakMap<Command, Words>();
function wordsOfCommand(c: Command): Words {
  let w = wordCache.get(c);
  if (!w) {
    const titles = [c.title, ...(c.names ?? [])].map(wordsOf);
    const own = titles.flat();
    w = { titles, own, all: [...own, ...(c.keywords ?? []).flatMap(wordsOf)], keywords: [c.title, ...(c.names ?? []), ...(c.keywords ?? [])] };
    wordCache.set(c, w);
  }
  return w;
}

function tier(c: Command, typed: string[]): number {
  const { titles, own, all } = wordsOfCommand(c);
  const start = Math.max(...titles.map((t) => startTier(t, typed)));
  if (start > 0) return start;
  const starts = (pool: string[]) => typed.every((w) => pool.some((p) => p.startsWith(w)));
  if (starts(own)) return 3;
  return starts(all) ? 2 : 0;
}

/** What cmdk's fuzzy score reads besides the command id (CommandItem passes the same). */
export const keywordsOf = (c: Command): string[] => wordsOfCommand(c).keywords;

/**
 * The scores of the last text scored: cmdk's filter and groupsFor both score every command for the same text
 * on every key, and a score depends on the command and the text alone. `before` holds the text's scores
 * before the last key when the text grew by it: a command that matched nothing then matches nothing now, as
 * more text only narrows — a word tier needs every typed word (a longer last word, or one more word, asks
 * more), and cmdk's fuzzy score needs each typed character in order but for a skipped one after a matched
 * one, so a match of the longer text passes through a match of the shorter (tests/unit/palette-rank.test.ts
 * checks it against scoring afresh). Most commands stop matching after a few keys, and scoring them
 * fuzzily was most of what the rest of the keys cost.
 */
interface Scored { search: string; scores: WeakMap<Command, number>; before: Scored | null }
let scored: Scored = { search: '', scores: new WeakMap(), before: null };

/** The score of one command for `search`: above 1 for a word match, (0, 1) fuzzy, 0 hidden. */
export function scoreCommand(c: Command, search: string): number {
  // Made from the typed text itself (jumps, rows found by name): always a match.
  if (c.group === JUMP_GROUP || c.group === FOUND_GROUP) return 10;
  if (scored.search !== search) {
    const grew = scored.search !== '' && search.startsWith(scored.search);
    scored = { search, scores: new WeakMap(), before: grew ? { ...scored, before: null } : null };
  }
  let score = scored.scores.get(c);
  if (score === undefined) {
    score = scored.before?.scores.get(c) === 0 ? 0 : scoreAfresh(c, search);
    scored.scores.set(c, score);
  }
  return score;
}

/** The score worked out from the command and the text alone (scoreCommand remembers it). */
export function scoreAfresh(c: Command, search: string): number {
  const typed = wordsOf(search);
  const t = typed.length > 0 ? tier(c, typed) : 0;
  if (t === 0) return defaultFilter(c.id, search, keywordsOf(c)) * 0.9;
  // A tie-break under 0.5, so it never lifts a command over the next tier.
  return t + (TIE_ORDER.length - indexIn(TIE_ORDER, c.group)) / (2 * TIE_ORDER.length);
}

/**
 * The cmdk value of an item made from the typed text (a jump, a row found by name): its place in the
 * value, so the filter keeps the order it was made in. cmdk sorts equal scores by when an item first
 * mounted, and scores a new search with the filter of the render before: "de" listed Denmark, kept from
 * "d", above Germany.
 */
export const madeValue = (kind: 'jump' | 'found' | 'filter' | 'user', place: number, id: string): string => `${kind} ${place} ${id}`;
const MADE = /^(?:jump|found|filter|user) (\d+) /;

/** cmdk's `filter` for items whose value is a command's identity (see CommandItem's `value`). */
export function commandFilter(commandOf: (value: string) => Command | undefined) {
  return (value: string, search: string, keywords?: string[]): number => {
    const made = MADE.exec(value);
    if (made) return 10 - Number(made[1]) / 1000;
    const c = commandOf(value);
    return c ? scoreCommand(c, search) : defaultFilter(value, search, keywords);
  };
}

/**
 * The palette's groups in order: GROUP_ORDER untyped, else by their best command's score. cmdk sorts
 * the items inside a group by the filter's score but (1.1.1) never moves the groups themselves: it
 * looks them up by id where it stamped their heading, so the palette orders them.
 */
export function groupsFor(commands: readonly Command[], search: string): [string, Command[]][] {
  const map = new Map<string, Command[]>();
  for (const c of commands) map.set(c.group, [...(map.get(c.group) ?? []), c]);
  const groups = [...map.entries()].sort(([a], [b]) => groupRank(a) - groupRank(b));
  if (!search.trim()) return groups;
  const best = (list: Command[]) => Math.max(...list.map((c) => scoreCommand(c, search)));
  return groups.map((g) => [g, best(g[1])] as const).sort((a, b) => b[1] - a[1]).map(([g]) => g);
}
