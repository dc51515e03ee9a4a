/**
 * An Enter typed before the palette was there (early-keys.ts), run once the list shows what the text typed
 * before it matches: on the top result for that text, the item Enter picks when the palette is typed into
 * at leisure. Never on what the list held before it was filtered (the empty palette's top Recent item:
 * Log out, once). Rendered inside the palette's cmdk root, whose filtering it watches.
 */
import { useEffect, useRef, type RefObject } from 'react';
import { useCommandState } from 'cmdk';

interface Props {
  /** The text the Enter was typed after. */
  text: string;
  list: RefObject<HTMLElement | null>;
  onDone(): void;
}

export function EarlyEnter({ text, list, onDone }: Props) {
  // cmdk filters and orders its items synchronously when its search changes, before its subscribers render.
  const filteredFor = useCommandState((s) => s.search);
  const ran = useRef(false);
  useEffect(() => {
    if (filteredFor !== text || ran.current) return;
    ran.current = true;
    onDone();
    // cmdk's own Enter runs the selected item, whose selection may still be catching up with the filter.
    list.current?.querySelector<HTMLElement>('[cmdk-item]:not([aria-disabled="true"])')?.click();
  }, [filteredFor, text, list, onDone]);
  return null;
}
