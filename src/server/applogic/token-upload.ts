/**
 * `POST /admin/tokens/upload?dry_run=true|false` (manage Token; spec §2 Header Upload, §6): a CSV of
 * tokens or NFE items. The body is a `multipart/form-data` file part (the console's), raw `text/csv`, or
 * JSON `{csv, filename?}` (scripts). The whole file is checked first, every row (the resource's own
 * struct, the token rules, then the database in bulk: currencies, categories, blockchains, holders,
 * codes taken in the table or earlier in the file); a dry run (the default) answers the report
 * (UploadReport: rows, the first ones as they would be stored, each bad line's errors). `dry_run=false`
 * runs the same checks inside one transaction and, with no error, inserts every row in batched
 * multi-row INSERTs and audits the upload once; with any error nothing is written
 * (`admin.token.upload_invalid_rows`). File-level refusals: `upload_too_large` (413, UPLOAD_MAX_BYTES),
 * `upload_missing_file`, `upload_malformed` (multipart or CSV; `fields: {"line.N": …}` where a line is
 * known), `upload_not_utf8`, `upload_empty`, `upload_unknown_column` / `upload_missing_column` /
 * `upload_duplicate_column` (`fields` name the columns), `upload_too_many_rows` (UPLOAD_MAX_ROWS).
 */
import type { FastifyInstance } from 'fastify';
import { sql, type Kysely, type Transaction } from 'kysely';
import { UPLOAD_MAX_REPORTED_ERRORS, UPLOAD_PREVIEW_ROWS, type UploadReport } from '../../shared/resources/define.js';
import { validateCreate } from '../../shared/resources/structs.js';
import { tokenRowErrors, tokens } from '../../shared/resources/tokens.js';
import type { DB } from '../db/schema.js';
import { requireAbility } from '../auth/require-ability.js';
import { withAudit } from '../plugins/audit.js';
import { ApiError } from '../plugins/errors.js';
import { fromDbError } from '../resources/wire.js';
import { decodeText, FileError, multipartFile, parseCsv, type CsvRecord } from './csv.js';
import { existing, normaliseToken, takenKeys } from './tokens.js';

const P = tokens.errorPrefix;
const UPLOAD = tokens.upload!;
/** Rows per INSERT (insertAll). */
const BATCH = 5000;
const NFE_ONLY = ['token_number', 'nfe_category_id', 'owner_uid'];

type Db = Kysely<DB> | Transaction<DB>;
interface Checked { report: UploadReport; rows: Record<string, unknown>[] }

const fileError = (status: number, code: string, fields?: Record<string, string[]>) => new ApiError(status, [`${P}.${code}`], fields);

/** The CSV text of the body, whichever of the three forms it came in. */
function fileOf(body: unknown, contentType: string): { filename: string; text: string } {
  try {
    if (Buffer.isBuffer(body)) {
      if (contentType.toLowerCase().startsWith('multipart/form-data')) {
        const f = multipartFile(body, contentType);
        return { filename: f.filename, text: decodeText(f.data) };
      }
      return { filename: 'upload.csv', text: decodeText(body) };
    }
    const b = body as { csv?: unknown; filename?: unknown } | undefined;
    if (b && typeof b === 'object' && typeof b.csv === 'string') return { filename: typeof b.filename === 'string' ? b.filename.slice(0, 200) : 'upload.csv', text: b.csv.replace(/^\ufeff/, '') };
  } catch (err) {
    if (err instanceof FileError) throw fileError(422, err.code === 'missing_file' ? 'upload_missing_file' : err.code === 'not_utf8' ? 'upload_not_utf8' : 'upload_malformed');
    throw err;
  }
  throw fileError(422, 'upload_missing_file');
}

/** The header row: known columns, each once, the required ones present. */
function headerOf(records: CsvRecord[]): string[] {
  if (records.length === 0) throw fileError(422, 'upload_empty');
  const header = records[0]!.fields.map((h) => h.trim().toLowerCase());
  // The declaration's own lists, which the console's template and column help are made from too.
  const unknown = header.filter((h) => !UPLOAD.columns.includes(h));
  if (unknown.length) throw fileError(422, 'upload_unknown_column', Object.fromEntries(unknown.slice(0, 20).map((h) => [h || '(empty)', [`${P}.upload_unknown_column`]])));
  const twice = header.filter((h, i) => header.indexOf(h) !== i);
  if (twice.length) throw fileError(422, 'upload_duplicate_column', Object.fromEntries(twice.map((h) => [h, [`${P}.upload_duplicate_column`]])));
  const missing = UPLOAD.required.filter((h) => !header.includes(h));
  if (missing.length) throw fileError(422, 'upload_missing_column', Object.fromEntries(missing.map((h) => [h, [`${P}.upload_missing_column`]])));
  return header;
}

