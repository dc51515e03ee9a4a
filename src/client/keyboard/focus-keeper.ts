/**
 * The focus never falls to <body> (issue 29 item 7). After a dialog closes or an action ends, the focus
 * goes back to the element that opened the dialog — or, when a re-render replaced it (the user page
 * reloads its panels after Lock funds or Verify), to the element now standing in its place: same tag, same
 * name — or, when it is gone for good (Cancel all empties the list, Save leaves the form), to the page's
 * content (`#main`), where Tab, j and the list's own row memory (use-row-focus.ts) go on from.
 *
 * One listener set for the whole console, not a rule per dialog: the focus reaching the body is noticed
 * from a focusout to nowhere, and from the DOM changing under a focused element (browsers move the focus
 * to the body without an event when the focused element is removed). It is put back once whatever did it
 * (react-aria's own restore, a list's row focus) has had its turn, and only if the focus is still on the
 * body then. A click on the page's background that leaves the focus on the body is the user's choice.
 */

const DIALOG = '[role="dialog"], [role="alertdialog"]';

/** What an element is called, to find the one that replaced it: its label, else its text. */
const nameOf = (el: Element) => (el.getAttribute('aria-label') ?? el.textContent ?? '').trim();

interface Place { el: HTMLElement; tag: string; name: string }

const placeOf = (el: HTMLElement): Place => ({ el, tag: el.tagName, name: nameOf(el) });

const usable = (el: HTMLElement) => el.isConnected && !el.closest('[inert], [aria-hidden="true"]') && !(el as HTMLButtonElement).disabled;

/** The element itself, else the one that replaced it (same tag and name, outside any dialog). */
function find(p: Place | null, doc: Document): HTMLElement | null {
  if (!p) return null;
  if (usable(p.el)) return p.el;
  if (!p.name) return null;
  const same = [...doc.querySelectorAll<HTMLElement>(p.tag)].find((e) => !e.closest(DIALOG) && nameOf(e) === p.name && usable(e));
  return same ?? null;
}

export function installFocusKeeper(doc: Document = document): () => void {
  const win = doc.defaultView!;
  /** The last focused element outside every dialog, and what had the focus when the dialog in use opened. */
  let outside: Place | null = null;
  let opener: Place | null = null;
  const openers = new WeakMap<Element, Place | null>();
  /** A pointer went down on something still on the page since the focus last moved: a click, not a loss. */
  let clicked: EventTarget | null = null;
  let pending = 0;

  const restore = () => {
    pending = 0;
    if (doc.activeElement && doc.activeElement !== doc.body) return;
    if (clicked instanceof Node && clicked.isConnected) return;
    const target = find(opener, doc) ?? find(outside, doc) ?? doc.getElementById('main');
    target?.focus({ preventScroll: true });
  };
  // After a frame: react-aria restores the focus from its own clean-up, a list puts its row back when its rows are drawn.
  const lost = () => {
    if (pending) return;
    pending = win.setTimeout(() => { pending = win.requestAnimationFrame(restore); }, 0);
  };

  const onFocusIn = (e: FocusEvent) => {
    clicked = null;
    const el = e.target;
    if (!(el instanceof HTMLElement) || el === doc.body) return;
    const dialog = el.closest(DIALOG);
    if (!dialog) { outside = placeOf(el); opener = null; return; }
    if (!openers.has(dialog)) openers.set(dialog, outside);
    opener = openers.get(dialog) ?? null;
  };
  const onFocusOut = (e: FocusEvent) => { if (!e.relatedTarget) lost(); };
  const onPointer = (e: Event) => { clicked = e.target; };
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
    win.clearTimeout(pending);
    win.cancelAnimationFrame(pending);
  };
}
