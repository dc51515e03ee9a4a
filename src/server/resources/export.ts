/**
 * CSV export of a list view (issue 17 item 4): `GET /api/v2/<service>/admin/exports/<resource>.csv`
 * with the list's own query (filters, order_by, ordering, the scope's fixed parameters) and `columns`.
 *
 * Generic over the registry, bespoke lists included, by walking the list's own route: each page is the
 * list endpoint answered in process (Fastify inject) with the caller's session, at the dialect's largest
 * page, following Next-Cursor (keyset lists) or the page number (the small offset-paged tables). So every
 * filter, every order, every ability check and every permission row behaves exactly as on screen, and a
 * list added later exports without a line here. Only one page (≤ 1,000 rows) is held at a time, and the
 * next is read only when the socket has taken the last (a Readable pulled by Fastify's pipe), so a
 * million rows stream in bounded memory; the client closing the connection destroys the stream and the
 * walk stops at the next page. Every export leaves one admin activity (topic: the resource, action
 * `export`) with its filters, columns and the rows sent — on cancel, the rows sent so far.
 */
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { serviceOf, type Subject } from '../../shared/abilities.js';
import { csvHeader, csvRow, EXPORT_COLUMNS_PARAM, EXPORT_HEADERS, exportPath, pickColumns, type ExportColumn } from '../../shared/export.js';
import { LIMITS } from '../../shared/list-query.js';
import { RESOURCES, type Resource } from '../../shared/resources/index.js';
import { requireAbility } from '../auth/require-ability.js';
import { recordAdminActivity } from '../plugins/audit.js';
import { ApiError } from '../plugins/errors.js';

/** Parameters of the view that the export sets itself: it always starts at the first row. */
const PAGING = new Set(['page', 'limit', 'cursor', 'before_id', EXPORT_COLUMNS_PARAM]);
/** Request headers not passed to the page requests (they would change the answer's encoding or range). */
const DROPPED = new Set(['accept-encoding', 'if-none-match', 'if-modified-since', 'range', 'connection', 'content-length', 'content-type']);

interface PageAnswer { status: number; body: string; rows: Record<string, unknown>[]; next: string | null; total: number | null; estimated: string | null }

/** The view's own parameters, as strings (a repeated parameter keeps its first value, as the list does). */
function viewParams(query: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(query && typeof query === 'object' ? query : {})) {
    if (PAGING.has(k)) continue;
    const one = Array.isArray(v) ? v[0] : v;
    if (typeof one === 'string' || typeof one === 'number' || typeof one === 'boolean') out[k] = String(one);
  }
  return out;
}

async function readPage(req: FastifyRequest, r: Resource, params: Record<string, string>): Promise<PageAnswer> {
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(req.headers)) if (!DROPPED.has(k) && typeof v === 'string') headers[k] = v;
  headers.accept = 'application/json';
  const res = await req.server.inject({
    method: 'GET', url: `/api/v2/${r.service}${r.endpoints.list!.path}?${new URLSearchParams(params)}`,
    headers, remoteAddress: req.raw.socket?.remoteAddress ?? req.ip,
  });
  let rows: Record<string, unknown>[] = [];
  if (res.statusCode === 200) {
    const parsed: unknown = JSON.parse(res.body);
    rows = Array.isArray(parsed) ? (parsed as Record<string, unknown>[]) : [];
  }
  const h = (name: string) => (typeof res.headers[name] === 'string' ? (res.headers[name] as string) : null);
  const total = h('total');
  return { status: res.statusCode, body: res.body, rows, next: h('next-cursor'), total: total === null ? null : Number(total), estimated: h('total-estimated') };
}

interface Outcome { rows: number; truncated: boolean; canceled: boolean; stoppedBy?: unknown }

/**
 * The CSV, page by page. Keyset lists follow Next-Cursor; a list that never sent one pages by number
 * until a short page (a keyset list whose first page sent none has no more rows: the next is empty).
 */
