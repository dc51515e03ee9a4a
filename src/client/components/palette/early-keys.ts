/**
 * The keys typed between Ctrl+K and the palette's input taking the focus. The palette's code loads with its
 * first opening; until its input is there a key lands on the page behind it, where it was lost ("pending
 * withdrawals" became "ending withdrawals") or ran a page shortcut (`?`, `a` on a queue). They are caught on
 * the window before any other handler sees them and handed to the input when it is there.
 */

/** What was typed before the input was there: its text, and whether Enter followed it. */
export interface EarlyTyping { readonly text: string; readonly enter: boolean }

const FUNCTION_KEY = /^F\d+$/;

export class EarlyKeys {
  private typed: EarlyTyping = { text: '', enter: false };
  private listener: ((typed: EarlyTyping) => void) | null = null;
  private catching = true;

  /**
   * Starts catching at once. `isInput` tells the palette's input: a key aimed at it is its own, and ends the
   * catching. `onEscape` closes the palette.
   */
  constructor(private readonly isInput: (target: EventTarget | null) => boolean, private readonly onEscape: () => void) {
    window.addEventListener('keydown', this.onKey, true);
  }

  get current(): EarlyTyping { return this.typed; }

  /** Hands every later change to `listener` (the mounted palette), until the catching ends. */
  follow(listener: ((typed: EarlyTyping) => void) | null): void { this.listener = listener; }

  /** Ends the catching: the input has the focus, or the palette closed. */
  stop(): void {
    if (!this.catching) return;
    this.catching = false;
    this.listener = null;
    window.removeEventListener('keydown', this.onKey, true);
  }

  private readonly onKey = (e: KeyboardEvent): void => {
    if (this.isInput(e.target)) { this.stop(); return; }
    // Ctrl+K again (it closes the palette), the browser's own shortcuts, an input method composing a
    // character, and the function keys stay with whoever handles them. AltGr types characters (Ctrl+Alt).
    const chord = (e.ctrlKey || e.metaKey) && !e.getModifierState?.('AltGraph');
    if (chord || e.isComposing || FUNCTION_KEY.test(e.key) || ['Shift', 'Control', 'Alt', 'Meta', 'AltGraph', 'CapsLock'].includes(e.key)) return;
    e.preventDefault();
    e.stopImmediatePropagation();
    if (e.key === 'Escape') { this.stop(); this.onEscape(); return; }
    // After Enter nothing more is typed into what Enter runs on; other named keys (arrows, Tab) would act
    // on a list nobody has seen yet, and are dropped.
    if (this.typed.enter) return;
    const { text } = this.typed;
    if (e.key === 'Enter') this.change({ text, enter: true });
    else if (e.key === 'Backspace') this.change({ text: [...text].slice(0, -1).join(''), enter: false });
    else if ([...e.key].length === 1) this.change({ text: text + e.key, enter: false });
  };

  private change(typed: EarlyTyping): void {
    this.typed = typed;
    this.listener?.(typed);
  }
}
