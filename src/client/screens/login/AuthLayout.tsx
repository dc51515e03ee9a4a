/** The frame of the signed-out pages: brand, a centred card, and a theme switch. */
import type { ReactNode } from 'react';
import { useSnapshot } from 'valtio';
import { getConfig } from '../../config';
import { Icon } from '../../components/ui/Icon';
import { toggleTheme, ui } from '../../state/ui';

export function AuthLayout({ children }: { children: ReactNode }) {
  const { theme } = useSnapshot(ui);
  const dark = theme === 'dark';
  return (
    <div className="auth">
      <header className="auth-top">
        <div className="auth-brand">
          <span className="brand-mark" aria-hidden="true"><Icon name="shield" size={15} /></span>
          <span className="brand-name">{getConfig().title}</span>
        </div>
        <button type="button" className="icon-btn" onClick={toggleTheme} aria-pressed={dark}
          aria-label={dark ? 'Switch to light theme' : 'Switch to dark theme'}>
          <Icon name={dark ? 'sun' : 'moon'} size={18} />
        </button>
      </header>
      <main className="auth-main">
        <div className="auth-card">{children}</div>
        <p className="auth-foot">Restricted to authorised staff. Activity is audited.</p>
      </main>
    </div>
  );
}
