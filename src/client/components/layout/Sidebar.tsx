import { useEffect, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { useSnapshot } from 'valtio';
import { canAccessRoute } from '../../../shared/abilities';
import { useAbility } from '../../access';
import { session, logout } from '../../state/session';
import { queueAt, watchQueueCounts } from '../../state/live-counts';
import { getConfig } from '../../config';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { Icon } from '../ui/Icon';
import { QueueCount } from './QueueCount';
import { NAV_GROUPS, type NavGroup } from './nav';
import { accessKind, screenAt } from '../../routes';

/**
 * A group heading's id, which its section is labelled by. aria-labelledby is a list of ids split at spaces, so
 * the label itself ('Bonuses & Payments') named three ids that did not exist and left the section unnamed.
 */
const groupId = (label: string): string => `nav-${label.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;

function useVisibleGroups(): NavGroup[] {
  const ability = useAbility();
  const role = useSnapshot(session).user?.role ?? '';
  return NAV_GROUPS.map((g) => ({
    ...g,
    items: g.items.filter((i) => {
      const screen = screenAt(i.href);
      // Each item is checked the way its route's guard will check it (a send form needs 'edit').
      return !!screen && (canAccessRoute(ability, i.href, accessKind(screen, {})) || !!i.alsoForRoles?.includes(role));
    }),
  })).filter((g) => g.items.length > 0);
}

function NavLink({ href, label, icon }: { href: string; label: string; icon?: Parameters<typeof Icon>[0]['name'] }) {
  const [path] = useLocation();
  const active = path === href || path.startsWith(`${href}/`);
  return (
    <Link href={href} className="nav-link" aria-current={active ? 'page' : undefined}>
      {icon && <Icon name={icon} />}
      <span>{label}</span>
      <QueueCount queue={queueAt(href)} />
    </Link>
  );
}

export function Sidebar() {
  const groups = useVisibleGroups();
  // The queues' backlog follows the signed-in member while the sidebar (the whole shell) is there.
  const ability = useAbility();
  useEffect(() => watchQueueCounts(ability), [ability]);
  const [confirming, setConfirming] = useState(false);
  const [pending, setPending] = useState(false);
  const { title } = getConfig();

  const confirmLogout = async () => {
    setPending(true);
    const done = await logout();
    setPending(false);
    if (!done) setConfirming(false);
  };

  return (
    <aside className="sidebar" aria-label="Sidebar">
      <div className="sidebar-brand">
        <span className="brand-mark" aria-hidden="true"><Icon name="shield" size={15} /></span>
        <span className="brand-name">{title}</span>
      </div>
      <nav className="sidebar-nav" aria-label="Main navigation">
        <NavLink href="/dashboard" label="Dashboard" icon="home" />
        {groups.map((g) => (
          <section className="nav-group" key={g.label} aria-labelledby={groupId(g.label)}>
            <h2 className="nav-group-label" id={groupId(g.label)}>
              <Icon name={g.icon} size={14} />
              {g.label}
            </h2>
            <ul role="list">
              {g.items.map((i) => <li key={i.href}><NavLink href={i.href} label={i.label} /></li>)}
            </ul>
          </section>
        ))}
      </nav>
      <div className="sidebar-footer">
        <button type="button" className="nav-link nav-logout" onClick={() => setConfirming(true)}>
          <Icon name="logout" />
          <span>Logout</span>
        </button>
      </div>
      <ConfirmDialog isOpen={confirming} title="Do you want to Logout?" confirmLabel="Logout" tone="danger"
        pending={pending} onConfirm={confirmLogout} onCancel={() => setConfirming(false)}>
        You will need to sign in again to continue.
      </ConfirmDialog>
    </aside>
  );
}
