/** The superadmin's walk over the routes fuzz.test.ts leaves (helpers/fuzz-walk.ts), beside it on the other worker. */
import { fuzzEveryRoute } from './helpers/fuzz-walk.js';

fuzzEveryRoute([{ who: 'a superadmin', caller: 'staff', seed: 3, shard: { index: 1, of: 2 } }]);
