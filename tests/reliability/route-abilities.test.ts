/**
 * The route → abilities table (src/server/auth/route-abilities.ts) against the handlers: every admin
 * route is called once with a valid request as a superadmin while requireAbility is watched, and the
 * abilities each handler asked for must be exactly the table's, in order. A new route, a removed one or
 * a handler that changed its check fails here, so the default permission rows derived from the table
 * (route-rows.ts) cannot drift from the handlers. `npm run permissions:routes` runs this file with
 * STEWARD_WRITE_ROUTE_ABILITIES=1, which rewrites the table from what it learned instead of failing.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { testApp, type TestApp } from '../helpers/app.js';
import { signInAs, type SignedIn } from '../helpers/auth.js';
import { ROUTE_ABILITIES } from '../../src/server/auth/route-abilities.js';
import type { RouteAbilities, RouteNeed } from '../../src/server/auth/route-rows.js';
import { adminRouteCases, learn, routeNeed, watchNeeds } from './helpers/admin-routes.js';

const TABLE = fileURLToPath(new URL('../../src/server/auth/route-abilities.ts', import.meta.url));
const WRITE = process.env.STEWARD_WRITE_ROUTE_ABILITIES === '1';

let t: TestApp;
let su: SignedIn;
beforeAll(async () => {
  t = await testApp();
  su = (await signInAs(t, 'superadmin')).session;
});
afterAll(async () => { await t?.close(); });

const show = (n: RouteNeed) => `{ action: '${n.action}', subject: '${n.subject}', service: '${n.service}'${
  n.fields ? `, fields: [${n.fields.map((f) => `'${f}'`).join(', ')}]` : ''}${n.fieldsFromBody ? ', fieldsFromBody: true' : ''} }`;
const line = (r: RouteAbilities) => `  { method: '${r.method}', url: '${r.url}', needs: [${r.needs.map(show).join(', ')}] },`;
const key = (r: { method: string; url: string }) => `${r.method} ${r.url}`;

/** The table's file with its rows replaced (its head, comment and import, kept as written). */
function source(rows: RouteAbilities[]): string {
  const head = /^[\s\S]*?export const ROUTE_ABILITIES: readonly RouteAbilities\[\] = \[\n/.exec(readFileSync(TABLE, 'utf8'));
  if (!head) throw new Error(`${TABLE}: no ROUTE_ABILITIES array to rewrite`);
  return `${head[0]}${rows.map(line).join('\n')}\n];\n`;
}

it("says exactly what every admin route's handler asks for", async () => {
  const watched = watchNeeds();
  const learned: RouteAbilities[] = [];
  const failures: string[] = [];
  try {
    for (const c of adminRouteCases(t)) {
      const { failure, needs } = await learn(t, su, c, watched, { t, su });
      if (failure) failures.push(failure);
      const [method, url] = [c.method, c.key.slice(c.method.length + 1)];
      // The same check twice (a handler and its helper) is one need.
      const unique = [...new Map(needs.map(routeNeed).map((n) => [show(n), n])).values()];
      learned.push({ method, url, needs: unique });
    }
  } finally { watched.stop(); }
  expect(failures).toEqual([]);
  learned.sort((a, b) => a.url.localeCompare(b.url) || a.method.localeCompare(b.method));
  if (WRITE) {
    writeFileSync(TABLE, source(learned));
    console.log(`route-abilities: wrote ${learned.length} routes to ${TABLE}`);
    return;
  }
  const table = new Map(ROUTE_ABILITIES.map((r) => [key(r), r.needs.map(show).join(' + ')]));
  const drift: string[] = [];
  for (const r of learned) {
    const was = table.get(key(r));
    const now = r.needs.map(show).join(' + ');
    if (was === undefined) drift.push(`${key(r)}: not in the table (asks for ${now || 'nothing'})`);
    else if (was !== now) drift.push(`${key(r)}: asks for ${now || 'nothing'}, the table says ${was || 'nothing'}`);
    table.delete(key(r));
  }
  for (const gone of table.keys()) drift.push(`${gone}: in the table but not registered`);
  // A changed table changes the default rows: see PAST_DEFAULTS in src/server/auth/permissions-seed.ts.
  expect(drift, 'run `npm run permissions:routes` and review the rows it changes').toEqual([]);
}, 600_000);
