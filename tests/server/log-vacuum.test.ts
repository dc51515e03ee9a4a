/**
 * The append-only logs are vacuumed after every 1,000 inserts (migration 0011), and the money tables after
 * every 1,000 changed or inserted rows (0035), so the lists' capped count stays an index-only read over
 * rows the visibility map has marked (see the migrations and docs/benchmarks.md).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'kysely';
import { testApp, type TestApp } from '../helpers/app.js';

let t: TestApp;
beforeAll(async () => { t = await testApp(); });
afterAll(async () => { await t?.close(); });

it('vacuums activities and service logs after every 1,000 inserts', async () => {
  const rows = await sql<{ relname: string; reloptions: string[] | null }>`
    SELECT relname, reloptions FROM pg_class WHERE relname IN ('activities', 'service_logs') ORDER BY relname`.execute(t.db.kysely);
  expect(rows.rows.map((r) => [r.relname, [...(r.reloptions ?? [])].sort()])).toEqual([
    ['activities', ['autovacuum_vacuum_insert_scale_factor=0', 'autovacuum_vacuum_insert_threshold=1000']],
    ['service_logs', ['autovacuum_vacuum_insert_scale_factor=0', 'autovacuum_vacuum_insert_threshold=1000']],
  ]);
});

it('vacuums orders and withdrawals after every 1,000 changed or inserted rows, trades and operations after every 1,000 inserts', async () => {
  const rows = await sql<{ relname: string; reloptions: string[] | null }>`
    SELECT relname, reloptions FROM pg_class WHERE relname IN ('orders', 'withdraws', 'trades', 'operations') ORDER BY relname`.execute(t.db.kysely);
  const inserts = ['autovacuum_vacuum_insert_scale_factor=0', 'autovacuum_vacuum_insert_threshold=1000'];
  const changes = ['autovacuum_vacuum_scale_factor=0', 'autovacuum_vacuum_threshold=1000'];
  expect(rows.rows.map((r) => [r.relname, [...(r.reloptions ?? [])].sort()])).toEqual([
    ['operations', inserts], ['orders', [...inserts, ...changes]], ['trades', inserts], ['withdraws', [...inserts, ...changes]],
  ]);
});
