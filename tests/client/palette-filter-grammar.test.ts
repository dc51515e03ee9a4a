/**
 * The palette's filter grammar (shared/filter-grammar.ts) over EVERY list of the registry (issue 17 item
 * 1, "Done when"): for each list the palette may open, its declared filters as keys — a valid value of each
 * opens the list with exactly that filter, in the list's own URL codec, and the server's list struct takes
 * it; an unknown key and a bad value are problems and never reach the filters; the key and the value being
 * typed complete. No resource is special-cased: a new list is covered by being declared.
 */
import { describe, expect, it } from 'vitest';
import { filterKeys, parseFilterQuery, sinceDay, type FilterKey } from '../../src/shared/filter-grammar';
import { completionsFor, declaredChoices } from '../../src/shared/filter-completion';
import { decodeListState, toRequestQuery } from '../../src/shared/list-query';
import { validateListQuery, type Resource } from '../../src/shared/resources';
import { filterableResources, filterQueryUrl } from '../../src/client/components/palette/filter-query';
import { listDefaults } from '../../src/client/resource-ui/presentation';
import { isPhoneField } from '../../src/shared/phone';

const NOW = new Date('2026-11-26T11:00:00Z');
const RESOURCES = filterableResources();
const parse = (text: string) => parseFilterQuery(text, RESOURCES, NOW);

/** The words that name a resource and name no other list first (labels such as "Services" may be shared). */
function headOf(r: Resource): string {
  const words = [r.labelPlural, r.name, r.route, r.label].map((w) => w.replace(/[-_]/g, ' '));
  const own = words.find((w) => w.split(' ').length <= 3 && parse(`${w} `)?.resource === r);
  if (!own) throw new Error(`${r.name}: no name of it opens it`);
  return own;
}

/** A value the list's query takes for a key, from the declaration alone. */
function validValue(r: Resource, k: FilterKey): string {
  if (k.kind === 'since') return '7d';
  if (k.kind === 'from') return '2026-11-01';
  if (k.kind === 'to') return '2026-11-15';
  const f = r.fields[k.filter.field]!;
  if (isPhoneField(k.filter.field)) return '+44 7700 900123';
  const choices = declaredChoices(r, k, NOW);
  if (choices.length > 0) return choices.find((c) => !(f.alsoAllowed ?? []).includes(c.value))?.value ?? choices[0]!.value;
  switch (f.kind) {
    case 'number': return String(Math.max(f.range?.[0] ?? 1, 1));
    case 'decimal': return '1.5';
    case 'id': case 'reference': return '7';
    default: return f.example !== undefined && typeof f.example === 'string' && !/\s/.test(f.example) ? f.example : 'abc';
  }
}

/** A value the key refuses, or undefined for free text (checked with an over-long value instead). */
function badValue(r: Resource, k: FilterKey): string {
  if (k.kind === 'since') return '7x';
  if (k.kind === 'from' || k.kind === 'to') return '2026-02-30';
  const f = r.fields[k.filter.field]!;
  if (f.kind === 'enum' || f.kind === 'boolean' || f.options) return 'zzzz';
  if (['number', 'decimal', 'id', 'reference'].includes(f.kind) || isPhoneField(k.filter.field)) return 'abc';
  return 'x'.repeat((f.max ?? 255) + 1);
}

const WITH_KEYS = RESOURCES.filter((r) => filterKeys(r).length > 0);