/** Every row checked: the struct and rules per row, then the database in bulk. */
async function check(db: Db, records: CsvRecord[], maxRows: number): Promise<Checked> {
  const header = headerOf(records);
  const data = records.slice(1);
  if (data.length === 0) throw fileError(422, 'upload_empty');
  if (data.length > maxRows) throw fileError(413, 'upload_too_many_rows');
  const errors: UploadReport['errors'] = [];
  let errorCount = 0;
  const bad = new Set<number>();
  const err = (line: number, field: string, code: string) => {
    errorCount++;
    bad.add(line);
    if (errors.length < UPLOAD_MAX_REPORTED_ERRORS) errors.push({ line, field, code });
  };
  const rows: { line: number; v: Record<string, unknown> }[] = [];
  for (const rec of data) {
    if (rec.fields.length !== header.length) { err(rec.line, '', `${P}.upload_wrong_field_count`); continue; }
    const input: Record<string, unknown> = {};
    header.forEach((h, i) => { const v = rec.fields[i]!.trim(); if (v !== '') input[h] = v; });
    const c = validateCreate(tokens, input);
    if (!c.ok) {
      const fields = Object.entries(c.fields ?? {});
      if (fields.length) for (const [f, codes] of fields) for (const code of codes) err(rec.line, f, code);
      else for (const code of c.errors) err(rec.line, '', code);
      continue;
    }
    const v = c.value;
    // As the form's create settles it: an item's own fields are nothing on a fungible token.
    if (v.kind === 'fungible') for (const k of NFE_ONLY) v[k] = null;
    normaliseToken(v, v);
    const ruled = tokenRowErrors(v);
    if (ruled.length) { for (const [f, code] of ruled) err(rec.line, f, `${P}.${code}`); continue; }
    rows.push({ line: rec.line, v });
  }
  // The database, once per kind of reference for the whole file.
  const pick = (k: string, when?: (v: Record<string, unknown>) => boolean) =>
    rows.flatMap((r) => (r.v[k] != null && (!when || when(r.v)) ? [String(r.v[k])] : []));
  const fungible = (v: Record<string, unknown>) => v.kind === 'fungible';
  const [currencies, chains, categories, holders, taken] = await Promise.all([
    existing(db, 'currencies', 'code', pick('code', fungible)),
    existing(db, 'blockchains', 'key', pick('blockchain_key')),
    existing(db, 'nfe_categories', 'id', pick('nfe_category_id').map(Number)),
    existing(db, 'users', 'uid', pick('owner_uid')),
    takenKeys(db, pick('code')),
  ]);
  const seen = new Map<string, number>();
  const good: Record<string, unknown>[] = [];
  for (const { line, v } of rows) {
    const before = errorCount;
    if (fungible(v) && !currencies.has(String(v.code))) err(line, 'code', `${P}.currency_doesnt_exist`);
    if (v.blockchain_key != null && !chains.has(String(v.blockchain_key))) err(line, 'blockchain_key', `${P}.blockchain_doesnt_exist`);
    if (v.nfe_category_id != null && !categories.has(String(v.nfe_category_id))) err(line, 'nfe_category_id', `${P}.nfe_category_doesnt_exist`);
    if (v.owner_uid != null && !holders.has(String(v.owner_uid))) err(line, 'owner_uid', `${P}.owner_uid_doesnt_exist`);
    const key = `${v.code}|${v.token_number ?? ''}`;
    const code = fungible(v) ? `${P}.code_taken` : `${P}.code_token_number_taken`;
    if (taken.has(key)) err(line, fungible(v) ? 'code' : 'token_number', code);
    else if (seen.has(key)) err(line, fungible(v) ? 'code' : 'token_number', `${P}.upload_duplicate_row`);
    else seen.set(key, line);
    if (errorCount === before) good.push(v);
  }
  errors.sort((a, b) => a.line - b.line);
  return {
    rows: good,
    report: {
      dry_run: true, total: data.length, valid: data.length - bad.size, created: 0,
      preview: good.slice(0, UPLOAD_PREVIEW_ROWS), errors, error_count: errorCount,
    },
  };
}

