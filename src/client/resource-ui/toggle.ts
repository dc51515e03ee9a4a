/**
 * One toggle's write, shared by the list's switch cell and the palette's "toggle <name>": the action's
 * own call when it has one (an e-mail notification's `POST {id, enabled}`), else the row's update call
 * with only the flipped field (one flag of a map sends only that key; the server merges it).
 */
import { keyOf, toggleChanges, toggleValue, type ActionDef, type Resource } from '../../shared/resources/define';
import { callAction, offers, updateRow, type Row } from '../api/resources';

/** Whether the resource can save this toggle at all (a call of its own, or the update call). */
export const togglable = (r: Resource, a: ActionDef): boolean => a.endpoint !== undefined || offers(r, 'update');

/** The value a toggle flips to from the row's current one: off when on, on otherwise. */
export function nextToggleValue(a: ActionDef, row: Row): string {
  const on = String(toggleValue(a, row)).toLowerCase() === a.values[0];
  return on ? a.values[1]! : a.values[0]!;
}

/** Saves `next` and answers the row as it now is (the service's answer, or the row with the change merged). */
export async function saveToggle(r: Resource, a: ActionDef, row: Row, next: string): Promise<Row> {
  const changes = toggleChanges(a, next);
  const saved = a.endpoint ? await callAction(r, a, keyOf(r, row), next) : await updateRow(r, keyOf(r, row), changes);
  const merged = a.key ? { [a.field]: { ...(row[a.field] as object), ...(changes[a.field] as object) } } : changes;
  return saved && typeof saved === 'object' && r.key in saved ? saved : { ...row, ...merged };
}

/** The toast after a toggle: the action's message, else the resource's "updated". */
export const toggleMessage = (r: Resource, a: ActionDef): string => a.success ?? r.messages?.updated ?? 'Updated Successfully';
