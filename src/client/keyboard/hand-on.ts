/**
 * Keys pressed while the shortcut commands load (GlobalKeys), run once they are there: this loads with them
 * (use-commands re-exports it), not with the first screen.
 */

/** What Enter or Space does by itself on these (a click, a check, a choice): such a key was not lost. */
const ACTS_ON_KEYS = 'a[href], button, input, select, textarea, summary, [contenteditable="true"], [role="button"], [role="link"], '
  + '[role="checkbox"], [role="switch"], [role="radio"], [role="menuitem"], [role="option"], [role="tab"]';

/**
 * A key no shortcut took, pressed while an earlier key waited for the commands (`j` then Enter): it was
 * meant for what that earlier key focuses (the row Enter opens), which had no focus yet when it was
 * pressed; so it goes again to what has focus now. Not when it reached something that acts on keys itself,
 * nor when focus has not moved: that would do its work twice.
 */
export function handOn(key: KeyboardEvent): void {
  const now = document.activeElement;
  const then = key.target instanceof Element ? key.target : null;
  if (!now || now === then || then?.closest(ACTS_ON_KEYS)) return;
  const { key: k, code, ctrlKey, shiftKey, altKey, metaKey, repeat } = key;
  now.dispatchEvent(new KeyboardEvent('keydown', { key: k, code, ctrlKey, shiftKey, altKey, metaKey, repeat, bubbles: true, cancelable: true }));
}

