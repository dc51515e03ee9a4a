/** The signed-in frame: sidebar, header with the screen's action slot, content, idle watch, overlays. */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import { useSnapshot } from 'valtio';
import { useHotkeys } from 'react-hotkeys-hook';
import { getConfig } from '../../config';
import { togglePalette } from '../../state/palette';
import { ui } from '../../state/ui';
import { IdleWarning } from '../idle/IdleWarning';
import { Header } from './Header';
import { HeaderSlotContext } from './header-slots';
import { shellOverlays } from './mounts';
import { Sidebar } from './Sidebar';

export function Shell({ title, children }: { title: string; children: ReactNode }) {
  const { sidebarOpen } = useSnapshot(ui);
  const [slot, setSlot] = useState<HTMLDivElement | null>(null);
  // Works from inside inputs too: the palette is the fast way in from anywhere (DESIGN §1).
  useHotkeys('mod+k', togglePalette, { preventDefault: true, enableOnFormTags: true, enableOnContentEditable: true });

  useEffect(() => {
    document.title = `${title} · ${getConfig().title}`;
  }, [title]);

  // A new page starts at its top with the keyboard in its content: PageDown, Space and End scroll the page
  // (not the window), Tab starts from the page's first control. Focus someone placed already stays put.
  const [path] = useLocation();
  const main = useRef<HTMLElement>(null);
  useEffect(() => {
    const el = main.current;
    if (!el) return;
    el.scrollTop = 0;
    const a = document.activeElement;
    if (!a || a === document.body) el.focus({ preventScroll: true });
  }, [path]);

  return (
    <div className="shell" data-sidebar={sidebarOpen ? 'open' : 'closed'}>
      <a className="skip-link" href="#main">Skip to content</a>
      <Sidebar />
      <div className="shell-main">
        <Header title={title} slotRef={setSlot} />
        <HeaderSlotContext.Provider value={slot}>
          <main id="main" ref={main} className="shell-content" tabIndex={-1}>{children}</main>
        </HeaderSlotContext.Provider>
      </div>
      <IdleWarning />
      {shellOverlays.map((Overlay, i) => <Overlay key={i} />)}
    </div>
  );
}
