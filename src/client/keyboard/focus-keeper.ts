/**
 * The focus never stays on <body> (issue 29 item 7). When a dialog closes or an action ends and what held
 * the focus is gone (the user page reloads its panels after Lock funds, Verify takes its own button away,
 * Cancel all empties the list, a palette command's dialog has no opener left), the focus goes to:
 *  1. what opened the dialog (or last held the focus outside dialogs), if it is still there;
 *  2. the element now standing in its place — the same id, else same tag, name and panel — outside dialogs and grids;
 *  3. the first button (else link or field) of the panel it was in (`section[aria-label]`: Verify done, Profile
 *     offers Add profile), else that panel itself (made focusable), so Tab goes on from there;
 *  4. the page's content, `#main`, where Tab, j and the list's own row memory go on from.
 *
 * Whatever the page does itself goes first: the place is chosen a task and a frame after the loss, and
 * only if the focus is still on the body then (react-aria's own restore, a list putting its row back,
 * the shell focusing a new page's content). Two places are left to the page's own memory: a new page
 * (the path changed: the shell focuses its content), and a grid's row (a row that left: `#main` is "free"
 * for use-row-focus, which puts the row's place back once the rows are drawn; a namesake or a panel's
 * control there would stand in its way, and a namesake cell can be another row's). A click on the page's
 * background that leaves the focus on the body is the user's choice and stays.
 *
 * While a dialog is open the focus never leaves it: one whose focused button was disabled while it works
 * (Cancel all's "Working…") takes the focus itself.
 *
 * A dialog that takes the focus itself hands it to its first field: react-aria focuses the dialog when its
 * field's autofocus waits for the modal's entry transition (a keyboard Enter on the opener, the second
 * Scan block dialog opened from the palette).
 */

const DIALOG = '[role="dialog"], [role="alertdialog"]';
const GRID = '.data-grid';
const REGION = 'section[aria-label], section[aria-labelledby]';
const CONTROL = 'button:not([disabled]), a[href], input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled])';
const FIELD = 'input:not([type="hidden"]):not([disabled]), textarea:not([disabled]), select:not([disabled])';

/** What an element is called, to find the one that replaced it: its label, else its text. */
const nameOf = (el: Element) => (el.getAttribute('aria-label') ?? el.textContent ?? '').trim();
const regionOf = (el: Element) => {
  const r = el.closest(REGION);
  return r ? `${r.getAttribute('aria-label') ?? ''}|${r.getAttribute('aria-labelledby') ?? ''}` : null;
};

interface Place { el: HTMLElement; tag: string; name: string; region: string | null; inGrid: boolean; path: string }

const usable = (el: HTMLElement) =>
  el.isConnected && !el.closest('[inert], [aria-hidden="true"]') && !(el as HTMLButtonElement).disabled;
/** A stand-in may be anywhere on the page but in a dialog, a grid or the notifications. */
const standIn = (el: HTMLElement) => usable(el) && !el.closest(`${DIALOG}, ${GRID}, [data-react-aria-top-layer]`);

/** Where the focus goes back to for a place that lost it, or null: `#main`. */
function targetOf(p: Place, doc: Document): HTMLElement | null {
  if (usable(p.el)) return p.el;
  if (p.inGrid) return null;
  // The same control drawn again (a picker whose options arrived): its id names it, whatever its text now.
  const again = p.el.id ? doc.getElementById(p.el.id) : null;
  if (again && standIn(again)) return again;
  const regions = p.region ? [...doc.querySelectorAll<HTMLElement>(REGION)].filter((r) => regionOf(r) === p.region) : [];
  const within = (e: HTMLElement) => !p.region || regions.some((r) => r.contains(e));
  const same = p.name
    ? [...doc.querySelectorAll<HTMLElement>(p.tag)].find((e) => standIn(e) && within(e) && nameOf(e) === p.name)
    : undefined;
  if (same) return same;
  // A button first (Verify gone: Add profile), then a link or a field; not a time's tooltip (it would pop up).
  for (const selector of ['button:not([disabled])', CONTROL]) {
    for (const r of regions) {
      const first = [...r.querySelectorAll<HTMLElement>(selector)].find(standIn);
      if (first) return first;
    }
  }
  // A panel with nothing left to press: the panel itself, so Tab goes on from there.
  const panel = regions.find((r) => standIn(r));
  if (panel && !panel.hasAttribute('tabindex')) panel.tabIndex = -1;
  return panel ?? null;
}

export function installFocusKeeper(doc: Document = document): () => void {
  const win = doc.defaultView!;
  const path = () => win.location.pathname;
  /** The last focused element outside every dialog, and the one each dialog was opened from. */
  let outside: Place | null = null;
  let opener: Place | null = null;
  const openers = new WeakMap<Element, Place | null>();
  /** A pointer went down on something since the focus last moved: a click, not a loss. */
  let clicked: EventTarget | null = null;
  let timer = 0, frame = 0;

  const restore = () => {
    timer = frame = 0;
    if (doc.activeElement && doc.activeElement !== doc.body) return;
    if (clicked instanceof Node && clicked.isConnected) return;
    // A dialog still open (its focused button was disabled while it works): the focus stays in it.
    const open = [...doc.querySelectorAll<HTMLElement>(DIALOG)].at(-1);
    if (open) return void open.focus({ preventScroll: true });
    const from = opener ?? outside;
    // A new page: the shell puts the focus in its content, the list's memory on its row.
    if (!from || from.path !== path()) return void doc.getElementById('main')?.focus({ preventScroll: true });
    (targetOf(from, doc) ?? doc.getElementById('main'))?.focus({ preventScroll: true });
  };
  const lost = () => {
    if (timer || frame) return;
    timer = win.setTimeout(() => { timer = 0; frame = win.requestAnimationFrame(restore); }, 0);
  };

  const placeOf = (el: HTMLElement): Place =>
    ({ el, tag: el.tagName, name: nameOf(el), region: regionOf(el), inGrid: !!el.closest(GRID), path: path() });
  const onFocusIn = (e: FocusEvent) => {
    clicked = null;
    const el = e.target;
    if (!(el instanceof HTMLElement) || el === doc.body) return;
    const dialog = el.closest(DIALOG);
    if (!dialog) { outside = placeOf(el); opener = null; return; }
    if (el === dialog) {
      win.requestAnimationFrame(() => { if (doc.activeElement === el) el.querySelector<HTMLElement>(FIELD)?.focus(); });
    }
    if (!openers.has(dialog)) openers.set(dialog, outside);
    opener = openers.get(dialog) ?? null;
  };
  const onFocusOut = (e: FocusEvent) => { if (!e.relatedTarget) lost(); };
  const onPointer = (e: Event) => { clicked = e.target; };
  // Browsers move the focus to the body without an event when the focused element is taken out.
  const watcher = new win.MutationObserver(() => { if (doc.activeElement === doc.body && (outside || opener)) lost(); });

  doc.addEventListener('focusin', onFocusIn, true);
  doc.addEventListener('focusout', onFocusOut, true);
  doc.addEventListener('pointerdown', onPointer, true);
  doc.addEventListener('mousedown', onPointer, true);
  watcher.observe(doc.body, { childList: true, subtree: true });
  return () => {
    doc.removeEventListener('focusin', onFocusIn, true);
    doc.removeEventListener('focusout', onFocusOut, true);
    doc.removeEventListener('pointerdown', onPointer, true);
    doc.removeEventListener('mousedown', onPointer, true);
    watcher.disconnect();
    win.clearTimeout(timer);
    win.cancelAnimationFrame(frame);
  };
}
