/** Display helpers of the user screens. */
/** Spec §2 header: the full name, or 'No Name'. */
export const displayName = (u: { full_name: string | null; username?: string | null }): string =>
  u.full_name?.trim() || 'No Name';

/** Badge colour per user state; 'deleted' and 'locked' come from labels on the server side. */
export const STATE_TONE: Record<string, string> = {
  active: 'green', pending: 'yellow', inactive: 'grey', banned: 'red', deleted: 'red', locked: 'red',
};

export const capitalise = (s: string): string => (s ? s.charAt(0).toUpperCase() + s.slice(1) : s);

/** Spec §6 role values (member and trader exist on accounts even though they cannot use the console). */
export const ROLES = [
  'admin', 'superadmin', 'support', 'member', 'technical', 'accountant', 'broker', 'investor', 'compliance', 'trader', 'manager',
] as const;
