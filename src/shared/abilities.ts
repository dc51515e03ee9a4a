/**
 * Abilities, shared by the server (GET /admin/abilities, requireAbility) and the client (CASL, route
 * guard, disabled fields). The wire format is OpenWare's (openware-api.md §4): per service, a map from
 * action to subjects, where a subject entry may be `{Subject: [attribute, ...]}` to grant that action on
 * those attributes only. Framework-free: only @casl/ability, which runs anywhere.
 */
import { AbilityBuilder, createMongoAbility, type MongoAbility } from '@casl/ability';

/** The actions the console checks; `manage` means every action (CanCan and CASL agree). */
export const ACTIONS = ['manage', 'update', 'read', 'create', 'delete'] as const;
export type AbilityAction = (typeof ACTIONS)[number];

/**
 * Subjects granted by the auth service: Barong's own plus the fork's (logs, devices, notifications, settings).
 * AdminActivity splits Barong's Activity: staff actions are readable by fewer roles than user activity
 * (the permission rows drop admin/activities/admin for them), and the console can only see abilities.
 */
export const BARONG_SUBJECTS = [
  'Ability', 'User', 'Level', 'Label', 'Profile', 'Activity', 'AdminActivity', 'APIKey', 'Permission', 'Restriction', 'Document',
  'ServiceLog', 'Device', 'Notification', 'NotificationRecipient', 'PlatformSetting', 'SmsSenderConfig', 'EmailType',
  'EmailNotification',
] as const;

export const OPERATIONS_SUBJECTS = [
  'Operations::Account', 'Operations::Asset', 'Operations::Expense', 'Operations::Liability', 'Operations::Revenue',
] as const;

/**
 * Subjects granted by the exchange service: Peatio's own plus the fork's exchange and application-logic
 * areas (FAQ, presales, tokens, bots, payments, mining, bonus, wonka, ...), which the console also reads
 * from the exchange ability set because the application-logic service has no abilities endpoint.
 */
export const PEATIO_SUBJECTS = [
  ...OPERATIONS_SUBJECTS,
  'Member', 'Account', 'Beneficiary', 'PaymentAddress', 'Deposit', 'Withdraw', 'WithdrawLimit', 'Blockchain', 'Currency',
  'Engine', 'Market', 'TradingFee', 'Wallet', 'Adjustment', 'InternalTransfer', 'WhitelistedSmartContract', 'Trade', 'Order',
  'Deposits::Fiat',
  'Faq', 'Presale', 'Milestone', 'Investment', 'Advertisement', 'Token', 'TokenCategory', 'BotSetting', 'PaymentGateway',
  'PaymentMethod', 'PaymentSetting', 'CryptoSetting', 'MiningSession', 'MiningReward', 'Bonus', 'Swap',
  'PaymentTransaction', 'ReferralRule', 'Reward', 'Wonka', 'WonkaConfig', 'WonkaDiscount', 'Quote',
] as const;

export const SUBJECTS = [...BARONG_SUBJECTS, ...PEATIO_SUBJECTS] as const;
export type Subject = (typeof SUBJECTS)[number];
export type AbilityService = 'barong' | 'peatio';

const BARONG_SET: ReadonlySet<string> = new Set(BARONG_SUBJECTS);
/** Which service's ability set grants a subject. */
export function serviceOf(subject: Subject): AbilityService {
  return BARONG_SET.has(subject) ? 'barong' : 'peatio';
}

/**
 * Route (first path segment, spec §2) → the subjects that gate it (spec §6, extended to every route).
 * Holding the needed action on any one of the listed subjects is enough.
 */
