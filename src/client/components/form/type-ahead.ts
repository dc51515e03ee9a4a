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

/** The letters typed so far into each list (one search per element, reset after a pause). */
const searches = new WeakMap<object, { text: string; at: number }>();

/** `key` added to the search of `owner` (a new search after a pause); undefined for a key that types nothing. */
export function typedInto(owner: object, key: string, now = Date.now()): string | undefined {
  if ([...key].length !== 1) return undefined;
  const last = searches.get(owner);
  const text = last && now - last.at <= TYPE_AHEAD_MS ? last.text + key : key;
  // A space only continues a search ("united s"); on its own it opens the list.
  if (text === ' ') return undefined;
  searches.set(owner, { text, at: now });
  return text;
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
  const typed = typedInto(select, e.key);
  if (typed === undefined) return;
  const options = [...select.options];
  const at = choiceForTyping(options.map((o) => ({ value: o.value, label: o.text.trim() })), typed, select.selectedIndex);
  // A key that starts nothing is left to others (a list shortcut); one that ends a search's matches does
  // nothing, rather than let the browser start a search of its own from that key.
  if (at < 0 && [...typed].length === 1) return;
  e.preventDefault();
  e.stopPropagation();
  if (at < 0 || options[at]!.disabled || at === select.selectedIndex) return;
  select.selectedIndex = at;
  select.dispatchEvent(new Event('input', { bubbles: true }));
  select.dispatchEvent(new Event('change', { bubbles: true }));
}
