/** Key caps for a shortcut, e.g. `g` `p` or `Ctrl` `K`; steps of a sequence are spaced apart. */
import { capsOf, shortcutText } from '../../keyboard/shortcuts';

export function Kbd({ shortcut }: { shortcut: readonly string[] }) {
  return (
    <span className="kbd-seq" aria-label={shortcutText(shortcut)}>
      {shortcut.map((step, i) => (
        <span className="kbd-step" key={i} aria-hidden="true">
          {capsOf(step).map((cap) => <kbd key={cap}>{cap}</kbd>)}
        </span>
      ))}
    </span>
  );
}
