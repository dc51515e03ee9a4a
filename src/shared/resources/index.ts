/**
 * The registry: every declared entity, by its plural name. Adding an entity is its file, one line
 * here, and a migration (DESIGN §5.1).
 */
import type { Resource, Service } from './define.js';
import { emailTypes } from './email-types.js';
import { faqCategories } from './faq-categories.js';
import { faqs } from './faqs.js';
import { permissions } from './permissions.js';
import { users } from './users.js';
// The users area's log and list screens (served by hand-written routes, declared for the client engine).
import { userActivities } from './user-activities.js';
import { adminActivities } from './admin-activities.js';
import { serviceLogs } from './service-logs.js';
import { devices } from './devices.js';
import { referrals } from './referrals.js';
import { notifications } from './notifications.js';
import { notificationRecipients } from './notification-recipients.js';
import { pendingApplications } from './pending-applications.js';
import { beneficiaries } from './beneficiaries.js';
// The exchange's configuration (issue 11).
import { currencies } from './currencies.js';
import { blockchains } from './blockchains.js';
import { engines } from './engines.js';
import { markets } from './markets.js';
import { tradingFees } from './trading-fees.js';
import { botSettings } from './bot-settings.js';
import { wallets } from './wallets.js';
import { withdrawLimits } from './withdraw-limits.js';
import { cryptoSettings } from './crypto-settings.js';
// Trading, the ledger and money movement (issue 12).
import { adjustments } from './adjustments.js';
import { orders } from './orders.js';
import { trades } from './trades.js';
import { operations } from './operations.js';
import { deposits } from './deposits.js';
import { pendingWithdraws, withdraws } from './withdraws.js';
import { walletTransfers } from './wallet-transfers.js';
// Platform, access and service settings (issue 14).
import { platformSettings } from './platform-settings.js';
import { smsSenders } from './sms-sender-configs.js';
import { countryServices } from './country-services.js';
import { restrictions } from './restrictions.js';
// Mining and e-mail notifications (issue 14 items 6 and 9).
import { miningSessions } from './mining-sessions.js';
import { miningRewards } from './mining-rewards.js';
import { emailNotifications } from './email-notifications.js';
// Payments (issue 14 item 5).
import { paymentMethods } from './payment-methods.js';
import { paymentGateways } from './payment-gateways.js';
import { paymentSettings } from './payment-settings.js';
// The token and presale area on the application-logic service (issue 15, part A).
import { presales } from './presales.js';
import { milestones } from './milestones.js';
import { investments } from './investments.js';
import { advertisements } from './advertisements.js';
// Part C: the pending applications' coin tab.
import { coinApplications } from './coin-applications.js';
// Bonuses and provider transactions on the application-logic service (issue 16, part A).
import { bonuses } from './bonuses.js';
import { banxaTransactions, simplexTransactions, stripeTransactions } from './provider-transactions.js';
// Referral rules and rewards (issue 16, referral part).
import { referralRules } from './referral-rules.js';
import { rewards } from './rewards.js';
// Wonka and the quote and swap histories (issue 16, the swap part).
import { wonkaConfigs, wonkaDiscounts, wonkas } from './wonka.js';
import { quotes, swaps, wonkaSwaps, wonkaTransactions } from './swaps.js';
// Tokens and NFE (issue 15, part B).
import { tokens } from './tokens.js';
import { nfeCategories } from './nfe-categories.js';
// The rest of the token area (issue 15): NFE holders and transactions, token history and config.
import { nfeHolders } from './nfe-holders.js';
import { nfeTransactions } from './nfe-transactions.js';
import { tokenHistory } from './token-history.js';
import { tokenConfigs } from './token-configs.js';

export const RESOURCES: readonly Resource[] = [
  emailTypes,
  faqCategories,
  faqs,
  permissions,
  users,
  userActivities, adminActivities, serviceLogs, devices, referrals, notifications, notificationRecipients,
  pendingApplications, beneficiaries,
  currencies, blockchains, engines, markets, tradingFees, botSettings, wallets, withdrawLimits, cryptoSettings,
  adjustments, orders, trades, operations, deposits, withdraws, pendingWithdraws, walletTransfers,
  platformSettings, smsSenders, countryServices, restrictions,
  miningSessions, miningRewards, emailNotifications,
  paymentMethods, paymentGateways, paymentSettings,
  presales, milestones, investments, advertisements, coinApplications,
  bonuses, simplexTransactions, banxaTransactions, stripeTransactions, referralRules, rewards,
  wonkas, wonkaConfigs, wonkaDiscounts, quotes, swaps, wonkaSwaps, wonkaTransactions,
  tokens, nfeCategories, nfeHolders, nfeTransactions, tokenHistory, tokenConfigs,
];

export const REGISTRY: Readonly<Record<string, Resource>> = Object.fromEntries(RESOURCES.map((r) => [r.name, r]));

/** A resource by plural name; throws on an unknown name (a programming error, not user input). */
export function resourceNamed(name: string): Resource {
  const r = REGISTRY[name];
  if (!r) throw new Error(`unknown resource '${name}'`);
  return r;
}

/** The resources a service owns. */
export function resourcesOf(service: Service): Resource[] {
  return RESOURCES.filter((r) => r.service === service);
}

export { emailTypes, faqCategories, faqs, permissions };
export * from './define.js';
export * from './structs.js';
