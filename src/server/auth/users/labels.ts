/**
 * Labels (A9–A12): create, update (replace creates a missing label, as A10), delete, users carrying a
 * label, and counts. Private labels recompute level and state (kyc.ts). A private label that is a KYC
 * switch (email, phone, profile, document, accredited) also needs Level update (spec §6).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { defaulted, type } from 'superstruct';
import {
  boolField, KYC_LABEL_KEYS, LABEL_MESSAGES, LabelInput, LabelKey, LabelQuery, PagingQuery, validateForm,
} from '../../../shared/users.js';
import type { AbilityAction } from '../../../shared/abilities.js';
import { fail } from '../../plugins/errors.js';
import { withAudit } from '../../plugins/audit.js';
import { requireAbility } from '../require-ability.js';
import * as lq from '../../db/queries/labels.js';
import { lockUserByUid } from '../../db/queries/users-admin.js';
import { bodyOf, caller, found, guardTarget, inputOf, validated } from './guards.js';
import { applyStanding, type LabelChange } from './kyc.js';
import { labelEntity } from './entity.js';
import { userEntity } from '../../db/queries/user-json.js';
import { LIST_CODES } from './read.js';
import { setListHeaders } from '../../db/queries/count.js';
import { MAX_OFFSET } from '../../db/queries/paging.js';

const PREFIX = 'admin.label';
const OPTS = { prefix: PREFIX, messages: LABEL_MESSAGES };
const Replace = type({ replace: defaulted(boolField(), true) });

async function requireLabelAbility(req: FastifyRequest, action: AbilityAction, input: Record<string, unknown>) {
  await requireAbility(req, action, 'Label', 'barong');
  const key = typeof input.key === 'string' ? input.key.trim().toLowerCase() : '';
  if (input.scope === 'private' && KYC_LABEL_KEYS.includes(key)) await requireAbility(req, 'update', 'Level', 'barong');
}

/**
 * One label write on `uid`: in the transaction lock the user, check the protections, apply `write` and,
 * for a private label, recompute level and state; the audit's level and state before → after are the
 * locked row's and the recomputed ones.
 */
async function labelWrite<T>(
  req: FastifyRequest, uid: string, scope: string, change: LabelChange, action: string,
  write: (trx: Parameters<typeof lq.findLabel>[0], userId: number, now: Date) => Promise<T>,
): Promise<T> {
  const by = caller(req);
  return withAudit(req, { topic: 'labels', action, targetUid: uid, data: { uid, scope, ...change } }, async (trx, note) => {
    const u = found(await lockUserByUid(trx, uid));
    guardTarget(by, u);
    const before = scope === 'private' ? await lq.privateLabels(trx, u.id) : [];
    const now = req.server.deps.now();
    const out = await write(trx, u.id, now);
    if (scope === 'private') {
      const what = change.op === 'set' ? `${change.key}:${change.value}` : `${change.key} removed`;
      const next = await applyStanding(trx, u, before, by.id, `label ${what}`, now);
      note({ level: { from: u.level, to: next.level }, state: { from: u.state, to: next.state } });
    }
    return out;
  });
}

export async function labelRoutes(app: FastifyInstance): Promise<void> {
  const db = () => app.deps.db.kysely;

  app.post('/users/labels', async (req) => {
    await requireLabelAbility(req, 'create', bodyOf(req));
    const v = validated(validateForm(LabelInput, bodyOf(req), OPTS));
    const row = await labelWrite(req, v.uid, v.scope, { op: 'set', key: v.key, value: v.value }, 'create',
      async (trx, userId, now) => (await lq.insertLabel(trx, userId, v, now)) ?? fail(422, 'key.taken'));
    return labelEntity(row);
  });

  const update = async (req: FastifyRequest) => {
    await requireLabelAbility(req, 'update', bodyOf(req));
    const v = validated(validateForm(LabelInput, bodyOf(req), OPTS));
    const { replace } = validated(validateForm(Replace, bodyOf(req), { prefix: 'admin.user', codes: { 'replace.invalid': 'admin.user.non_boolean_replace' } }));
    const row = await labelWrite(req, v.uid, v.scope, { op: 'set', key: v.key, value: v.value }, 'update',
      async (trx, userId, now) => (replace
        ? lq.upsertLabel(trx, userId, v, now)
        : (await lq.updateLabel(trx, userId, v, now)) ?? fail(404, `${PREFIX}.doesnt_exist`)));
    return labelEntity(row);
  };
  app.post('/users/labels/update', update);
  app.put('/users/labels', update);

  app.delete('/users/labels', async (req) => {
    await requireLabelAbility(req, 'delete', inputOf(req));
    const v = validated(validateForm(LabelKey, inputOf(req), OPTS));
    const row = await labelWrite(req, v.uid, v.scope, { op: 'remove', key: v.key }, 'delete',
      async (trx, userId) => (await lq.deleteLabel(trx, userId, v.key, v.scope)) ?? fail(404, `${PREFIX}.doesnt_exist`));
    return labelEntity(row);
  });

  // A12: the users carrying key=value (a user's own labels come with the user detail).
  app.get('/users/labels', async (req, reply) => {
    await requireAbility(req, 'read', 'User', 'barong');
    const query = (req.query ?? {}) as Record<string, unknown>;
    const v = validated(validateForm(LabelQuery, query, OPTS));
    const page = validated(validateForm(PagingQuery, query, { prefix: 'admin.user', codes: LIST_CODES }));
    const p = page.page ?? 1, limit = page.limit ?? 100;
    // Offsets stay shallow, as on every list (list-params.ts): a deep one would walk the label's index.
    if ((p - 1) * limit > MAX_OFFSET) fail(422, 'admin.pagination.page_too_deep');
    const { rows, total } = await lq.usersWithLabel(db(), v.key, v.value, p, limit);
    setListHeaders(reply, { ...total, page: p, perPage: limit });
    return rows.map(userEntity);
  });

  app.get('/users/labels/list', async (req) => {
    await requireAbility(req, 'read', 'Label', 'barong');
    return lq.labelCounts(db());
  });
}
