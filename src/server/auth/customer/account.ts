/**
 * The rest of a signed-in user's own account (Barong 2.7 resource/users.rb, resource/labels.rb):
 * - GET /resource/users/activity/{topic}: their own user activities (never another's, never staff's
 *   admin activities), newest first; topic one of all, password, session, otp, account (422
 *   `resource.user.wrong_topic`), filters time_from/time_to (Unix seconds) and result, page and limit
 *   (≤ 100) with Total/Page/Per-Page. An empty page is 422 `resource.user.no_activity`, as Barong answers
 *   (baseapp reads that code as "nothing yet").
 * - GET /resource/labels: their public labels and the private labels of their KYC steps — the levels' keys
 *   (email, phone, document) and `profile` — which baseapp's verification screen reads from here (its
 *   label saga). Barong answers every label of the user; staff's other private labels (a `fraud` or
 *   `risk` note) stay theirs: the customer is the last person such a note should reach.
 */
import type { FastifyInstance } from 'fastify';
import { ACTIVITY_TOPICS, ActivityQuery } from '../../../shared/customer.js';
import { ApiError, fail } from '../../plugins/errors.js';
import { validateForm } from '../../../shared/users.js';
import { ownActivities } from '../../db/queries/customer.js';
import { ownLabels } from '../../db/queries/users-auth.js';
import { currentLevels } from '../users/kyc.js';
import { caller } from '../users/guards.js';

const iso = (d: Date | string) => new Date(d).toISOString();

export function accountRoutes(app: FastifyInstance): void {
  const db = app.deps.db.kysely;

  app.get<{ Params: { topic: string } }>('/resource/users/activity/:topic', async (req, reply) => {
    const me = caller(req);
    const topic = req.params.topic;
    if (!(ACTIVITY_TOPICS as readonly string[]).includes(topic)) fail(422, 'resource.user.wrong_topic');
    const r = validateForm(ActivityQuery, req.query ?? {}, { prefix: 'resource.user' });
    if (!r.ok) throw new ApiError(422, r.errors, r.fields);
    const q = r.value;
    const page = Number(q.page ?? 1), limit = Number(q.limit ?? 100);
    const { rows, total } = await ownActivities(db, me.id, {
      topic: topic === 'all' ? null : topic, result: q.result,
      from: q.time_from !== undefined ? new Date(Number(q.time_from) * 1000) : undefined,
      to: q.time_to !== undefined ? new Date(Number(q.time_to) * 1000) : undefined,
      limit, offset: (page - 1) * limit,
    });
    if (rows.length === 0) fail(422, 'resource.user.no_activity');
    reply.header('Total', String(total)).header('Page', String(page)).header('Per-Page', String(limit));
    return rows.map((a) => ({
      id: a.id, user_ip: a.user_ip, user_ip_country: a.user_ip_country, user_agent: a.user_agent, topic: a.topic, action: a.action,
      result: a.result, data: a.data === null ? null : JSON.stringify(a.data), created_at: iso(a.created_at),
    }));
  });

  app.get('/resource/labels', async (req) => {
    const me = caller(req);
    const kycKeys = [...new Set([...(await currentLevels(db)).map((l) => l.key), 'profile'])];
    const rows = await ownLabels(db, me.id, kycKeys);
    return rows.map((l) => ({ key: l.key, value: l.value, scope: l.scope, created_at: iso(l.created_at), updated_at: iso(l.updated_at) }));
  });
}
