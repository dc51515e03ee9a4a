/**
 * Gateway RBAC (Barong's authz `validate_permissions!`, openware-api.md §5.1): every protected API call
 * of a signed-in user is checked against the permission rows of the user's role, denials are logged,
 * and AUDIT rows make the call leave an admin activity. Runs after the session plugin, which has
 * already answered 401 for missing or invalid sessions and CSRF.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isPassPath, normalisePath } from '../auth/paths.js';
import { permissionsForRole, type PermissionRow } from '../db/queries/permissions.js';
import { auditData, recordAdminActivity, requestTargetUid } from './audit.js';
import { answerError } from './errors.js';

type Rule = Pick<PermissionRow, 'verb' | 'path' | 'action' | 'topic'>;

export interface Evaluation {
  allowed: boolean;
  /** The first matching AUDIT row, when the call must be audited. */
  audit: Rule | null;
}

/**
 * Barong's decision: rows whose verb is the method or ALL and whose path prefixes the request path.
 * No rows, any DROP, or no ACCEPT → refused; AUDIT alone never grants.
 */
export function evaluatePermissions(rows: readonly Rule[], method: string, path: string): Evaluation {
  const verb = method.toUpperCase();
  const bare = path.replace(/^\/+/, '').split(/[?#]/)[0] ?? '';
  const matching = rows.filter((r) => (r.verb === verb || r.verb === 'ALL') && bare.startsWith(r.path));
  const allowed = matching.some((r) => r.action === 'ACCEPT') && !matching.some((r) => r.action === 'DROP');
  return { allowed, audit: matching.find((r) => r.action === 'AUDIT') ?? null };
}

/** The activity topic Barong derives: the AUDIT row's topic, else the segment after `admin/`, else general. */
export function auditTopic(path: string, rule: Rule | null): string {
  if (rule?.topic) return rule.topic;
  const m = /(?:^|\/)admin\/([^/?#]+)/.exec(path);
  return m?.[1] ?? 'general';
}

/**
 * Permission rows per role, cached in memory. With several API nodes each has its own cache, so a
 * permission change made on another node takes effect here within the TTL at the latest; writes
 * through this node's API clear it at once.
 */
export class PermissionCache {
  private entries = new Map<string, { rows: PermissionRow[]; at: number }>();
  constructor(private readonly ttlMs: number, private readonly now: () => number) {}

  async rows(role: string, load: (role: string) => Promise<PermissionRow[]>): Promise<PermissionRow[]> {
    const hit = this.entries.get(role);
    if (hit && this.now() - hit.at < this.ttlMs) return hit.rows;
    const rows = await load(role);
    this.entries.set(role, { rows, at: this.now() });
    return rows;
  }

  clear(): void {
    this.entries.clear();
  }
}

export const PERMISSION_CACHE_TTL_MS = 60_000;

declare module 'fastify' {
  interface FastifyInstance {
    permissionCache: PermissionCache;
  }
  interface FastifyRequest {
    /** Set when an AUDIT row matched: the topic the activity will carry. */
    authzAudit: { topic: string; category?: 'admin' | 'user' } | null;
  }
}

/** Called by every permission write so the next request sees it. */
export function clearPermissionCache(app: FastifyInstance): void {
  app.permissionCache.clear();
}

const ADMIN_PATH = /^\/api\/v2\/[^/]+\/admin(\/|$)/;

/** The console's own gate (spec §1): roles off the allowed list make no admin call, whatever the rows say. */
export function offAllowedList(path: string, role: string, allowedRoles: readonly string[]): boolean {
  return ADMIN_PATH.test(path) && !allowedRoles.includes(role);
}

async function deny(req: FastifyRequest, reply: FastifyReply, path: string): Promise<void> {
  await recordAdminActivity(req.server.deps.db.kysely, req, {
    topic: auditTopic(path, null), result: 'denied', data: { method: req.method, path },
  });
  reply.status(401).send({ errors: ['authz.invalid_permission'] });
  return reply;
}

/** Registers the RBAC hook and the AUDIT-row logger. Call after the session plugin. */
export function registerAuthz(app: FastifyInstance): void {
  app.decorate('permissionCache', new PermissionCache(PERMISSION_CACHE_TTL_MS, () => app.deps.now().getTime()));
  app.decorateRequest('authzAudit', null);
  app.decorateRequest('audited', false);
  app.decorateRequest('committed', false);
  app.decorateRequest('databaseFailed', false);

  app.addHook('onRequest', async (req, reply) => {
    if (isPassPath(req.url)) return;
    const auth = req.auth;
    if (!auth) {
      // The session plugin answers first; reaching here without a session means it is missing: fail closed.
      reply.status(401).send({ errors: ['authz.invalid_session'] });
      return reply;
    }
    const path = normalisePath(req.url);
    if (path === null) return deny(req, reply, req.url);
    if (offAllowedList(path, auth.user.role, app.deps.config.allowedRoles)) return deny(req, reply, path);
    const rows = await app.permissionCache.rows(auth.user.role, (role) => permissionsForRole(app.deps.db.kysely, role));
    const verdict = evaluatePermissions(rows, req.method, path);
    if (!verdict.allowed) return deny(req, reply, path);
    if (verdict.audit) req.authzAudit = { topic: auditTopic(path, verdict.audit) };
  });

  // onSend (not onResponse) so the activity is in the database by the time the client has the answer —
  // and so a request whose activity cannot be written is not served: its answer (a read's data, a
  // refusal) is replaced by the audit's failure (503 database, 507 storage full, 500). A request the
  // database already failed is answered so without waiting for its row, which is still tried: a stalled
  // database would hold the client for a second timeout.
  app.addHook('onSend', async (req, reply, payload) => {
    if (!req.authzAudit || req.audited) return payload;
    req.audited = true;
    const written = recordAdminActivity(app.deps.db.kysely, req, {
      topic: req.authzAudit.topic,
      category: req.authzAudit.category,
      result: reply.statusCode >= 200 && reply.statusCode < 300 ? 'succeed' : 'failed',
      targetUid: requestTargetUid(req),
      data: auditData(req.body ?? null),
    });
    if (req.databaseFailed) {
      written.catch((err) => req.log.error({ err, reqId: req.id, answered: reply.statusCode }, 'failed to record audited request'));
      return payload;
    }
    try {
      await written;
    } catch (err) {
      req.log.error({ err, reqId: req.id, answered: reply.statusCode }, 'failed to record audited request: not served');
      (payload as { destroy?: () => void } | null)?.destroy?.();
      reply.removeHeader('content-length');
      reply.type('application/json; charset=utf-8');
      return JSON.stringify(answerError(err, req, reply));
    }
    return payload;
  });
}
