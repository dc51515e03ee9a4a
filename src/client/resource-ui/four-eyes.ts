/** Four-eyes actions (ActionDef.notBy): why the signed-in staff member may not take one on this row, if so. */
import type { ActionDef, Resource } from '../../shared/resources/define';

/** An action's toast: what the saved row says (ActionDef.successFor), else its own, else `fallback`. */
export const actionSuccess = (a: ActionDef, saved: Readonly<Record<string, unknown>> | undefined, fallback: string): string =>
  (saved && a.successFor?.(saved)) || a.success || fallback;

export function fourEyesReason(r: Resource, a: ActionDef, row: Record<string, unknown>, uid: string | undefined): string | undefined {
  if (!a.notBy || !uid) return undefined;
  const rules = typeof a.notBy === 'string'
    ? [{ field: a.notBy, reason: a.notByReason ?? `You created this ${r.label.toLowerCase()}` }] : a.notBy;
  const hit = rules.find((rule) => String(row[rule.field] ?? '') === uid);
  return hit && `${hit.reason}: another staff member must ${a.label.toLowerCase()} it`;
}
