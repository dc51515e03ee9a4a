/**
 * Restrictions enforced on every API call (auth/restrictions/rules.ts), before the session gate as
 * Barong's authz does: a blacklisted client is refused everywhere and a blocklogin one at sign-in, with
 * the rule's code as the status and `authz.restrict.<category>`; a whitelisted client passes them all.
 * Maintenance is settled once the session is known (preValidation): staff — a session whose role is on
 * the console's allowed list — go on, and so does a sign-in (which then opens a session for staff only);
 * everyone else gets the rule's code and `authz.restrict.maintenance`. Redeeming a whitelink token is
 * never restricted (it is how a refused address gets in).
 *
 * The client's address is the request's (behind TRUST_PROXY's proxies, theirs); its country comes from
 * the GEOIP_COUNTRY_HEADER a trusted proxy sets (Cloudflare's CF-IPCountry, a GeoIP module's), so
 * country and continent rules match only where such a proxy is in front
 * (src/server/auth/restrictions/README.md).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { normalisePath } from '../auth/paths.js';
import { fail } from './errors.js';
import { judge, RestrictionRules, type Client, type Verdict } from '../auth/restrictions/rules.js';

declare module 'fastify' {
  interface FastifyInstance { restrictionRules: RestrictionRules }
  interface FastifyRequest { restriction: Verdict | null }
}

export const REDEEM_PATH = '/api/v2/barong/identity/users/access';
const RULES_PATH = '/api/v2/barong/admin/restrictions';
const SIGN_IN_PATHS = new Set(['/api/v2/barong/identity/sessions', '/api/v2/barong/identity/sessions/new']);

export const isSignIn = (req: FastifyRequest, path: string | null) => req.method === 'POST' && path !== null && SIGN_IN_PATHS.has(path);

/** Who is asking, as the rules see them. */
export function clientOf(app: FastifyInstance, req: FastifyRequest): Client {
  const { geoipCountryHeader } = app.deps.config;
  // Only from a trusted proxy: one that said whose request it forwards (X-Forwarded-For, believed only
  // from TRUST_PROXY's addresses, so req.ips holds more than the peer). Anyone else's header is their own word.
  const proxied = (req.ips?.length ?? 0) > 1;
  const raw = geoipCountryHeader && proxied ? req.headers[geoipCountryHeader] : undefined;
  const country = typeof raw === 'string' && /^[A-Za-z]{2}$/.test(raw) ? raw.toUpperCase() : undefined;
  return { ip: req.ip ?? '', ...(country ? { country } : {}) };
}

export function registerRestrictions(app: FastifyInstance): void {
  const rules = new RestrictionRules(app.deps.db.kysely);
  app.decorate('restrictionRules', rules);
  app.decorateRequest('restriction', null);
  let unlisten: (() => Promise<void>) | undefined;
  app.addHook('onReady', async () => {
    try { unlisten = await rules.listen(app.deps.db.listen); } catch (err) { app.log.warn({ err }, 'restrictions: cannot LISTEN; rules re-read every 5 s'); }
  });
  app.addHook('onClose', async () => { await unlisten?.(); });

  app.addHook('onRequest', async (req) => {
    req.restriction = null;
    const path = normalisePath(req.url);
    const lower = path?.toLowerCase() ?? '';
    if (path === null || !(lower === '/api' || lower.startsWith('/api/')) || lower === REDEEM_PATH) return;
    const verdict = judge(await rules.current(), clientOf(app, req), isSignIn(req, path));
    if (verdict.kind === 'refuse') fail(verdict.code, verdict.error);
    if (verdict.kind === 'maintenance') req.restriction = verdict;
  });

  // The node that wrote a rule reads them again before it answers, so the writer's next call meets the
  // rules it just saved (other nodes hear the NOTIFY a few milliseconds later; PGlite delivers it at once).
  app.addHook('onSend', async (req, reply, payload) => {
    if (req.method === 'GET' || reply.statusCode >= 300) return payload;
    const path = normalisePath(req.url)?.toLowerCase() ?? '';
    if (path.startsWith(RULES_PATH) || path === REDEEM_PATH) {
      // The write is done and stays answered as done: a failed read leaves the NOTIFY (or the 5 s re-read) to it.
      await rules.read().catch((err) => req.log.warn({ err }, 'restrictions: re-reading the rules after a write failed'));
    }
    return payload;
  });

  app.addHook('preValidation', async (req) => {
    const v = req.restriction;
    if (v?.kind !== 'maintenance') return;
    if (req.auth && app.deps.config.allowedRoles.includes(req.auth.user.role)) return;
    if (isSignIn(req, normalisePath(req.url))) return;
    fail(v.code, 'authz.restrict.maintenance');
  });
}
