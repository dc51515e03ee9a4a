import { useSnapshot } from 'valtio';
import { toggleSidebar, toggleTheme, toggleTimeMode, ui } from '../../state/ui';
import { openPalette } from '../../state/palette';
import { Icon } from '../ui/Icon';
import { LiveIndicator } from './LiveIndicator';

const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent);

interface Props {
  title: string;
  /** Receives the element list screens portal their Filter / Add buttons into. */
  slotRef: (el: HTMLDivElement | null) => void;
}

export function Header({ title, slotRef }: Props) {
  const { theme, sidebarOpen, time, zone } = useSnapshot(ui);
  const dark = theme === 'dark';
  const local = time === 'local';
  return (
    <header className="header">
      <button type="button" className="icon-btn" onClick={toggleSidebar} aria-expanded={sidebarOpen}
        aria-label={sidebarOpen ? 'Hide menu' : 'Show menu'} title="Toggle menu">
        <Icon name="menu" size={18} />
      </button>
      <h1 className="header-title">{title}</h1>
      <div className="header-actions" ref={slotRef} />
      <LiveIndicator />
      <button type="button" className="palette-hint" onClick={openPalette} aria-keyshortcuts={isMac ? 'Meta+K' : 'Control+K'}>
        <Icon name="search" />
        <span className="palette-hint-text">Search or jump to…</span>
        <kbd>{isMac ? '⌘' : 'Ctrl'}</kbd><kbd>K</kbd>
      </button>
      <button type="button" className="zone-btn" onClick={toggleTimeMode} aria-pressed={local}
        aria-label={local ? `Times in ${zone}: show UTC` : `Times in UTC: show local time (${zone})`} title="Times: UTC / local zone (Shift+Z)">
        <Icon name="clock" size={14} /> {local ? zone : 'UTC'}
      </button>
      <button type="button" className="icon-btn" onClick={toggleTheme} aria-pressed={dark}
        aria-label={dark ? 'Switch to light theme' : 'Switch to dark theme'} title={dark ? 'Light theme' : 'Dark theme'}>
        <Icon name={dark ? 'sun' : 'moon'} size={18} />
      </button>
    </header>
  );
}
