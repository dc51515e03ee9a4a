/** The sidebar (spec §2 Sidebar): groups and items, each shown only with the matching ability. */
import type { IconName } from '../ui/Icon';

export interface NavItem {
  label: string;
  href: string;
  /** Roles that see the item even without the route's ability (spec: Email items also for superadmin). */
  alsoForRoles?: readonly string[];
}

export interface NavGroup {
  label: string;
  icon: IconName;
  items: readonly NavItem[];
}

export const NAV_GROUPS: readonly NavGroup[] = [
  { label: 'Users', icon: 'users', items: [{ label: 'User Directory', href: '/user-directory' }] },
  { label: 'Analytics', icon: 'chart', items: [{ label: 'Service Logs', href: '/servicegraph' }] },
  // The spec's Exchange group holds Currencies; the rest of the exchange's configuration sits beside it.
  {
    label: 'Exchange', icon: 'exchange',
    items: [
      { label: 'Currencies', href: '/currencies' },
      { label: 'Markets', href: '/markets' },
      { label: 'Fee Schedules', href: '/fees-schedules' },
      { label: 'Bot Settings', href: '/botSettings' },
      { label: 'Wallets', href: '/wallets' },
      { label: 'Withdraw Limits', href: '/withdraw-limit' },
      { label: 'Crypto Settings', href: '/crypto-settings' },
    ],
  },
  // Not in the spec's sidebar, whose routes list them (§2 Money movement and trading): a group beside Exchange.
  {
    label: 'Money', icon: 'exchange',
    items: [
      { label: 'Orders', href: '/orders' },
      { label: 'Trades', href: '/trades' },
      { label: 'Deposits', href: '/deposit' },
      { label: 'Withdrawals', href: '/withdrawls' },
      { label: 'Pending Withdrawals', href: '/withdrawl-pending' },
      { label: 'Adjustments', href: '/adjustments' },
      { label: 'Operations', href: '/operations' },
      { label: 'Wallet Transfer', href: '/wallet-transfer' },
    ],
  },
  // Not in the spec's sidebar, whose routes list them (§2 Token and presale area): a group after Money.
  {
    label: 'Presales', icon: 'chart',
    items: [
      { label: 'Presales', href: '/presales' },
      { label: 'Milestones', href: '/milestone' },
      { label: 'Investments', href: '/investments' },
      { label: 'Advertisements', href: '/advertisements' },
    ],
  },
  // Issue 16 (spec §2 Bonus and history screens): what the growth and payments teams look up.
  {
    label: 'Bonuses & payments', icon: 'chart',
    items: [
      { label: 'Bonus History', href: '/bonus-history' },
      { label: 'Simplex History', href: '/simplex-history' },
      { label: 'Banxa Transactions', href: '/banxa-transactions' },
      { label: 'Stripe History', href: '/stripe-history' },
      { label: 'Reward History', href: '/reward-history' },
      { label: 'Referral Rules', href: '/referral-rule' },
      { label: 'Quote History', href: '/quote-history' },
      { label: 'Swap History', href: '/swap-history' },
    ],
  },
  // Issue 16 (spec §2 Wonka area): the swap product's pairs, config, discounts, swaps and their postings.
  {
    label: 'Wonka', icon: 'exchange',
    items: [
      { label: 'Wonka Pairs', href: '/wonkas' },
      { label: 'Wonka Config', href: '/wonka-config' },
      { label: 'Wonka Discounts', href: '/wonka-discount' },
      { label: 'Wonka History', href: '/wonka-history' },
      { label: 'Wonka Transactions', href: '/wonka-transactions' },
    ],
  },
  // The spec's tokens routes (§2 Token and presale area): listed tokens and NFE items, their categories,
  // holders and transactions, and the fungible tokens' history and config.
  {
    label: 'Tokens', icon: 'chart',
    items: [
      { label: 'Tokens', href: '/tokens' },
      { label: 'NFE Categories', href: '/Nfe-Categories' },
      { label: 'NFE Holders', href: '/nfe-holders' },
      { label: 'NFE Transactions', href: '/nfe-transactions' },
      { label: 'Token History', href: '/token-history' },
      { label: 'Token Config', href: '/token-config' },
    ],
  },
  {
    label: 'Mining', icon: 'mining',
    items: [{ label: 'Session', href: '/mining_sessions' }, { label: 'Rewards', href: '/mining_rewards' }],
  },
  { label: 'FAQ', icon: 'help', items: [{ label: 'FAQ', href: '/faqs' }, { label: 'FAQ Category', href: '/faq-category' }] },
  {
    label: 'Notification', icon: 'bell',
    items: [{ label: 'FCM Notification', href: '/fcm-notification' }, { label: 'Notifications', href: '/notifications' }],
  },
  {
    label: 'Settings', icon: 'settings',
    items: [
      { label: 'Blockchains', href: '/blockchain' },
      { label: 'Permissions', href: '/setting-permissions' },
      // Not in the spec's sidebar, whose routes list it (§2 Fees and access): beside the permissions.
      { label: 'Restrictions', href: '/restrictions' },
      { label: 'Devices', href: '/devices' },
      { label: 'Platform Settings', href: '/platform-settings' },
      { label: 'Services', href: '/services' },
      { label: 'SMS Service Config', href: '/sms-sender' },
      // Not in the spec's sidebar; its route list puts the payment screens between SMS and e-mail (§2).
      { label: 'Payment Methods', href: '/payment-methods' },
      { label: 'Payment Gateways', href: '/payment-gateway' },
      { label: 'Payment Settings', href: '/payment-settings' },
      { label: 'Email Type', href: '/email-type', alsoForRoles: ['superadmin'] },
      { label: 'Email Notification', href: '/email-notification', alsoForRoles: ['superadmin'] },
    ],
  },
  {
    label: 'Logs', icon: 'logs',
    items: [
      { label: 'Service Logs', href: '/service-logs' },
      { label: 'Admin Activities', href: '/admin-activities' },
      { label: 'User Activities', href: '/user-activities' },
    ],
  },
];