export const ROUTE_SUBJECTS: Readonly<Record<string, readonly Subject[]>> = {
  'user-directory': ['User'],
  'user-activities': ['Activity'],
  'admin-activities': ['AdminActivity'],
  beneficiaries: ['Beneficiary'],
  // The coin tab's applications are Token's (spec §6: tokens → Token).
  'pending-applications': ['Profile', 'Document', 'Token'],
  currencies: ['Currency'],
  markets: ['Market'],
  'market-info': ['Market'],
  blockchain: ['Blockchain'],
  botSettings: ['BotSetting'],
  'bot-edit': ['BotSetting'],
  orders: ['Order'],
  trades: ['Trade'],
  deposit: ['Deposit'],
  withdrawls: ['Withdraw'],
  'withdrawl-pending': ['Withdraw'],
  operations: OPERATIONS_SUBJECTS,
  adjustments: ['Adjustment'],
  'adjustments-details': ['Adjustment'],
  wallets: ['Wallet'],
  'wallet-transfer': ['Wallet'],
  'fees-schedules': ['TradingFee'],
  engines: ['Engine'],
  'setting-permissions': ['Permission'],
  restrictions: ['Restriction'],
  'crypto-settings': ['CryptoSetting'],
  presales: ['Presale'],
  milestone: ['Milestone'],
  investments: ['Investment'],
  advertisements: ['Advertisement'],
  tokens: ['Token', 'TokenCategory'],
  'Nfe-Categories': ['TokenCategory'],
  'token-history': ['Token'],
  'token-config': ['Token'],
  'nfe-holders': ['Token'],
  'nfe-transactions': ['Token'],
  bonus: ['Bonus'],
  'bonus-history': ['Bonus'],
  'reward-history': ['Reward'],
  'quote-history': ['Quote'],
  'swap-history': ['Swap'],
  'simplex-history': ['PaymentTransaction'],
  'banxa-transactions': ['PaymentTransaction'],
  'stripe-history': ['PaymentTransaction'],
  'withdraw-limit': ['WithdrawLimit'],
  'referral-rule': ['ReferralRule'],
  wonkas: ['Wonka'],
  // Wonka's history and transactions are member swaps and their postings: who reads swaps reads them.
  'wonka-history': ['Swap'],
  'wonka-config': ['WonkaConfig'],
  'wonka-discount': ['WonkaDiscount'],
  'wonka-transactions': ['Swap'],
  'platform-settings': ['PlatformSetting'],
  services: ['ServiceLog'],
  'services-edit': ['ServiceLog'],
  'service-logs': ['ServiceLog'],
  servicegraph: ['ServiceLog'],
  'sms-sender': ['SmsSenderConfig'],
  'payment-methods': ['PaymentMethod'],
  'payment-gateway': ['PaymentGateway'],
  'payment-settings': ['PaymentSetting'],
  'email-type': ['EmailType'],
  'email-notification': ['EmailNotification'],
  mining_sessions: ['MiningSession'],
  mining_rewards: ['MiningReward'],
  devices: ['Device'],
  faqs: ['Faq'],
  'faq-category': ['Faq'],
  'fcm-notification': ['Device'],
  notifications: ['Notification'],
  recipients: ['NotificationRecipient'],
};

/** List pages anyone signed in may open (spec §5 "Route guard"). */
export const OPEN_ROUTES: ReadonlySet<string> = new Set(['dashboard', 'deposit']);

/**
 * The body of GET /admin/abilities: `{ "<action>": ["Subject", {"Subject": ["attr", ...]}, ...] }`.
 * An unknown or non-admin role gets `{}`.
 */
export type AbilityEntry = string | Record<string, string[]>;
export type AbilitiesResponse = Partial<Record<string, AbilityEntry[]>>;

/** Actions are free strings so a stock server's extra ones (`destroy`, `write`) still load. */
export type AppAbility = MongoAbility<[string, string]>;

/** Barong checks `destroy` where the console says `delete` (openware-api.md §4). */
const ACTION_ALIASES: Record<string, string> = { destroy: 'delete' };

/** Turns the two services' ability sets into one CASL ability; attribute lists become field-restricted rules. */
export function buildAbility(barong: AbilitiesResponse | null | undefined, peatio: AbilitiesResponse | null | undefined): AppAbility {
  const { can, build } = new AbilityBuilder<AppAbility>(createMongoAbility);
  for (const set of [barong, peatio]) {
    if (!set || typeof set !== 'object') continue;
    for (const [rawAction, entries] of Object.entries(set)) {
      if (!Array.isArray(entries)) continue;
      const action = ACTION_ALIASES[rawAction] ?? rawAction;
      for (const entry of entries) {
        if (typeof entry === 'string') can(action, entry);
        else if (entry && typeof entry === 'object') {
          for (const [subject, fields] of Object.entries(entry)) {
            if (Array.isArray(fields) && fields.length > 0) can(action, subject, fields);
          }
        }
      }
    }
  }
  return build();
}

export type RouteKind = 'list' | 'edit' | 'add';

/** The first segment of a route path: '/currencies/BTC' → 'currencies'. */
export function routeKey(route: string): string {
  return route.replace(/^\/+/, '').split(/[/?#]/)[0] ?? '';
}

/**
 * Spec §5 "Route guard": list pages need manage, update or read on the route's subject (dashboard and
 * deposit are open); edit pages need manage or update; add pages need manage. Unmapped routes are closed.
 */
export function canAccessRoute(ability: AppAbility, route: string, kind: RouteKind): boolean {
  const key = routeKey(route);
  if (kind === 'list' && OPEN_ROUTES.has(key)) return true;
  const subjects = ROUTE_SUBJECTS[key];
  if (!subjects) return false;
  return subjects.some((s) => {
    // CASL's `manage` rule answers every action, so `update` and `read` checks cover it.
    if (kind === 'list') return ability.can('read', s) || ability.can('update', s);
    if (kind === 'edit') return ability.can('update', s);
    // Checking the action `manage` itself only matches a manage rule, which is what "add" requires.
    return ability.can('manage', s);
  });
}

/** Whether one attribute of a subject may be edited (per-field Currency and Blockchain forms). */
export function canEditField(ability: AppAbility, subject: Subject, field: string): boolean {
  return ability.can('update', subject, field);
}
