/**
 * The only place that opens a database. Same Kysely API over PGlite (embedded, default) and a
 * PostgreSQL server (DATABASE_URL). Both return the same JS values: bigint → number, numeric → string
 * (money never becomes a float), date → 'YYYY-MM-DD', timestamptz → Date.
 */
import { Kysely, PostgresDialect, sql } from 'kysely';
import type { DB } from './schema.js';
import { pgliteDialect } from './pglite-dialect.js';
import { pgListen, pgliteListen, type Listen } from './listen.js';

export type { DB } from './schema.js';
export { sql };

export interface Database {
  kysely: Kysely<DB>;
  kind: 'pglite' | 'postgres';
  /** Tarball of the whole data dir (PGlite only): tests clone migrated databases from it. */
  dump?: () => Promise<Blob>;
  /** LISTEN on a NOTIFY channel (listen.ts). */
  listen: Listen;
  close(): Promise<void>;
}

const INT8 = 20, NUMERIC = 1700, DATE = 1082;
const asInt = (v: string) => Number(v);
const asText = (v: string) => v;

export interface OpenOptions {
  url?: string;
  dataDir?: string;
  /** PGlite: start from a dump made by Database.dump(). */
  loadDataDir?: Blob;
  /** PGlite in memory (tests). */
  memory?: boolean;
  poolSize?: number;
}

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  if (opts.url) {
    const pg = (await import('pg')).default;
    const pool = new pg.Pool({
      connectionString: opts.url,
      max: opts.poolSize ?? 10,
      types: {
        getTypeParser: ((oid: number, format?: 'text' | 'binary') => {
          if (oid === INT8) return asInt;
          if (oid === NUMERIC || oid === DATE) return asText;
          return pg.types.getTypeParser(oid, format as 'text');
        }) as never,
      },
    });
    pool.on('error', () => { /* idle client errors surface on next query */ });
    const kysely = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
    return { kysely, kind: 'postgres', listen: pgListen(pg, opts.url), close: () => kysely.destroy() };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const parsers = { [INT8]: asInt, [NUMERIC]: asText, [DATE]: asText };
  const pg = await PGlite.create(opts.memory ? undefined : opts.dataDir, {
    parsers,
    ...(opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {}),
  });
  const kysely = new Kysely<DB>({ dialect: pgliteDialect(pg) });
  return {
    kysely,
    kind: 'pglite',
    dump: async () => pg.dumpDataDir('none'),
    listen: pgliteListen(pg, kysely),
    close: async () => { await kysely.destroy(); await pg.close(); },
  };
}
