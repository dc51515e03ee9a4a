/**
 * The records a staff member works on (issue 17 item 7), for the palette's empty state: the record pages
 * they opened last (kept in this browser's localStorage under their uid, so a shared machine keeps each
 * member's apart) and the records they pinned (kept on the server, /resource/pins). A record page is the
 * detail, view or form page of a row of any registry list: a user, a market, a currency, an adjustment …
 */
import { proxy } from 'valtio';
import type { Indexed } from '../registry';
import { PIN_MAX, PIN_PATH } from '../../shared/pins';
import { addPin, listPins, removePin, type Pin } from '../api/pins';
import { normaliseError } from '../api';
import {
  formSegment, formStyle, hasForm, listedResources, rowPath, tabResources, viewSegment,
} from '../resource-ui/presentation';

export interface RecordRef { path: string; title: string }

const RECENT_KEY = 'steward.records.recent';
export const RECENT_RECORDS_MAX = 8;

export const records = proxy<{ owner: string | null; recent: RecordRef[]; pins: Pin[] }>({ owner: null, recent: [], pins: [] });

/** The first path segments a resource's record pages live under, with how the row's key follows. */
function recordSegments(r: Indexed): string[] {
  const out: string[] = [];
  if (r.detail) out.push(r.detail.route ?? r.route);
  if (r.view) out.push(viewSegment(r));
  if (hasForm(r) && formStyle(r) === 'page') out.push(formSegment(r));
  return out;
}

/**
 * The record a location is the page of, with a title to list it under ("Market btcusdt"); undefined on
 * lists, add pages and screens of no record. A modal edit (`/faq-category?edit=3`) is a record of its list.
 */
export function recordAt(location: string): RecordRef | undefined {
  const [pathname = '', search = ''] = location.split('?');
  const parts = pathname.replace(/^\/+|\/+$/g, '').split('/');
  const resources = [...listedResources(), ...tabResources()];
  if (parts.length === 2 && parts[1] !== 'add' && parts[1] !== '') {
    let key: string;
    try { key = decodeURIComponent(parts[1]!); } catch { return undefined; }
    const r = resources.find((x) => recordSegments(x).includes(parts[0]!));
    // One path per record: its edit page and its view (`/bot-edit/7`, `/botSettings/7`) are the same bot.
    if (r) return { path: r.detail ? `/${parts[0]}/${parts[1]}` : rowPath(r, key), title: titleOf(r, r.detail?.key ?? r.key, key) };
  }
  const edit = new URLSearchParams(search).get('edit');
  if (parts.length === 1 && edit) {
    const r = resources.find((x) => x.route === parts[0] && formStyle(x) === 'modal' && hasForm(x));
    if (r) return { path: `/${parts[0]}?edit=${encodeURIComponent(edit)}`, title: titleOf(r, r.key, edit) };
  }
  return undefined;
}

/** "Market btcusdt", "Adjustment #7": the entity and its key, an id with its #. */
const titleOf = (r: Indexed, field: string, key: string) => `${r.label} ${r.fields[field]?.kind === 'id' ? '#' : ''}${key}`;

function loadRecent(uid: string): RecordRef[] {
  try {
    const raw = JSON.parse(localStorage.getItem(`${RECENT_KEY}.${uid}`) ?? '[]');
    return Array.isArray(raw)
      ? raw.filter((x) => x && typeof x.path === 'string' && typeof x.title === 'string').slice(0, RECENT_RECORDS_MAX)
      : [];
  } catch {
    return [];
  }
}

/** Switches the store to a staff member: their recent records, their pins from the server. */
export function switchRecordsTo(uid: string): void {
  if (records.owner === uid) return;
  records.owner = uid;
  records.recent = loadRecent(uid);
  records.pins = [];
  void listPins().then((pins) => { if (records.owner === uid) records.pins = pins; }).catch(() => undefined);
}

/** Notes a location: a record page goes to the top of the staff member's recent records. */
export function trackRecord(uid: string, location: string): void {
  const ref = recordAt(location);
  if (!ref || !uid) return;
  switchRecordsTo(uid);
  records.recent = [ref, ...records.recent.filter((x) => x.path !== ref.path)].slice(0, RECENT_RECORDS_MAX);
  try {
    localStorage.setItem(`${RECENT_KEY}.${uid}`, JSON.stringify(records.recent));
  } catch {
    // Without storage the list lasts for this page only.
  }
}

export const pinOf = (path: string): Pin | undefined => records.pins.find((p) => p.path === path);

/** Pins the record (at most PIN_MAX); resolves to what went wrong, if anything. */
export async function pinRecord(ref: RecordRef): Promise<readonly string[] | void> {
  if (!PIN_PATH.test(ref.path)) return ['resource.pin.invalid_path'];
  if (!pinOf(ref.path) && records.pins.length >= PIN_MAX) return ['resource.pin.too_many'];
  try {
    const pin = await addPin(ref.path, ref.title.slice(0, 120));
    records.pins = [pin, ...records.pins.filter((p) => p.id !== pin.id)];
  } catch (err) {
    return normaliseError(err).messages;
  }
}

export async function unpinRecord(pin: Pin): Promise<readonly string[] | void> {
  try {
    await removePin(pin.id);
  } catch (err) {
    const e = normaliseError(err);
    // Gone already (another tab unpinned it): the list follows the server.
    if (e.code !== 404) return e.messages;
  }
  records.pins = records.pins.filter((p) => p.id !== pin.id);
}

/** Sign-out and tests: nothing known about anyone. */
export function resetRecords(): void {
  records.owner = null;
  records.recent = [];
  records.pins = [];
}
