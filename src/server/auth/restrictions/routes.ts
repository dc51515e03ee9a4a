/**
 * Restrictions' own rules on the generic CRUD (write hook) and the whitelink calls:
 * - a rule's value must fit its scope (values.ts), its code defaults as Barong's does;
 * - guard rail: a write after which the writer's own address would be refused (blacklisted, or blocked
 *   from signing in) is refused with `admin.restriction.locks_you_out` unless sent again with
 *   `X-Confirm: admin.restriction.locks_you_out` (the console asks first). Maintenance never locks out
 *   staff, so it needs no confirmation;
 * - POST /admin/restrictions/whitelink {expire_time 1..30 = 1, range day|hour = day} (create
 *   Restriction): 201 {whitelink_token}, 64 hex characters, kept as its SHA-256; one use, then expired;
 * - POST /identity/users/access {whitelink_token} (anyone; never restricted): a live, unused token adds
 *   a whitelist rule for the caller's address and is spent; otherwise 422 identity.user.access.invalid_token.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { LOCKOUT_CODE, restrictions } from '../../../shared/resources/restrictions.js';
import { fieldStruct } from '../../../shared/resources/field-structs.js';
import { ApiError, fail } from '../../plugins/errors.js';
import { withAudit } from '../../plugins/audit.js';
import { clientOf } from '../../plugins/restrictions.js';
import { requireAbility } from '../require-ability.js';
import { registerWriteHook } from '../../resources/write-hooks.js';
import { judge, type Rule } from './rules.js';
import { defaultCode, normaliseValue } from './values.js';

const P = 'admin.restriction';
const WHITELINK = restrictions.listCalls!.find((c) => c.name === 'whitelink')!;
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

export function restrictionRoutes(app: FastifyInstance): void {
  registerWriteHook('restrictions', async ({ req, trx, values, stored }) => {
    const row = { ...stored, ...values } as { id?: number; category: string; scope: string; value: string; code?: number | null; state: string };
    if (values.value !== undefined || values.scope !== undefined) {
      const value = normaliseValue(row.scope, String(row.value ?? ''));
      if (value === null) throw new ApiError(422, [`${P}.invalid_value`], { value: [`${P}.invalid_value`] });
      values.value = value;
      row.value = value;
    }
    if (row.code === undefined || row.code === null || values.category !== undefined && row.category === 'whitelist') {
      values.code = defaultCode(row.category, row.scope);
      row.code = values.code as number;
    }
    // The rules as they will be, for the writer's own address: refused anywhere, or at sign-in. Read in the
    // write's own transaction (not the node's cache, whose re-read would need a second connection).
    const enabled = await trx.selectFrom('restrictions').select(['id', 'category', 'scope', 'value', 'code']).where('state', '=', 'enabled').execute();
    const others = enabled.filter((r) => r.id !== stored.id);
    const after: Rule[] = row.state === 'enabled' ? [...others, { id: row.id ?? 0, category: row.category, scope: row.scope, value: row.value, code: row.code! }] : others;
    const me = clientOf(app, req);
    const locked = judge(after, me, false).kind === 'refuse' || judge(after, me, true).kind === 'refuse';
    if (locked && req.headers['x-confirm'] !== LOCKOUT_CODE) throw new ApiError(409, [LOCKOUT_CODE]);
  });

  app.post('/admin/restrictions/whitelink', async (req, reply) => {
    await requireAbility(req, 'create', 'Restriction', 'barong');
    // The call's params as the resource declares them (the console's dialog checks the same structs).
    const b = (req.body && typeof req.body === 'object' && !Array.isArray(req.body) ? req.body : {}) as Record<string, unknown>;
    const param = (name: 'expire_time' | 'range', code: string) => {
      const f = WHITELINK.params![name]!;
      const [err, v] = fieldStruct(f).validate(b[name] ?? f.default, { coerce: true });
      if (err || v === undefined) fail(422, code);
      return v;
    };
    const expire = Number(param('expire_time', `${P}.invalid_expire`));
    const range = String(param('range', `${P}.invalid_range`));
    const token = randomBytes(32).toString('hex');
    const expiresAt = new Date(app.deps.now().getTime() + expire * (range === 'day' ? 86_400_000 : 3_600_000));
    await withAudit(req, { topic: 'restrictions', action: 'whitelink', data: { expire_time: expire, range, expires_at: expiresAt.toISOString() } }, (trx) =>
      trx.insertInto('whitelink_tokens').values({ token_hash: sha256(token), created_by: req.auth!.user.id, expires_at: expiresAt }).execute());
    return reply.status(201).send({ whitelink_token: token });
  });

  app.post('/identity/users/access', async (req, reply) => {
    const raw = (req.body && typeof req.body === 'object' ? (req.body as { whitelink_token?: unknown }).whitelink_token : undefined);
    if (typeof raw !== 'string' || !/^[0-9a-f]{64}$/.test(raw)) fail(422, 'identity.user.access.invalid_token');
    const ip = clientOf(app, req).ip;
    const now = app.deps.now();
    const spent = await app.deps.db.kysely.transaction().execute(async (trx) => {
      const used = await trx.updateTable('whitelink_tokens').set({ used_at: now, used_ip: ip })
        .where('token_hash', '=', sha256(raw)).where('used_at', 'is', null).where('expires_at', '>', now)
        .returning('token_hash').executeTakeFirst();
      if (!used) return false;
      await trx.insertInto('restrictions').values({ category: 'whitelist', scope: 'ip', value: ip, code: defaultCode('whitelist', 'ip'), state: 'enabled', created_at: now, updated_at: now })
        .onConflict((oc) => oc.columns(['scope', 'category', 'value']).doUpdateSet({ state: 'enabled', updated_at: sql`excluded.updated_at` }))
        .execute();
      return true;
    });
    if (!spent) fail(422, 'identity.user.access.invalid_token');
    return reply.status(201).send({ whitelisted: ip });
  });
}