const COLUMNS = ['kind', 'name', 'code', 'blockchain_key', 'contract_address', 'token_number', 'nfe_category_id', 'metadata_url', 'supply', 'owner_uid', 'state'] as const;

/** Each column's SQL type for the arrays unnest() takes apart. */
const TYPES: Record<(typeof COLUMNS)[number], string> = {
  kind: 'text', name: 'text', code: 'text', blockchain_key: 'text', contract_address: 'text', token_number: 'text',
  nfe_category_id: 'bigint', metadata_url: 'text', supply: 'numeric', owner_uid: 'text', state: 'text',
};

/**
 * The rows in batches of BATCH, each one INSERT … SELECT FROM unnest(one array per column): a multi-row
 * INSERT with 11 parameters however many rows it carries, so PostgreSQL (and PGlite) parse and bind one
 * small statement per batch instead of 11 × BATCH placeholders.
 */
async function insertAll(trx: Transaction<DB>, rows: Record<string, unknown>[], at: Date): Promise<void> {
  for (let i = 0; i < rows.length; i += BATCH) {
    const batch = rows.slice(i, i + BATCH);
    const arrays = COLUMNS.map((k) => sql`${batch.map((v) => (v[k] == null ? null : String(v[k])))}::${sql.raw(TYPES[k])}[]`);
    await sql`INSERT INTO tokens (${sql.join(COLUMNS.map((k) => sql.ref(k)))}, created_at, updated_at)
      SELECT u.*, ${at}::timestamptz, ${at}::timestamptz FROM unnest(${sql.join(arrays)}) AS u`.execute(trx);
  }
}

function parse(text: string): CsvRecord[] {
  try { return parseCsv(text); } catch (err) {
    if (err instanceof FileError) throw fileError(422, 'upload_malformed', err.line ? { [`line.${err.line}`]: [`${P}.upload_malformed`] } : undefined);
    throw err;
  }
}

export function tokenUploadRoutes(app: FastifyInstance): void {
  const { maxBytes, maxRows } = app.deps.config.upload;
  // This scope alone reads a file body (a buffer bounded by the upload limit); every other route keeps its parsers.
  void app.register(async (scope) => {
    scope.addContentTypeParser(['multipart/form-data', 'text/csv', 'text/plain', 'application/octet-stream'], { parseAs: 'buffer', bodyLimit: maxBytes },
      (_req, body, done) => done(null, body));
    // Over the limit, by Content-Length or while reading: this route's own code, not the generic 413 (a
    // handler that throws hands the error on to the app's).
    scope.setErrorHandler((err) => {
      if ((err as { code?: string }).code === 'FST_ERR_CTP_BODY_TOO_LARGE') throw fileError(413, 'upload_too_large');
      throw err;
    });
    scope.post(UPLOAD.endpoint.path, {
      bodyLimit: maxBytes,
      // Refused before a byte of the body is read: a role without manage never makes the server buffer a file.
      preParsing: async (req, _reply, payload) => { await requireAbility(req, 'manage', 'Token', 'peatio'); return payload; },
    }, async (req, reply) => {
      await requireAbility(req, 'manage', 'Token', 'peatio');
      const dry = String((req.query as Record<string, unknown> | undefined)?.dry_run ?? 'true') !== 'false';
      const raw = req.body;
      // Every audit of this call (a dry run's, a refusal's) records what was sent, never the file's bytes.
      req.body = { bytes: Buffer.isBuffer(raw) ? raw.length : undefined, dry_run: dry };
      const { filename, text } = fileOf(raw, String(req.headers['content-type'] ?? ''));
      req.body = { ...(req.body as object), filename };
      const records = parse(text);
      const db = app.deps.db.kysely;
      if (dry) return reply.status(200).send((await check(db, records, maxRows)).report);
      const report = await withAudit(req, { topic: 'tokens', action: 'upload' }, async (trx, note) => {
        const checked = await check(trx, records, maxRows);
        if (checked.report.error_count > 0) throw fileError(422, 'upload_invalid_rows');
        try { await insertAll(trx, checked.rows, app.deps.now()); } catch (e) { throw fromDbError(tokens, e); }
        note({ rows: checked.rows.length });
        return { ...checked.report, dry_run: false, created: checked.rows.length };
      });
      return reply.status(201).send(report);
    });
  });
}
