import { randomBytes } from 'node:crypto';

/** A Barong-style uid: "ID" + 10 upper-case hex digits. */
export function newUid(): string {
  return 'ID' + randomBytes(5).toString('hex').toUpperCase();
}
