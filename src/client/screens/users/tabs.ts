/**
 * The user detail's tabs (spec §2, §6) and the lists behind the log tabs. Each log tab reads one
 * registry resource's columns and endpoint, narrowed to the open user by a fixed `uid` filter.
 */
import type { AppAbility } from '../../../shared/abilities';
import type { Resource } from '../../../shared/resources';
import { devices } from '../../../shared/resources/devices';
import { orders } from '../../../shared/resources/orders';
import { notificationRecipients } from '../../../shared/resources/notification-recipients';
import { referrals } from '../../../shared/resources/referrals';
import { serviceLogs } from '../../../shared/resources/service-logs';
import { userActivities } from '../../../shared/resources/user-activities';

export type TabId = 'main' | 'orders' | 'activities' | 'referrals' | 'otp-logs' | 'devices' | 'notification';

export interface TabDef {
  id: TabId;
  title: string;
  /** The ability that shows the tab; the tab is hidden without it. */
  need?: [action: string, subject: string];
  /** Log tabs: the list behind it and the columns left out because the user is fixed. */
  list?: { resource: Resource; hide: readonly string[] };
  /** Tabs that are the generic list (filters, row actions, bulk actions) limited to the user and these parameters. */
  scoped?: { resource: Resource; params: Readonly<Record<string, string>>; label: string };
}

export const TABS: readonly TabDef[] = [
  { id: 'main', title: 'Main Info' },
  { id: 'activities', title: 'Activities', need: ['read', 'Activity'], list: { resource: userActivities, hide: ['user.email', 'user.role'] } },
  // Referrals lists the users this user referred, so their uid and email stay.
  { id: 'referrals', title: 'Referrals', need: ['read', 'ServiceLog'], list: { resource: referrals, hide: [] } },
  { id: 'otp-logs', title: 'OTP Logs', need: ['read', 'ServiceLog'], list: { resource: serviceLogs, hide: ['uid', 'email'] } },
  { id: 'devices', title: 'Devices', need: ['read', 'ServiceLog'], list: { resource: devices, hide: ['uid', 'email'] } },
  { id: 'notification', title: 'Notification', need: ['update', 'Device'], list: { resource: notificationRecipients, hide: ['uid'] } },
  // Spec §5: the open-orders tab sends state wait; its Cancel all cancels every one of them.
  { id: 'orders', title: 'Open Orders', need: ['read', 'Order'], scoped: { resource: orders, params: { state: 'wait' }, label: 'open orders' } },
];

export function visibleTabs(ability: AppAbility): TabDef[] {
  return TABS.filter((t) => !t.need || ability.can(t.need[0], t.need[1]));
}

export const isTabId = (s: string | null): s is TabId => TABS.some((t) => t.id === s);
