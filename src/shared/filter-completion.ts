/**
 * Completions of the palette's filter grammar (filter-grammar.ts): the keys a list has not been given yet,
 * or the values of the key whose value is being typed — the declaration's own (enum values, booleans,
 * countries, date shapes) after the staff member's recent values and the referenced rows loaded.
 */
import { COUNTRIES } from './countries.js';
import { dayOf, sinceDay, type FilterKey, type ParsedFilter } from './filter-grammar.js';
import type { Resource } from './resources/index.js';

/** A value with spaces or quotes goes in quotes. */
const quoted = (v: string) => (/[\s"]/.test(v) ? `"${v.replace(/"/g, '')}"` : v);

/** One completion of the token being typed: the whole text it makes, and how the item reads. */
export interface Completion { text: string; label: string; detail?: string; recent?: boolean }

export interface ValueChoice { value: string; label?: string }

/** Values to offer for a key beyond the declaration's own: the references loaded, the staff member's recent values. */
export interface ValueSources {
  references?(r: Resource, k: FilterKey): readonly ValueChoice[];
  recent?(r: Resource, k: FilterKey): readonly string[];
}

const COMPLETIONS_MAX = 8;

/** The choices a key's value may take from the declaration: enum values, booleans, countries, date shapes. */
export function declaredChoices(r: Resource, k: FilterKey, now: Date): ValueChoice[] {
  if (k.kind === 'since') return ['1d', '7d', '30d', '12h', '4w', '3m'].map((v) => ({ value: v, label: `from ${sinceDay(v, now)}` }));
  if (k.kind === 'from' || k.kind === 'to') return [{ value: dayOf(now), label: 'today' }];
  const f = r.fields[k.filter.field]!;
  if (f.kind === 'enum') return (f.values ?? []).map((v) => ({ value: v, ...(f.valueLabels?.[v] ? { label: f.valueLabels[v] } : {}) }));
  if (f.kind === 'boolean') return [{ value: 'true' }, { value: 'false' }];
  if (f.options === 'countries') return [...(f.alsoAllowed ?? []).map((v) => ({ value: v })), ...COUNTRIES.map((c) => ({ value: c.value, label: c.text }))];
  return [];
}

/** Completions of the token being typed: keys not yet given, or values of the key whose value is typed. */
export function completionsFor(text: string, p: ParsedFilter, now: Date, sources: ValueSources = {}): Completion[] {
  const t = p.typing;
  const base = t ? text.slice(0, t.token.start) : /\s$/.test(text) ? text : `${text} `;
  if (!t || t.kind === 'key') {
    const prefix = t?.kind === 'key' ? t.prefix.toLowerCase() : '';
    const given = new Set(p.given.map((g) => g.key));
    return p.keys.filter((k) => !given.has(k.key)).flatMap((k) => {
      const name = [k.key, ...k.aliases].find((n) => n.startsWith(prefix));
      return name === undefined ? [] : [{ text: `${base}${name}:`, label: `${name}:`, detail: k.label }];
    }).slice(0, COMPLETIONS_MAX);
  }
  if (t.kind !== 'value') return [];
  const prefix = t.prefix.toLowerCase();
  const keyText = t.token.key!;
  const recent = (sources.recent?.(p.resource, t.key) ?? []).map((v) => ({ value: v, recent: true }));
  const choices: Array<ValueChoice & { recent?: boolean }> = [...recent, ...declaredChoices(p.resource, t.key, now), ...(sources.references?.(p.resource, t.key) ?? [])];
  const seen = new Set<string>();
  // The value typed exactly first, then values starting with it, then labels holding it (`germ` → DE).
  const rank = (c: ValueChoice) => {
    const v = c.value.toLowerCase();
    return v === prefix ? 0 : v.startsWith(prefix) ? 1 : prefix.length > 1 && c.label?.toLowerCase().includes(prefix) ? 2 : 3;
  };
  return choices.filter((c) => {
    const v = c.value.toLowerCase();
    if (seen.has(v) || rank(c) === 3) return false;
    seen.add(v);
    return true;
  }).sort((a, b) => rank(a) - rank(b)).slice(0, COMPLETIONS_MAX).map((c) => ({
    text: `${base}${keyText}:${quoted(c.value)} `, label: `${keyText}:${c.value}`,
    ...(c.label ? { detail: c.label } : {}), ...(c.recent ? { recent: true } : {}),
  }));
}

/** Whether the token being typed is already a complete, valid value (Enter then opens rather than completes). */
export function typingDone(p: ParsedFilter): boolean {
  return !p.typing || (p.typing.kind === 'value' && !p.typingProblem);
}