describe('the filter grammar over every registry list', () => {
  it('covers every list the palette may open, and every one of them has a name that opens it', () => {
    expect(RESOURCES.length).toBeGreaterThan(40);
    for (const r of RESOURCES) expect(parse(`${headOf(r)} `)?.resource.name).toBe(r.name);
  });

  describe.each(WITH_KEYS.map((r) => [r.name, r] as const))('%s', (_, r) => {
    const head = headOf(r);
    const keys = filterKeys(r);

    it('takes every declared filter as a key: a valid value opens the list with exactly that filter, which its query takes', () => {
      // Every declared filter has a key, and only declared filters do.
      expect(new Set(keys.filter((k) => k.kind === 'value').map((k) => k.filter.field)))
        .toEqual(new Set(r.filtersResolved.filter((f) => f.op !== 'range').map((f) => f.field)));
      for (const k of keys) {
        const spelled = k.aliases[0] ?? k.key;
        for (const name of new Set([k.key, spelled])) {
          const value = validValue(r, k);
          const p = parse(`${head} ${name}:${/\s/.test(value) ? `"${value}"` : value}`);
          expect(p?.problems, `${r.name} ${name}:${value}`).toEqual([]);
          const param = k.kind === 'value' ? k.filter.params[0] : 'from';
          if (k.kind === 'to') expect(p!.filters).toEqual({ to: '2026-11-15' });
          else if (k.kind === 'since') expect(p!.filters).toEqual({ from: sinceDay('7d', NOW) });
          else expect(Object.keys(p!.filters)).toEqual([param]);
          // The URL the palette opens decodes to the same filters with the list's own defaults…
          const url = filterQueryUrl(p!);
          const state = decodeListState(url.split('?')[1] ?? '', listDefaults(r));
          expect(state.filters).toEqual(p!.filters);
          // …and the request the list then sends passes the server's validation of its query.
          const checked = validateListQuery(r, toRequestQuery(state, r.service));
          expect(checked.ok, `${r.name} ${name}:${value} → ${JSON.stringify(checked)}`).toBe(true);
        }
      }
    });

    it('shows an unknown key as a problem and sends nothing', () => {
      const p = parse(`${head} nosuchkey:1`)!;
      expect(p.problems).toEqual([expect.stringMatching(/^Unknown key “nosuchkey” for /)]);
      expect(p.filters).toEqual({});
      // Followed by a valid pair, the unknown key is still a problem (the query is not opened).
      const k = keys[0]!;
      const q = parse(`${head} nosuchkey:1 ${k.key}:${validValue(r, k)} `)!;
      expect(q.problems.length).toBe(1);
    });

    it('shows a bad value of every key as a problem, never in the filters', () => {
      for (const k of keys) {
        const bad = badValue(r, k);
        const p = parse(`${head} ${k.key}:${bad} `)!;
        expect(p.problems, `${r.name} ${k.key}:${bad.slice(0, 20)}`).toHaveLength(1);
        expect(p.problems[0]).toMatch(new RegExp(`^${k.key}: `));
        expect(p.filters).toEqual({});
      }
    });

    it('completes the key being typed, and the value of every key with known values', () => {
      const all = completionsFor(`${head} `, parse(`${head} `)!, NOW).map((c) => c.label);
      expect(all).toEqual(keys.slice(0, 8).map((k) => `${k.key}:`));
      for (const k of keys) {
        const typed = `${head} ${k.key.slice(0, 2)}`;
        const p = parse(typed);
        // Two letters may also prefix another key; this key is among the completions.
        expect(p && completionsFor(typed, p, NOW).map((c) => c.text), typed).toContain(`${head} ${k.key}:`);
        const choices = declaredChoices(r, k, NOW);
        if (choices.length === 0) continue;
        const first = choices[0]!.value;
        const partial = `${head} ${k.key}:${first.slice(0, 1)}`;
        const q = parse(partial)!;
        expect(completionsFor(partial, q, NOW).map((c) => c.text), partial).toContain(`${head} ${k.key}:${/\s/.test(first) ? `"${first}"` : first} `);
      }
    });
  });
});

describe('the grammar itself', () => {
  it('reads the issue’s examples', () => {
    expect(parse('orders market:btcusdt state:wait since:7d')).toMatchObject({ problems: [], filters: { market: 'btcusdt', state: 'wait', from: '2026-11-19' } });
    expect(parse('users state:banned country:us')).toMatchObject({ problems: [], filters: { state: 'banned', country: 'US' } });
    expect(parse('trades uid:ID123 side:sell')).toMatchObject({ problems: [], filters: { uid: 'ID123', taker_type: 'sell' } });
    expect(parse('Orders from:2026-11-01 to:2026-11-15')).toMatchObject({ problems: [], filters: { from: '2026-11-01', to: '2026-11-15' } });
  });

  it('takes h, d, w and m periods, quoted values, and names a list by any of its names, singular or plural', () => {
    expect(parse('order since:12h')!.filters).toEqual({ from: '2026-11-25' });
    expect(parse('ORDER since:2w')!.filters).toEqual({ from: '2026-11-12' });
    expect(parse('orders since:3m')!.filters).toEqual({ from: '2026-08-26' });
    expect(parse('users email:"a b@x.io"')!.filters).toEqual({ email: 'a b@x.io' });
    // A quote still open is a value still being typed, its spaces and all (up to the end of the text).
    expect(parse('users email:"a ')).toMatchObject({ problems: [], typing: { kind: 'value' } });
    expect(parse('users email:"a b state:active')!.filters).toEqual({ email: 'a b state:active' });
    expect(parse('user-directory state:active')!.resource.name).toBe('users');
    expect(parse('withdrawls state:accepted')!.resource.name).toBe('withdraws');
    expect(parse('pending withdrawals state:accepted')!.resource.name).toBe('pending-withdraws');
  });

  it('refuses what cannot be one query', () => {
    expect(parse('orders since:7d from:2026-11-01')!.problems).toContain('since and from both set the start: keep one');
    expect(parse('orders from:2026-11-15 to:2026-11-01')!.problems).toContain('from 2026-11-15 is after to 2026-11-01');
    expect(parse('orders state:wait state:done')!.problems).toContain('state: given twice');
    expect(parse('orders since:0d')!.problems).toHaveLength(1);
    expect(parse('orders wait state:done')!.problems[0]).toMatch(/^“wait” is not a filter/);
    expect(parse('notifications state:x')!.problems[0]).toMatch(/keys: none/);
  });

  it('leaves text that is not a filter query to the rest of the palette', () => {
    for (const text of ['', 'orders', 'order 42', 'users ban', 'go to orders', 'ID1A2B3C4D5E', 'nolist state:x']) expect(parse(text), text).toBeNull();
  });

  it('completes a value from recent values and references before the declaration’s, and a country by its name', () => {
    const typed = 'orders market:b';
    const p = parse(typed)!;
    const texts = completionsFor(typed, p, NOW, {
      recent: () => ['bnbusdt'],
      references: () => [{ value: 'btcusdt', label: 'BTC/USDT' }, { value: 'ethusdt' }],
    }).map((c) => c.label);
    expect(texts).toEqual(['market:bnbusdt', 'market:btcusdt']);
    const country = 'users country:germ';
    expect(completionsFor(country, parse(country)!, NOW).map((c) => c.label)).toEqual(['country:DE']);
  });
});
