/** Decimals as Peatio sends them: PostgreSQL's numeric text with the trailing zeros (and a bare point) cut. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { plainDecimal } from '../../src/server/auth/users/entity.js';
import { decimalSql, iso, isoSql } from '../../src/server/db/queries/user-json.js';
import { testApp, type TestApp } from '../helpers/app.js';

describe('plainDecimal', () => {
  it('cuts trailing zeros after the point, and the point when nothing is left', () => {
    for (const [text, plain] of [
      ['1.500000000000000000', '1.5'], ['0.000000000000000000', '0'], ['100', '100'], ['100.000', '100'], ['-0.0100', '-0.01'],
      ['64012.340000000000000000', '64012.34'], ['10.000000000000000001', '10.000000000000000001'], ['0.5', '0.5'],
    ]) expect(plainDecimal(text!), text).toBe(plain);
  });
});

/** The big lists have PostgreSQL format their rows (user-json.ts): the same text as iso() and plainDecimal(). */
describe('isoSql and decimalSql', () => {
  let t: TestApp;
  beforeAll(async () => { t = await testApp(); });
  afterAll(async () => { await t?.close(); });

  it('give what iso() and plainDecimal() give of the same values, nulls included', async () => {
    const stamps = ['2026-11-26 16:14:03.028999+00', '2026-01-01 00:00:00+05', '1999-12-31 23:59:59.9999+00', '2026-06-30 12:00:00.5-07:30'];
    const numbers = ['1.500000000000000000', '0.000000000000000000', '100', '-0.0100', '64012.340000000000000000', '10.000000000000000001'];
    const q = (v: string, type: string) => sql`${v}::${sql.raw(type)}`;
    for (const s of stamps) {
      const { rows } = await sql<{ wire: string; at: Date }>`SELECT ${isoSql('v.at')} AS wire, v.at FROM (SELECT ${q(s, 'timestamptz')} AS at) v`.execute(t.db.kysely);
      expect(rows[0]!.wire, s).toBe(iso(rows[0]!.at));
    }
    for (const n of numbers) {
      const { rows } = await sql<{ wire: string; n: string }>`SELECT ${decimalSql('v.n')} AS wire, v.n FROM (SELECT ${q(n, 'numeric')} AS n) v`.execute(t.db.kysely);
      expect(rows[0]!.wire, n).toBe(plainDecimal(rows[0]!.n));
    }
    const { rows } = await sql<{ a: null; b: null }>`SELECT ${isoSql('v.at')} AS a, ${decimalSql('v.n')} AS b FROM (SELECT NULL::timestamptz AS at, NULL::numeric AS n) v`.execute(t.db.kysely);
    expect(rows[0]).toEqual({ a: null, b: null });
  });
});
