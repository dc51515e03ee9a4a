import { describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import { Filters } from '../../src/server/db/queries/filters.js';

const f = () => new Filters({} as Kysely<never>, 'trades as t');

describe('a filter that can match no row', () => {
  it('is a column equal to two values, or equal to and unequal to one', () => {
    expect(f().where('t.maker_id', '=', 7).where('t.maker_id', '=', 9).contradictory).toBe(true);
    expect(f().where('t.taker_id', '=', 7).where('t.maker_id', '<>', 7).where('t.maker_id', '=', 7).contradictory).toBe(true);
  });

  it('is a column equal to a value outside a list it must be in, whichever comes first', () => {
    expect(f().where('o.kind', 'in', [1, 3]).where('o.kind', '=', 2).contradictory).toBe(true);
    expect(f().where('o.kind', '=', 2).where('o.kind', 'in', [1]).contradictory).toBe(true);
    expect(f().where('o.kind', 'in', [1, 2]).where('o.kind', '=', 2).contradictory).toBe(false);
    expect(f().where('o.kind', 'in', [1, 3]).where('o.code', '=', 2).contradictory).toBe(false);
  });

  it('writes a condition given twice once', () => {
    expect(f().where('o.kind', '=', 2).where('o.kind', '=', 2).where('o.code', '=', 212).values).toEqual([2, 212]);
    expect(f().where('o.kind', '=', 2).where('o.kind', '<>', 2).values).toEqual([2, 2]);
  });

  it('is not the same value twice, other columns, a range, or a typed comparison', () => {
    expect(f().where('t.maker_id', '=', 7).where('t.maker_id', '=', 7).contradictory).toBe(false);
    expect(f().where('t.taker_id', '=', 7).where('t.maker_id', '<>', 7).where('t.maker_id', '=', 9).contradictory).toBe(false);
    expect(f().where('t.maker_id', '=', 7).where('t.taker_id', '=', 9).contradictory).toBe(false);
    expect(f().where('t.created_at', '>=', 1).where('t.created_at', '<=', 0).contradictory).toBe(false);
    expect(f().where('o.price', '=', '1.0', 'numeric').where('o.price', '=', '1', 'numeric').contradictory).toBe(false);
  });
});
