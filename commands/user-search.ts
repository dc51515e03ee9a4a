/**
 * Users by name or e-mail prefix in the palette (issue 29 item 5): any text of 3 characters or more that
 * is not already a uid, a whole e-mail or a phone number (the jumps open those) is also looked up with
 * GET /admin/users/search once the typing pauses — "Pedro Lindqvist", "lindqvist", "pedro.lind" — and the
 * users found are listed under the commands, each opening the user's page. They are never selected
 * by themselves: Enter keeps running the best command, a found user is reached with ↓.
 */
import { searchUsers, type FoundUser } from '../src/client/api/users';
import { userSearchText } from '../src/shared/users';
import type { Command, CommandContext, Found } from './types';

export const USERS_FOUND_GROUP = 'Users';

/** Shorter texts match too much to be worth a call per pause. */
const MIN = 3;
const SPOKEN_FOR = [/^ID[0-9A-F]{10}$/i, /^[^\s@]+@[^\s@]+\.[^\s@]+$/, /^\+?\d[\d\s().-]{6,18}\d$/];

/** Whether the palette's text is worth a user search for this viewer. */
export function usersWanted(text: string, ctx: CommandContext): boolean {
  const q = userSearchText(text);
  // A name or an e-mail starts with a letter or a digit and has a letter: `#12`, `42` and `> 5` are not.
  const nameLike = /^[\p{L}\p{N}]/u.test(q) && /\p{L}/u.test(q);
  return nameLike && q.length >= MIN && q.length <= 100 && !SPOKEN_FOR.some((re) => re.test(q)) && ctx.canOpen('/user-directory/ID0000000000');
}

const nameOf = (u: FoundUser) => [u.first_name, u.last_name].filter(Boolean).join(' ');

/** "Open user Pedro Lindqvist · pedro.lindqvist@mail.test · ID5A1B2C3D4E" for each user found. */
export async function findUsersByName(text: string): Promise<Found[]> {
  const users = await searchUsers(userSearchText(text));
  return users.map((u) => {
    const path = `/user-directory/${encodeURIComponent(u.uid)}`;
    // With its path, Recent replays it as the jump it is.
    const command: Command & { path: string } = {
      id: `users.found.${u.uid}`, title: `Open user ${[nameOf(u), u.email, u.uid].filter(Boolean).join(' · ')}`,
      group: USERS_FOUND_GROUP, path, run: (c) => c.navigate(path),
    };
    return { command };
  });
}
