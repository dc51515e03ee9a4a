/**
 * The user detail's tabs (spec §2, §6) and the lists behind them: each list tab is a registry resource's
 * generic list, narrowed to the open user by a fixed `uid` parameter (issue 29 item 8: the log tabs were a
 * table of their own, with no j/k, no Enter and metadata cut for good).
 */
import type { AppAbility } from '../../../shared/abilities';
import type { Resource } from '../../../shared/resources/define';
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
  /**
   * The tab is the generic list (the main lists' keys, filters, row panel, paging) limited to the user by
   * `uid` and these parameters, without the columns the user makes redundant.
   */
  scoped?: { resource: Resource; params?: Readonly<Record<string, string>>; label?: string; hide?: readonly string[] };
}

export const TABS: readonly TabDef[] = [
  { id: 'main', title: 'Main Info' },
  { id: 'activities', title: 'Activities', need: ['read', 'Activity'], scoped: { resource: userActivities, hide: ['user.email', 'user.role'] } },
  // Referrals lists the users this user referred, so their uid and email stay.
  { id: 'referrals', title: 'Referrals', need: ['read', 'ServiceLog'], scoped: { resource: referrals } },
  { id: 'otp-logs', title: 'OTP Logs', need: ['read', 'ServiceLog'], scoped: { resource: serviceLogs, hide: ['uid', 'email'] } },
  { id: 'devices', title: 'Devices', need: ['read', 'ServiceLog'], scoped: { resource: devices, hide: ['uid', 'email'] } },
  { id: 'notification', title: 'Notification', need: ['update', 'Device'], scoped: { resource: notificationRecipients, hide: ['uid'] } },
  // Spec §5: the open-orders tab sends state wait; its Cancel all cancels every one of them.
  { id: 'orders', title: 'Open Orders', need: ['read', 'Order'], scoped: { resource: orders, params: { state: 'wait' }, label: 'open orders' } },
];

export function visibleTabs(ability: AppAbility): TabDef[] {
  return TABS.filter((t) => !t.need || ability.can(t.need[0], t.need[1]));
}

export const isTabId = (s: string | null): s is TabId => TABS.some((t) => t.id === s);
