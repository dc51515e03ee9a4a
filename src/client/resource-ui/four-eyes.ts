/** Four-eyes actions (ActionDef.notBy): why the signed-in staff member may not take one on this row, if so. */
import type { ActionDef, Resource } from '../../shared/resources';

export function fourEyesReason(r: Resource, a: ActionDef, row: Record<string, unknown>, uid: string | undefined): string | undefined {
  if (!a.notBy || !uid || String(row[a.notBy] ?? '') !== uid) return undefined;
  return `${a.notByReason ?? `You created this ${r.label.toLowerCase()}`}: another staff member must ${a.label.toLowerCase()} it`;
}
