/**
 * Every admin route the server registers, each with a valid request, and what its handler asks for: the
 * walk the role × route matrix (matrix.test.ts) and the route → abilities table
 * (route-abilities.test.ts) share. Routes come from Fastify's route table, so a new one joins both
 * with no edit; write routes get their request from writes.ts, reads their parameters filled.
 */
import type { TestApp } from '../../helpers/app.js';
import type { SignedIn } from '../../helpers/auth.js';
import { createUser } from '../../helpers/users.js';
import { watchAbilityChecks, type AbilityCheck } from '../../../src/server/auth/require-ability.js';
import type { RouteNeed } from '../../../src/server/auth/route-rows.js';
import { isWrite, NOT_ADMIN_WRITES, routeKey, writeCaseFor, type Ctx, type WriteRequest } from './writes.js';

export interface Case { key: string; method: string; prepare: (c: Ctx) => Promise<WriteRequest> }

/** The route's parameters filled: a uid parameter with a real user's, any other with 1. */
const fill = (url: string, uid: string) => url.replace(/:([a-z_]+)/gi, (_m, name: string) => (name === 'uid' ? uid : '1'));

/** One case per admin route (HEAD aside: Fastify answers it from the GET). */
export function adminRouteCases(t: TestApp): Case[] {
  const routes = t.app.routeList.filter((r) => /^\/api\/v2\/[^/]+\/admin\//.test(r.url) && r.method !== 'HEAD' && !NOT_ADMIN_WRITES[routeKey(r)]);
  return routes.map((r) => ({
    key: routeKey(r),
    method: r.method,
    prepare: isWrite(r.method)
      ? (c: Ctx) => writeCaseFor(r).prepare(c)
      : async (c: Ctx) => ({ url: fill(r.url, (await createUser(c.t.db)).uid) }),
  }));
}

/** Sends a case's request, tagged so the ability checks it causes can be told apart. */
export function send(t: TestApp, s: SignedIn, method: string, w: WriteRequest, tag: string) {
  return t.app.inject({
    method: method as 'GET', url: w.url, headers: s.headers({ 'x-matrix-case': tag }),
    ...(w.body !== undefined ? { payload: w.body } : {}),
  });
}

/** The ability checks of every tagged request from now until stop(). */
export function watchNeeds(): { of(tag: string): AbilityCheck[]; stop(): void } {
  const seen = new Map<string, AbilityCheck[]>();
  const stop = watchAbilityChecks((req, check) => {
    const tag = req.headers['x-matrix-case'];
    if (typeof tag === 'string') seen.set(tag, [...(seen.get(tag) ?? []), check]);
  });
  return { of: (tag) => seen.get(tag) ?? [], stop };
}

/** The gates' refusal codes: the permission rows', then the abilities'. */
export const GATE = { rows: 'authz.invalid_permission', abilities: 'admin.ability.not_permitted' } as const;
const GATE_CODES: ReadonlySet<string> = new Set(Object.values(GATE));

/** Which gate refused the call (its code), or null when neither did. */
export function gateRefusal(status: number, body: string): string | null {
  if (status !== 401 && status !== 403) return null;
  try { return (JSON.parse(body).errors as string[]).find((c) => GATE_CODES.has(c)) ?? null; } catch { return null; }
}

/** A refusal by either gate. */
export const refusedAtGate = (status: number, body: string) => gateRefusal(status, body) !== null;

/**
 * A check as the route table keeps it (route-abilities.ts): attributes the route always names are kept;
 * attributes the body chose depend on the request, so only that the body chooses them is kept.
 */
export const routeNeed = (c: AbilityCheck): RouteNeed => ({
  action: c.action, subject: c.subject, service: c.service,
  ...(c.fieldsFromBody ? { fieldsFromBody: true as const } : c.fields?.length ? { fields: c.fields } : {}),
});

/**
 * The superadmin's call of a case, and the abilities its handler asked for; `failure` says why the
 * call cannot teach anything (a gate refused the superadmin, or the server failed).
 */
export async function learn(t: TestApp, su: SignedIn, c: Case, needs: ReturnType<typeof watchNeeds>, ctx: Ctx) {
  const res = await send(t, su, c.method, await c.prepare(ctx), `${c.key}#su`);
  const failure = refusedAtGate(res.statusCode, res.body) || res.statusCode >= 500
    ? `${c.key}: the superadmin got ${res.statusCode} ${res.body.slice(0, 120)}` : null;
  return { failure, needs: needs.of(`${c.key}#su`) };
}
