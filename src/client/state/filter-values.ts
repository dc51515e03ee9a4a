/**
 * Values the palette's filter grammar offers beyond a declaration's own (shared/filter-grammar.ts): the
 * staff member's recent values per list and key (localStorage, keyed by their uid), and the rows of a
 * referenced resource (markets, currencies, blockchains …), read once per signed-in staff member with the
 * list call's largest page, and only by a role that may read them.
 */
import { proxy } from 'valtio';
import type { AppAbility } from '../../shared/abilities';
import type { FilterKey, ParsedFilter } from '../../shared/filter-grammar';
import type { ValueChoice } from '../../shared/filter-completion';
import { REGISTRY, type Resource } from '../../shared/resources';
import { listRows } from '../api/resources';

const KEY = 'steward.palette.filter-values';
const PER_KEY = 5;

type Store = Record<string, string[]>;

const storageKey = (uid: string) => `${KEY}.${uid}`;
const slot = (r: Resource, k: FilterKey) => `${r.name}.${k.key}`;

function load(uid: string): Store {
  try {
    const raw = JSON.parse(localStorage.getItem(storageKey(uid)) ?? '{}');
    return raw && typeof raw === 'object' && !Array.isArray(raw) ? raw as Store : {};
  } catch {
    return {};
  }
}

/** The staff member's last values for a list's key, newest first. */
export function recentValues(uid: string, r: Resource, k: FilterKey): string[] {
  const list = load(uid)[slot(r, k)];
  return Array.isArray(list) ? list.filter((v) => typeof v === 'string').slice(0, PER_KEY) : [];
}

/** Keeps the values of a query that was opened (as typed after the check: `wait`, `US`, `7d`). */
export function rememberValues(uid: string, p: ParsedFilter): void {
  const store = load(uid);
  for (const g of p.given) {
    const k = p.keys.find((x) => x.key === g.key);
    if (!k) continue;
    const s = slot(p.resource, k);
    store[s] = [g.value, ...(store[s] ?? []).filter((v) => v !== g.value)].slice(0, PER_KEY);
  }
  try {
    localStorage.setItem(storageKey(uid), JSON.stringify(store));
  } catch {
    // Without storage nothing is remembered.
  }
}

/** Rows of referenced resources as choices, by resource name; filled as they arrive. */
export const referenceValues = proxy<{ owner: string | null; byResource: Record<string, ValueChoice[]> }>({ owner: null, byResource: {} });
const asked = new Set<string>();

/** The referenced resource whose rows a key's values are, when its rows hold the value the filter takes. */
export function referencedBy(r: Resource, k: FilterKey): { target: Resource; field: string } | undefined {
  if (k.kind !== 'value') return undefined;
  const f = r.fields[k.filter.field];
  const target = f?.references ? REGISTRY[f.references] : undefined;
  if (!f || !target?.endpoints.list) return undefined;
  const field = f.by ?? target.key;
  const kind = target.fields[field]?.kind;
  // A text filter takes a text key (a market's id, a currency's code); a reference, an id.
  const fits = f.kind === 'reference' ? kind === 'id' : kind === 'text';
  return fits ? { target, field } : undefined;
}

/** Starts reading a key's referenced rows (once per staff member and resource). */
export function loadReferenceValues(ability: AppAbility, owner: string, r: Resource, k: FilterKey): void {
  if (referenceValues.owner !== owner) {
    referenceValues.owner = owner;
    referenceValues.byResource = {};
    asked.clear();
  }
  const ref = referencedBy(r, k);
  if (!ref || asked.has(ref.target.name) || !ability.can(ref.target.abilityFor.list, ref.target.subject)) return;
  asked.add(ref.target.name);
  const { target, field } = ref;
  const labelField = target.columns.find((c) => c.field !== field && target.fields[c.field]?.kind === 'text')?.field;
  listRows(target, { page: 1, limit: 100, ordering: 'asc', order_by: target.orderBy })
    .then((res) => {
      if (referenceValues.owner !== owner) return;
      referenceValues.byResource[target.name] = res.rows.map((row) => ({
        value: String(row[field]),
        ...(labelField && row[labelField] != null && String(row[labelField]) !== String(row[field]) ? { label: String(row[labelField]) } : {}),
      }));
    })
    .catch(() => { asked.delete(target.name); });
}

/** The loaded choices for a key (none until its rows arrive). */
export function referenceChoices(r: Resource, k: FilterKey): ValueChoice[] {
  const ref = referencedBy(r, k);
  return ref ? referenceValues.byResource[ref.target.name] ?? [] : [];
}
