/**
 * Type-ahead in a list of choices (issue 29 item 2): the letters typed within a second of each other pick
 * the choice whose code or label is exactly that text, else the first label it starts, from the current
 * choice on. Browsers and react-aria pick the first label that starts with the text, in list order: with
 * the currencies in id order (btc, eth, usdt, trst, usd) `usd` chose usdt. One rule for every select:
 * the form's choice field (FormField, react-aria) and every native `<select>` (selectTypeAhead, installed
 * once for the whole console by GlobalKeys).
 */

export interface Choice { value: string; label: string }

/** How long the letters of one search may be apart, as in react-aria and the browsers. */
export const TYPE_AHEAD_MS = 1000;

const same = (a: string, b: string) => a.localeCompare(b, undefined, { sensitivity: 'base' }) === 0;
const starts = (label: string, typed: string) => same(label.slice(0, typed.length), typed);

/**
 * The index of the choice `typed` picks, -1 for none: an exact code or label first, then the first label
 * it starts from the current choice `from` on (wrapping). One letter, or the same letter again and again,
 * steps to the next label it starts, as browsers do (`u`, `u`: usdt, then usd).
 */
export function choiceForTyping(choices: readonly Choice[], typed: string, from = -1): number {
  if (typed === '') return -1;
  const exact = choices.findIndex((c) => same(c.value, typed) || same(c.label, typed));
  if (exact >= 0) return exact;
  const n = choices.length;
  const letter = [...typed][0]!;
  const stepping = [...typed].every((ch) => ch === letter);
  // From the current choice on: `us` keeps usdt, on which `u` landed; a stepping letter starts after it.
  const start = Math.max(0, stepping ? from + 1 : from);
  const ring = Array.from({ length: n }, (_, i) => (start + i) % n);
  const found = ring.find((i) => starts(choices[i]!.label, stepping ? letter : typed));
  return found ?? -1;
}

/** The letters typed so far into each list (one search per element, ended by a pause or a miss). */
const searches = new WeakMap<object, { text: string; at: number }>();

/**
 * What `key` does in the list of `owner` whose current choice is `from`: undefined when it is not the
 * list's (a named key, a lone space that opens the list, a first letter that starts no choice: a list
 * shortcut such as `]`); else the text typed so far with it and the choice it picks, -1 when the search
 * it continues finds nothing more (the key is the list's, and does nothing; the next key starts afresh).
 */
export function typeAhead(owner: object, key: string, choices: readonly Choice[], from: number, now = Date.now()): { typed: string; at: number } | undefined {
  if ([...key].length !== 1) return undefined;
  const last = searches.get(owner);
  const going = !!last && now - last.at <= TYPE_AHEAD_MS;
  const typed = going ? last!.text + key : key;
  if (typed === ' ') return undefined;
  const at = choiceForTyping(choices, typed, from);
  if (at < 0) {
    searches.delete(owner);
    return going ? { typed, at } : undefined;
  }
  searches.set(owner, { text: typed, at: now });
  return { typed, at };
}

/**
 * Type-ahead for native `<select>`s, as a capture listener on the document: a key that picks an option
 * sets it (input and change events, as the browser's own would) and goes no further, so no page shortcut
 * runs. (A select whose list is open is the browser's own: its keys do not reach the page.)
 */
export function selectTypeAhead(e: KeyboardEvent): void {
  const select = e.target;
  if (!(select instanceof HTMLSelectElement) || select.multiple || select.disabled) return;
  if (e.ctrlKey || e.metaKey || e.altKey || e.isComposing || e.defaultPrevented) return;
  const options = [...select.options];
  const found = typeAhead(select, e.key, options.map((o) => ({ value: o.value, label: o.text.trim() })), select.selectedIndex);
  if (!found) return;
  e.preventDefault();
  e.stopPropagation();
  if (found.at < 0 || options[found.at]!.disabled || found.at === select.selectedIndex) return;
  select.selectedIndex = found.at;
  select.dispatchEvent(new Event('input', { bubbles: true }));
  select.dispatchEvent(new Event('change', { bubbles: true }));
}
