/**
 * Every route under seeded malformed input (helpers/fuzz-walk.ts): the superadmin's walk over every other route,
 * the anonymous caller's and the member's. fuzz-2.test.ts walks the superadmin's other routes beside this file.
 */
import { fuzzEveryRoute } from './helpers/fuzz-walk.js';

fuzzEveryRoute([
  { who: 'a superadmin', caller: 'staff', seed: 0, shard: { index: 0, of: 2 } },
  { who: 'an anonymous caller', caller: 'anonymous', seed: 1 },
  { who: 'a member', caller: 'member', seed: 2 },
]);
