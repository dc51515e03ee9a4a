/** Dashboard header block (spec §2 Header): small picture, full name or 'No Name', and the role. */
import { useSnapshot } from 'valtio';
import { Avatar } from '../../components/ui/Avatar';
import { session } from '../../state/session';

export function fullName(user: { profiles?: ReadonlyArray<{ first_name?: string | null; last_name?: string | null }> } | null): string {
  const p = user?.profiles?.[0];
  const name = [p?.first_name, p?.last_name].filter((x) => x && x.trim()).join(' ').trim();
  return name || 'No Name';
}

export function ProfileBlock() {
  const user = useSnapshot(session).user;
  if (!user) return null;
  const name = fullName(user);
  return (
    <section className="profile-block" aria-label="Your profile">
      <Avatar name={name === 'No Name' ? user.email : name} src={user.avatar_url} size={40} />
      <div className="profile-text">
        <span className="profile-name">{name}</span>
        <span className="profile-meta">
          <span className="role-pill">{user.role}</span>
          <span className="profile-email">{user.email}</span>
        </span>
      </div>
    </section>
  );
}
