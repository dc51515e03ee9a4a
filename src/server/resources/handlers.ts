/**
 * Handlers for one definition: list, get, create, update, delete. The order inside each is the same:
 * ability, then validation with the resource's struct, then the work (writes through withAudit, so the
 * write and its admin activity commit together).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Transaction } from 'kysely';
import { serviceOf, type Subject } from '../../shared/abilities.js';
import type { Operation, Resource } from '../../shared/resources/define.js';
import { resourceNamed } from '../../shared/resources/index.js';
import { validateCreate, validateListQuery, validateUpdate, type Checked } from '../../shared/resources/structs.js';
import { idStruct } from '../../shared/resources/field-structs.js';
import type { DB } from '../db/schema.js';
import {
  deleteRow, getRow, insertRow, listRows, rowExists, updateRow, valueTaken, type Row,
} from '../db/queries/resources.js';
import { requireAbility } from '../auth/require-ability.js';
import { withAudit } from '../plugins/audit.js';
import { ApiError } from '../plugins/errors.js';
import { fromDbError, refName, toWire } from './wire.js';

function allow(req: FastifyRequest, r: Resource, op: Operation, fields?: string[]): Promise<void> {
  const subject = r.subject as Subject;
  return requireAbility(req, r.abilityFor[op], subject, serviceOf(subject), fields);
}

function valid<T>(c: Checked<T>): T {
  if (!c.ok) throw new ApiError(422, c.errors, c.fields);
  return c.value;
}

const notFound = (r: Resource) => new ApiError(404, [`${r.errorPrefix}.doesnt_exist`]);

function idOf(r: Resource, raw: unknown): number {
  const [err, id] = idStruct().validate(raw, { coerce: true });
  if (err) {
    const code = raw === undefined || raw === '' ? `${r.errorPrefix}.missing_id` : `${r.errorPrefix}.invalid_id`;
    throw new ApiError(422, [code], { id: [code] });
  }
  return id;
}

/** The per-attribute fields of a write, for abilities granted on attributes only (Currency, Blockchain). */
function attributes(r: Resource, values: Row): string[] | undefined {
  const list = Object.keys(values).flatMap((k) => (values[k] !== undefined && r.fields[k]?.attribute ? [r.fields[k].attribute!] : []));
  return list.length ? list : undefined;
}

/** Referenced rows must exist and unique values must be free, checked in the write's transaction. */
async function checkWrite(trx: Transaction<DB>, r: Resource, values: Row, selfId?: number): Promise<void> {
  for (const [k, v] of Object.entries(values)) {
    const f = r.fields[k];
    if (v === undefined || v === null || !f) continue;
    if (f.kind === 'reference' && f.references && !(await rowExists(trx, resourceNamed(f.references), v as number))) {
      const code = `${r.errorPrefix}.${refName(k)}_doesnt_exist`;
      throw new ApiError(422, [code], { [k]: [code] });
    }
    if (f.unique && (await valueTaken(trx, r, k, v, selfId))) {
      const code = `${r.errorPrefix}.${k}_taken`;
      throw new ApiError(422, [code], { [k]: [code] });
    }
  }
}

async function guarded<T>(r: Resource, work: () => Promise<T>, deleting = false): Promise<T> {
  try { return await work(); } catch (err) { throw fromDbError(r, err, deleting); }
}

/** Grape answers POST with 201 and everything else with 200. */
const statusOf = (req: FastifyRequest) => (req.method === 'POST' ? 201 : 200);

export function handlers(r: Resource) {
  return {
    async list(req: FastifyRequest, reply: FastifyReply) {
      await allow(req, r, 'list');
      const q = valid(validateListQuery(r, req.query));
      const { rows, total } = await listRows(req.server.deps.db.kysely, r, q);
      reply.header('Total', String(total)).header('Page', String(q.page)).header('Per-Page', String(q.limit));
      return rows.map((row) => toWire(r, row));
    },

    async get(req: FastifyRequest<{ Params: { id: string } }>) {
      await allow(req, r, 'get');
      const row = await getRow(req.server.deps.db.kysely, r, idOf(r, req.params.id));
      if (!row) throw notFound(r);
      return toWire(r, row);
    },

    async create(req: FastifyRequest, reply: FastifyReply) {
      await allow(req, r, 'create');
      const values = valid(validateCreate(r, req.body));
      const row = await withAudit(req, { topic: r.name, action: 'create' }, (trx) => guarded(r, async () => {
        await checkWrite(trx, r, values);
        return insertRow(trx, r, values, req.server.deps.now());
      }));
      return reply.status(statusOf(req)).send(toWire(r, row));
    },

    async update(req: FastifyRequest, reply: FastifyReply) {
      const checked = validateUpdate(r, req.body);
      await allow(req, r, 'update', checked.ok ? attributes(r, checked.value) : undefined);
      const { id, ...values } = valid(checked);
      const row = await withAudit(req, { topic: r.name, action: 'update' }, (trx) => guarded(r, async () => {
        if (!(await rowExists(trx, r, id))) throw notFound(r);
        await checkWrite(trx, r, values, id);
        return (await updateRow(trx, r, id, values, req.server.deps.now()))!;
      }));
      return reply.status(statusOf(req)).send(toWire(r, row));
    },

    async delete(req: FastifyRequest, reply: FastifyReply) {
      await allow(req, r, 'delete');
      const q = req.query as Record<string, unknown> | undefined;
      const b = req.body as Record<string, unknown> | undefined;
      const id = idOf(r, q?.id ?? (b && typeof b === 'object' ? b.id : undefined));
      const row = await withAudit(req, { topic: r.name, action: 'delete', data: { id } }, (trx) => guarded(r, async () => {
        const gone = await deleteRow(trx, r, id);
        if (!gone) throw notFound(r);
        return gone;
      }, true));
      return reply.status(statusOf(req)).send(toWire(r, row));
    },
  };
}
