/** What GET /admin/abilities answers for each seeded staff role, from the server's own table (not a hand copy). */
import { abilitiesFor } from '../../../src/server/auth/abilities';
import { DEFAULT_ALLOWED_ROLES } from '../../../src/server/config';

export { STAFF_ROLES } from '../../../src/server/db/seed/staff';

export function seedAbilities(role: string) {
  return {
    barong: abilitiesFor(role, 'barong', DEFAULT_ALLOWED_ROLES),
    peatio: abilitiesFor(role, 'peatio', DEFAULT_ALLOWED_ROLES),
  };
}