async function* csvOf(req: FastifyRequest, r: Resource, params: Record<string, string>, cols: ExportColumn[], first: PageAnswer,
  cap: number, done: (o: Outcome) => Promise<void>): AsyncGenerator<string> {
  const limit = LIMITS[r.service].max;
  const o: Outcome = { rows: 0, truncated: false, canceled: true };
  try {
    yield csvHeader(cols);
    const keyset = first.next !== null;
    let page = first;
    let number = 1;
    for (;;) {
      const take = Math.min(page.rows.length, cap - o.rows);
      let chunk = '';
      for (let i = 0; i < take; i++) chunk += csvRow(page.rows[i]!, cols);
      o.rows += take;
      if (chunk) yield chunk;
      const more = keyset ? page.next !== null : page.rows.length === limit;
      if (take < page.rows.length || (more && o.rows >= cap)) { o.truncated = true; break; }
      if (!more) break;
      number++;
      // Let the event loop reach its I/O phase between pages: with the embedded database every await is a
      // microtask, and without this a closed socket (a cancel) would go unnoticed until the walk ended.
      await new Promise((resolve) => setImmediate(resolve));
      page = await readPage(req, r, { ...params, limit: String(limit), ...(keyset ? { cursor: page.next!, page: String(number) } : { page: String(number) }) });
      if (page.status !== 200) {
        // A list without cursors stops at the offset bound (page_too_deep): the file says as much as it could.
        o.truncated = true;
        o.stoppedBy = safeErrors(page.body);
        break;
      }
    }
    o.canceled = false;
  } finally {
    await done(o);
  }
}

function safeErrors(body: string): unknown {
  try { return (JSON.parse(body) as { errors?: unknown }).errors; } catch { return undefined; }
}

async function exportList(req: FastifyRequest, reply: FastifyReply, r: Resource) {
  const subject = r.subject as Subject;
  await requireAbility(req, r.abilityFor.list, subject, serviceOf(subject));
  const query = (req.query ?? {}) as Record<string, unknown>;
  const cols = pickColumns(r, query[EXPORT_COLUMNS_PARAM]);
  if (!cols) throw new ApiError(422, ['admin.export.invalid_columns'], { [EXPORT_COLUMNS_PARAM]: ['admin.export.invalid_columns'] });
  const params = viewParams(query);
  const cap = req.server.deps.config.exportMaxRows;
  const limit = LIMITS[r.service].max;
  const first = await readPage(req, r, { ...params, page: '1', limit: String(limit) });
  // The list's own refusal (a bad filter, no ability) is the export's, before a byte of CSV.
  if (first.status !== 200) return reply.status(first.status).type('application/json; charset=utf-8').send(first.body);
  // An exact count past the cap is refused up front; an estimate is not trusted to refuse (it may be
  // far off): such an export streams up to the cap and stops there (Export-Max-Rows tells the client).
  if (first.total !== null && first.estimated === null && first.total > cap) {
    throw new ApiError(422, ['admin.export.too_many_rows'], { [EXPORT_COLUMNS_PARAM]: ['admin.export.too_many_rows'] });
  }
  const audit = (o: Outcome) => recordAdminActivity(req.server.deps.db.kysely, req, {
    topic: r.name, action: 'export', result: o.canceled ? 'failed' : 'succeed',
    data: { filters: params, columns: cols.map((c) => c.id), rows: o.rows, truncated: o.truncated, canceled: o.canceled,
      ...(o.stoppedBy ? { stopped_by: o.stoppedBy } : {}) },
  }).catch((err) => req.log.error({ err, reqId: req.id, export: r.name, rows: o.rows }, 'failed to record an export'));
  req.audited = true;
  const stamp = new Date(req.server.deps.now()).toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', '-');
  reply.header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${r.name}-${stamp}Z.csv"`)
    .header('cache-control', 'no-store')
    .header(EXPORT_HEADERS.max, String(cap));
  if (first.total !== null) {
    reply.header(EXPORT_HEADERS.total, String(Math.min(first.total, cap)));
    if (first.estimated) reply.header(EXPORT_HEADERS.estimated, first.estimated);
  }
  // HEAD (which Fastify routes to this handler) learns the headers without walking a row or leaving an audit.
  if (req.method === 'HEAD') return reply.send('');
  // highWaterMark 1: one page is prepared ahead of the socket at most.
  return reply.send(Readable.from(csvOf(req, r, params, cols, first, cap, audit), { objectMode: false, highWaterMark: 1 }));
}

/** The export route of one listed resource, under its service's admin tree (so its permission rows apply). */
export function registerExportRoute(app: FastifyInstance, r: Resource): void {
  app.get(`/api/v2/${r.service}${exportPath(r)}`, (req, reply) => exportList(req, reply, r));
}

/** One export route per listed resource of the registry. */
export function registerExportRoutes(app: FastifyInstance): void {
  for (const r of RESOURCES) if (r.endpoints.list) registerExportRoute(app, r);
}
