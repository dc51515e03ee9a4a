/**
 * A staff member's pinned records (issue 17 item 7), under Barong's `resource` tree: the signed-in
 * account's own things, like /resource/users/me. Every call is scoped to the caller, so a staff member
 * lists, adds and removes only their own pins, whatever their role; accounts outside the console's roles
 * have none. Writes are audited by the gateway's AUDIT rows for staff, like every staff write.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { idStruct } from '../../shared/resources/field-structs.js';
import { PIN_MAX, PIN_PATH, PIN_TITLE_MAX } from '../../shared/pins.js';
import { fail } from '../plugins/errors.js';

const ID = idStruct();

/** The caller's user id; 401 for an account the console does not admit. */
function owner(req: FastifyRequest): number {
  if (!req.auth) fail(401, 'authz.invalid_session');
  if (!req.server.deps.config.allowedRoles.includes(req.auth.user.role)) fail(401, 'authz.invalid_permission');
  return req.auth.user.id;
}

const pinEntity = (p: { id: number; path: string; title: string; created_at: Date | string }) => ({
  id: Number(p.id), path: p.path, title: p.title, created_at: new Date(p.created_at).toISOString(),
});

function pinBody(body: unknown): { path: string; title: string } {
  const b = (body && typeof body === 'object' && !Array.isArray(body) ? body : {}) as Record<string, unknown>;
  const codes: string[] = [];
  if (b.path === undefined || b.path === null || b.path === '') codes.push('resource.pin.missing_path');
  else if (typeof b.path !== 'string' || !PIN_PATH.test(b.path)) codes.push('resource.pin.invalid_path');
  const title = typeof b.title === 'string' ? b.title.trim() : b.title;
  if (title === undefined || title === null || title === '') codes.push('resource.pin.missing_title');
  else if (typeof title !== 'string' || title.length > PIN_TITLE_MAX) codes.push('resource.pin.invalid_title');
  if (codes.length > 0) fail(422, ...codes);
  return { path: b.path as string, title: title as string };
}

export function pinRoutes(app: FastifyInstance): void {
  const db = () => app.deps.db.kysely;

  app.get('/resource/pins', async (req) => {
    const userId = owner(req);
    const rows = await db().selectFrom('staff_pins').selectAll().where('user_id', '=', userId)
      .orderBy('created_at', 'desc').orderBy('id', 'desc').limit(PIN_MAX).execute();
    return rows.map(pinEntity);
  });

  // Pinning a path already pinned renames it and answers 200; a new pin answers 201. The staff member's
  // row is locked for the count and the insert, so two pins sent at once cannot pass the cap together.
  app.post('/resource/pins', async (req, reply) => {
    const userId = owner(req);
    const { path, title } = pinBody(req.body);
    const [status, row] = await db().transaction().execute(async (trx) => {
      await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
      const renamed = await trx.updateTable('staff_pins').set({ title }).where('user_id', '=', userId).where('path', '=', path)
        .returningAll().executeTakeFirst();
      if (renamed) return [200, renamed] as const;
      const { n } = await trx.selectFrom('staff_pins').select((e) => e.fn.countAll<number>().as('n')).where('user_id', '=', userId)
        .executeTakeFirstOrThrow();
      if (Number(n) >= PIN_MAX) fail(422, 'resource.pin.too_many');
      return [201, await trx.insertInto('staff_pins').values({ user_id: userId, path, title }).returningAll().executeTakeFirstOrThrow()] as const;
    });
    return reply.status(status).send(pinEntity(row));
  });

  app.delete<{ Params: { id: string } }>('/resource/pins/:id', async (req) => {
    const userId = owner(req);
    const [err, id] = ID.validate(req.params.id, { coerce: true });
    if (err) fail(422, 'resource.pin.non_integer_id');
    const gone = await db().deleteFrom('staff_pins').where('id', '=', id).where('user_id', '=', userId).returningAll().executeTakeFirst();
    // Another staff member's pin is as absent as one that never was.
    return gone ? pinEntity(gone) : fail(404, 'record.not_found');
  });
}
