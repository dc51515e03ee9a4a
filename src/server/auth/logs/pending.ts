/**
 * GET /admin/users/documents/pending (A19), the profile tab of Pending applications. A static path:
 * find-my-way prefers it to the users-detail routes' /admin/users/:uid, whatever the order of
 * registration (tests/server/logs-pending.test.ts checks it). Needs read Profile (route map:
 * pending-applications → Profile/Document).
 *
 * With `extended=true` Barong sends UserWithKYC rows: each row also carries the user's labels (every
 * scope), phones, profiles (latest first) and documents (oldest first, each `upload` the staff file
 * route), read with one query per table for the whole page.
 */
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { requireAbility } from '../require-ability.js';
import { listPendingApplications, PENDING_KEYSET } from '../../db/queries/pending-applications.js';
import { profilesOf } from '../../db/queries/users-admin.js';
import { byUser, labelsOf, phonesOf } from '../../db/queries/users-batch.js';
import { documentsOf } from '../../db/queries/documents.js';
import { documentEntity } from '../documents/entity.js';
import { pendingApplications } from '../../../shared/resources/pending-applications.js';
import { fieldStruct } from '../../../shared/resources/field-structs.js';
import { labelEntity, profileEntity } from '../users/entity.js';
import { iso } from '../../db/queries/user-json.js';
import { parseListParams, type ParseOptions } from './list-params.js';
import { sendPage } from './reply.js';

/** Offset pages near the start, cursor pages anywhere (the queue's keyset); `extended` coded as Barong's admin/users.rb. */
const PARSE: ParseOptions = {
  keyset: 'cursor',
  keysets: { submitted_at: PENDING_KEYSET },
  extra: { extended: fieldStruct({ kind: 'boolean' }) },
  codes: { extended: 'admin.user.non_boolean_extended' },
};

/** The UserWithKYC parts of a page of users, by user id. */
async function kycOf(db: Kysely<DB>, userIds: number[]) {
  const [labels, phones, profiles, documents] = await Promise.all([
    labelsOf(db, userIds), phonesOf(db, userIds), profilesOf(db, userIds), documentsOf(db, userIds),
  ]);
  const [l, ph, pr, d] = [byUser(labels), byUser(phones), byUser(profiles), byUser(documents)];
  return (id: number) => ({
    labels: l(id).map(labelEntity),
    phones: ph(id).map((p) => ({ country: p.country, number: p.number, validated_at: iso(p.validated_at) })),
    profiles: pr(id).map(profileEntity),
    documents: d(id).map((x) => documentEntity(x)),
  });
}

export function pendingRoutes(app: FastifyInstance): void {
  app.get('/admin/users/documents/pending', async (req, reply) => {
    await requireAbility(req, 'read', 'Profile', 'barong');
    const p = parseListParams(pendingApplications, req.query, PARSE);
    const db = app.deps.db.kysely;
    const page = await listPendingApplications(db, { ...p.filters, from: p.from, to: p.to }, p);
    if (p.extra.extended !== true) return sendPage(reply, p, page);
    const kyc = await kycOf(db, page.rows.map((r) => r.id));
    return sendPage(reply, p, { ...page, rows: page.rows.map((r) => ({ ...r, ...kyc(r.id) })) });
  });
}
