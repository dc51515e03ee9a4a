/**
 * The header's action area, filled by the current screen through a portal, so a list screen owns its
 * Filter / Add / Upload buttons while the header owns where and how they appear (spec §2 Header).
 */
import { createContext, useContext, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { Icon, type IconName } from '../ui/Icon';

export const HeaderSlotContext = createContext<HTMLElement | null>(null);

/** Renders its children into the header's action slot (nothing outside the shell). */
export function HeaderActions({ children }: { children: ReactNode }) {
  const slot = useContext(HeaderSlotContext);
  return slot ? createPortal(children, slot) : null;
}

/** Spec: "Add <entity>", except Create for permissions, Scan for blocks and NFE for tokens (and a service log is a test message sent). */
const ADD_LABELS: Record<string, string> = { 'setting-permissions': 'Create', blocks: 'Scan', tokens: 'NFE', 'service-logs': 'Send test message' };
const ADD_ICONS: Record<string, IconName> = { blocks: 'scan' };

export function addLabel(routeKey: string, entity: string): string {
  return ADD_LABELS[routeKey] ?? `Add ${entity}`;
}

interface HeaderButtonProps {
  onPress: () => void;
  disabled?: boolean;
  title?: string;
}

export function HeaderAddButton({ routeKey, entity, onPress, disabled, title }: HeaderButtonProps & { routeKey: string; entity: string }) {
  return (
    <button type="button" className="btn btn-primary btn-sm" onClick={onPress} disabled={disabled} title={title}>
      <Icon name={ADD_ICONS[routeKey] ?? 'plus'} />
      {addLabel(routeKey, entity)}
    </button>
  );
}

/** The Filter toggle of list screens; `active` shows how many filters are applied. */
export function HeaderFilterButton({ onPress, pressed, active = 0 }: HeaderButtonProps & { pressed: boolean; active?: number }) {
  return (
    <button type="button" className="btn btn-secondary btn-sm" aria-pressed={pressed} onClick={onPress}>
      <Icon name="filter" />
      Filter
      {active > 0 && <span className="badge" aria-label={`${active} active`}>{active}</span>}
    </button>
  );
}

/** A list's Upload (tokens: spec §2 Header); the list shows it only to roles with the upload's ability (manage Token, §6). */
export function HeaderUploadButton({ onPress, label = 'Upload' }: HeaderButtonProps & { label?: string }) {
  return (
    <button type="button" className="btn btn-secondary btn-sm" onClick={onPress}>
      <Icon name="upload" />
      {label}
    </button>
  );
}
