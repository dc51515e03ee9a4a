/**
 * The palette's scores narrow as the text grows (rank.ts scoreCommand): a command that matched nothing before
 * a key matches nothing after it, so the scorer skips it. Checked against scoring afresh, key by key, over
 * commands of the console's shapes and texts typed as people type them (typos, transpositions, doubled
 * letters, spaces, dashes, capitals, pastes).
 */
import { describe, expect, it } from 'vitest';
import { scoreAfresh, scoreCommand } from '../../src/client/components/palette/rank';
import type { Command } from '../../commands';

const WORDS = ['go', 'to', 'orders', 'cancel', 'open', 'of', 'user', 'ban', 'this', 'lock', 'unlock', 'funds', 'withdrawals', 'pending',
  'applications', 'kyc', 'phone', 'verified', 'toggle', 'light', 'dark', 'theme', 'add', 'a', 'label', 'deposits', 'scan', 'block',
  'bitcoin', 'accept', 'adjustment', 'permissions', 'export', 'csv', 'log', 'out', 'markets', 'btc-usdt', 'wallet', 'transfers'];
const GROUPS = ['Navigation', 'Create', 'Find', 'User', 'List', 'General'];

function random(seed: number) {
  let s = seed;
  return () => { s = (s * 1103515245 + 12345) % 2147483648; return s / 2147483648; };
}

function commands(r: () => number, n: number): Command[] {
  const pick = () => WORDS[Math.floor(r() * WORDS.length)]!;
  const words = (k: number) => Array.from({ length: k }, pick);
  return Array.from({ length: n }, (_, i) => {
    const title = words(1 + Math.floor(r() * 5)).join(' ').replace(/^./, (x) => x.toUpperCase()) + (r() < 0.3 ? '…' : '');
    return {
      id: `${pick()}.${pick()}-${i}`, title, group: GROUPS[i % GROUPS.length]!,
      ...(r() < 0.4 ? { names: [words(1 + Math.floor(r() * 2)).join(' ')] } : {}),
      ...(r() < 0.5 ? { keywords: words(1 + Math.floor(r() * 3)) } : {}),
      run: () => undefined,
    } as unknown as Command;
  });
}

/** What a person types: a target phrase with a slip now and then. */
function typed(r: () => number): string {
  let text = Array.from({ length: 1 + Math.floor(r() * 3) }, () => WORDS[Math.floor(r() * WORDS.length)]!).join(r() < 0.2 ? '-' : ' ');
  const at = Math.floor(r() * text.length);
  const slip = r();
  if (slip < 0.2 && at + 1 < text.length) text = text.slice(0, at) + text[at + 1] + text[at] + text.slice(at + 2); // transposed
  else if (slip < 0.35) text = text.slice(0, at) + text[at] + text.slice(at); // doubled
  else if (slip < 0.45) text = text.slice(0, at) + 'x' + text.slice(at); // a stray key
  else if (slip < 0.55) text = text.toUpperCase();
  return text;
}

/** A text no typed text extends, so the next score is not narrowed from the one before. */
const reset = (cs: Command[]) => { for (const c of cs) scoreCommand(c, '\u0000'); };

describe('palette scores', () => {
  it('narrowing as the text grows gives the scores of scoring afresh', () => {
    const r = random(20261129);
    const cs = commands(r, 240);
    let zeroes = 0;
    for (let round = 0; round < 40; round++) {
      const text = typed(r);
      // Key by key (and now and then a paste of a few keys at once), as the palette asks.
      const steps: string[] = [];
      for (let i = 1; i <= text.length; i += r() < 0.2 ? 3 : 1) steps.push(text.slice(0, i));
      if (steps.at(-1) !== text) steps.push(text);
      reset(cs);
      const narrowed = steps.map((s) => cs.map((c) => scoreCommand(c, s)));
      const afresh = steps.map((s) => cs.map((c) => scoreAfresh(c, s)));
      expect(narrowed).toEqual(afresh);
      zeroes += narrowed.at(-1)!.filter((x) => x === 0).length;
    }
    // The check means something: most commands drop out by the end of a text.
    expect(zeroes).toBeGreaterThan(40 * 240 * 0.5);
  });

  it('a text that is not the last one grown (a deletion, a new text) is scored afresh', () => {
    const cs = commands(random(7), 50);
    const first = cs.map((c) => scoreAfresh(c, 'cancel'));
    expect(first.some((x) => x > 0)).toBe(true);
    // 'cancelx' matches less than 'cancel'; back to 'cancel' (a Backspace) and on to 'cancel o' and 'o'.
    cs.forEach((c) => scoreCommand(c, 'cancelx'));
    expect(cs.map((c) => scoreCommand(c, 'cancel'))).toEqual(first);
    cs.forEach((c) => scoreCommand(c, 'cancel o'));
    expect(cs.map((c) => scoreCommand(c, 'o'))).toEqual(cs.map((c) => scoreAfresh(c, 'o')));
  });
});
