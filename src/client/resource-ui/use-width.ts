/** The width of an element as it changes (a ResizeObserver), rounded to 10 px so tiny changes do not re-render. */
import { useCallback, useEffect, useState } from 'react';

export function useWidth<T extends HTMLElement>(): [(el: T | null) => void, number | undefined] {
  const [el, setEl] = useState<T | null>(null);
  const [width, setWidth] = useState<number | undefined>(undefined);
  useEffect(() => {
    if (!el) return;
    const read = () => { if (el.clientWidth > 0) setWidth(Math.floor(el.clientWidth / 10) * 10); };
    read();
    const ro = new ResizeObserver(read);
    ro.observe(el);
    return () => ro.disconnect();
  }, [el]);
  return [useCallback((x: T | null) => setEl(x), []), width];
}
