import { describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import { Filters } from '../../src/server/db/queries/filters.js';

const f = () => new Filters({} as Kysely<never>, 'trades as t');

describe('a filter that can match no row', () => {
  it('is a column equal to two values, or equal to and unequal to one', () => {
    expect(f().where('t.maker_id', '=', 7).where('t.maker_id', '=', 9).contradictory).toBe(true);
    expect(f().where('t.taker_id', '=', 7).where('t.maker_id', '<>', 7).where('t.maker_id', '=', 7).contradictory).toBe(true);
  });

  it('is not the same value twice, other columns, a range, or a typed comparison', () => {
    expect(f().where('t.maker_id', '=', 7).where('t.maker_id', '=', 7).contradictory).toBe(false);
    expect(f().where('t.taker_id', '=', 7).where('t.maker_id', '<>', 7).where('t.maker_id', '=', 9).contradictory).toBe(false);
    expect(f().where('t.maker_id', '=', 7).where('t.taker_id', '=', 9).contradictory).toBe(false);
    expect(f().where('t.created_at', '>=', 1).where('t.created_at', '<=', 0).contradictory).toBe(false);
    expect(f().where('o.price', '=', '1.0', 'numeric').where('o.price', '=', '1', 'numeric').contradictory).toBe(false);
  });
});
