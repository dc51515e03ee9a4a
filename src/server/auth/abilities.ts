/**
 * Role → abilities, per service, in OpenWare's shape (openware-api.md §4), and the two
 * GET /admin/abilities routes. Based on Barong's and Peatio's config/abilities.yml, extended to the
 * spec's roles and the fork's subjects following spec §6 (differences noted inline).
 */
import type { FastifyInstance } from 'fastify';
import { fail } from '../plugins/errors.js';
import {
  BARONG_SUBJECTS, OPERATIONS_SUBJECTS, PEATIO_SUBJECTS, type AbilitiesResponse, type AbilityService, type Subject,
} from '../../shared/abilities.js';

type Table = { manage?: Subject[]; update?: (Subject | Partial<Record<Subject, string[]>>)[]; read?: Subject[]; create?: Subject[] };

const OPS_READ: Subject[] = OPERATIONS_SUBJECTS.filter((s) => s !== 'Operations::Revenue');
/** Peatio subjects Barong/Peatio hand out other than by `manage` even to admins. */
const TRADING: Subject[] = ['Trade', 'Order', 'Deposits::Fiat'];
const PEATIO_MANAGED: Subject[] = PEATIO_SUBJECTS.filter((s) => !TRADING.includes(s));
/** The fork's exchange-side configuration areas (FAQ, presales, tokens, bots, payments, mining, ...). */
const FORK_PEATIO: Subject[] = [
  'Faq', 'Presale', 'Milestone', 'Investment', 'Advertisement', 'Token', 'TokenCategory', 'BotSetting', 'PaymentGateway',
  'PaymentMethod', 'PaymentSetting', 'CryptoSetting', 'MiningSession', 'MiningReward', 'Bonus', 'Swap',
  'PaymentTransaction', 'ReferralRule', 'Reward', 'Wonka', 'WonkaConfig', 'WonkaDiscount', 'Quote',
];
const KYC: Subject[] = ['User', 'Level', 'Label', 'Profile'];
/**
 * Mining sessions and rewards are per-member records: every staff role that reads users reads them too
 * (issue 14 item 9); so do their e-mail notification choices on the auth side.
 */
const MINING: Subject[] = ['MiningSession', 'MiningReward'];
/**
 * Payment methods, gateways and their country settings (issue 14 item 5): technical runs the provider
 * integrations (manage); accountants and compliance read them all (fees, limits, where each is offered);
 * support reads the methods and where they are offered, to answer "why can't I pay by card here".
 */
const PAYMENTS: Subject[] = ['PaymentMethod', 'PaymentGateway', 'PaymentSetting'];
/**
 * The presale area's money (issue 15): the accountant reconciles the escrow, support answers "where are my
 * tokens", compliance sees who put money in (presales and investments, not the milestones).
 */
const PRESALE_MONEY: Subject[] = ['Presale', 'Milestone', 'Investment'];
/**
 * Bonuses and the card / on-ramp purchases (issue 16): the accountant reconciles them, compliance sees who
 * paid in and who was paid, support answers "where is my purchase / my bonus". Only manage (admin,
 * superadmin) gives or approves a bonus; the purchases are written by the providers' webhooks alone.
 * Referral and campaign rewards and the referral rules behind them are read the same way (who was paid
 * what and why); only manage settles, adds, pays or cancels a reward or changes a rule.
 */
const BONUS_MONEY: Subject[] = ['Bonus', 'PaymentTransaction', 'Reward', 'ReferralRule'];
/**
 * Wonka (issue 16): the quotes members were given and the swaps they made (with their ledger postings) are
 * read by the accountant (reconciliation), compliance (who swapped what) and support ("where is my swap");
 * the product's setup — pairs, their config, fee discounts — by the accountant (fees and revenue) and
 * support (why a pair is off or a discount did not apply). Only manage (admin, superadmin) changes the setup;
 * quotes and swaps are made by members alone.
 */
const SWAP_MONEY: Subject[] = ['Quote', 'Swap'];
const WONKA_SETUP: Subject[] = ['Wonka', 'WonkaConfig', 'WonkaDiscount'];

const BARONG: Record<string, Table> = {
  superadmin: { manage: [...BARONG_SUBJECTS] },
  // Spec §6: admins manage permissions (upstream: read only), and the fork's settings and notifications.
  admin: {
    manage: BARONG_SUBJECTS.filter((s) => s !== 'Activity' && s !== 'AdminActivity'),
    read: ['Activity', 'AdminActivity'],
  },
  technical: {
    manage: ['APIKey', 'Restriction'],
    read: ['Ability', ...KYC, 'Activity', 'ServiceLog', 'Device', 'PlatformSetting', 'SmsSenderConfig', 'EmailType', 'EmailNotification'],
  },
  accountant: { read: ['Ability', ...KYC, 'Activity', 'EmailNotification'] },
  // Spec §6: compliance reads users and KYC, manages users and labels.
  // Compliance also reviews what staff did (admin activities), e.g. after a ban.
  // It changes a user's state, 2FA and phone, but not their role: its permission rows drop users/role,
  // so the ability says the same and the console disables the role select instead of failing on save.
  compliance: {
    manage: ['Level', 'Label', 'Profile'],
    update: [{ User: ['state', 'otp', 'phone_number'] }],
    read: ['Ability', 'User', 'Document', 'Activity', 'AdminActivity', 'ServiceLog', 'Device', 'EmailNotification'],
  },
  // Spec §6: support reads users and logs; it may only switch a user's 2FA off (POST users/update).
  support: {
    read: ['Ability', ...KYC, 'Activity', 'AdminActivity', 'ServiceLog', 'Device', 'EmailNotification'],
    update: [{ User: ['otp'] }],
  },
  // Read-mostly console roles (no upstream rows): they see people and history, change nothing.
  manager: { read: ['Ability', ...KYC, 'Activity', 'EmailNotification'] },
  broker: { read: ['Ability', 'User', 'EmailNotification'] },
  investor: { read: ['Ability'] },
};

const PEATIO: Record<string, Table> = {
  // Spec: superadmin manages everything.
  superadmin: { manage: [...PEATIO_SUBJECTS] },
  admin: { manage: [...PEATIO_MANAGED], read: ['Trade', 'Order'], create: ['Deposits::Fiat'], update: ['Order'] },
  // Spec §6: technical manages blockchains, currencies and markets (plus the engine/wallet/fee plumbing and bots).
  technical: {
    manage: ['WithdrawLimit', 'Blockchain', 'Currency', 'Engine', 'Market', 'TradingFee', 'Wallet', 'BotSetting', 'CryptoSetting', ...PAYMENTS],
    // Tokens and NFE (issue 15): technical lists tokens as currencies on chains, so it reads what is listed.
    read: [...OPS_READ, 'Trade', 'Order', 'Member', 'InternalTransfer', 'Faq', ...MINING, 'Token', 'TokenCategory'],
    update: ['Order'],
  },
  // Spec §6: accountant manages adjustments; it may also toggle a currency's visibility and its deposit/withdrawal switches.
  accountant: {
    manage: ['Adjustment'],
    read: [...OPERATIONS_SUBJECTS, 'Member', 'Account', 'Beneficiary', 'PaymentAddress', 'Deposit', 'Withdraw', 'WithdrawLimit',
      'Blockchain', 'Currency', 'Engine', 'Market', 'TradingFee', 'Wallet', 'Trade', 'Order', 'InternalTransfer',
      ...PAYMENTS, ...MINING, ...PRESALE_MONEY, ...BONUS_MONEY, ...SWAP_MONEY, ...WONKA_SETUP],
    create: ['Deposits::Fiat'],
    update: [{ Currency: ['visible', 'deposit_enabled', 'withdrawal_enabled'] }],
  },
  // Compliance reviews withdrawals (accept, reject with a reason: update Withdraw), as AML teams do.
  compliance: {
    read: [...OPS_READ, 'Member', 'Account', 'Beneficiary', 'PaymentAddress', 'Deposit', 'Withdraw', 'Currency', 'Engine',
      'Market', 'Trade', 'Order', 'Blockchain', ...MINING, ...PAYMENTS, 'Presale', 'Investment', ...BONUS_MONEY, ...SWAP_MONEY],
    update: ['Withdraw'],
  },
  // Support cancels a customer's open orders (a compromised account, a customer's request): update Order.
  support: {
    read: [...OPS_READ, 'Member', 'Account', 'Beneficiary', 'PaymentAddress', 'Deposit', 'Withdraw', 'Currency', 'Engine',
      'Market', 'Trade', 'Order', 'InternalTransfer', 'Faq', ...MINING, 'PaymentMethod', 'PaymentSetting', ...PRESALE_MONEY, ...BONUS_MONEY,
      ...SWAP_MONEY, ...WONKA_SETUP],
    update: ['Order'],
  },
  manager: {
    read: [...OPERATIONS_SUBJECTS, 'Member', 'Deposit', 'Withdraw', 'Currency', 'Market', 'Trade', 'Order', 'Adjustment',
      ...FORK_PEATIO],
  },
  broker: { read: ['Currency', 'Market', 'Trade', 'Order', 'Member', 'BotSetting', ...MINING] },
  investor: { read: ['Currency', 'Market', 'Presale', 'Milestone', 'Investment', 'Token', 'TokenCategory'] },
};
// Admins also run the fork's exchange-side areas.
PEATIO.admin!.manage!.push(...FORK_PEATIO.filter((s) => !PEATIO.admin!.manage!.includes(s)));

/**
 * What GET /admin/abilities answers for a role: a fresh copy (callers may not mutate the tables).
 * Roles off the console's allowed list, and roles without a table (member, trader), get `{}`.
 */
export function abilitiesFor(role: string, service: AbilityService, allowedRoles: readonly string[]): AbilitiesResponse {
  if (!allowedRoles.includes(role)) return {};
  const table = (service === 'barong' ? BARONG : PEATIO)[role];
  if (!table) return {};
  return JSON.parse(JSON.stringify(table)) as AbilitiesResponse;
}

/** GET /admin/abilities, mounted under a service's /admin prefix. */
export function abilityRoutes(service: AbilityService) {
  return async function routes(app: FastifyInstance): Promise<void> {
    app.get('/abilities', async (req) => {
      if (!req.auth) fail(401, 'authz.invalid_session');
      return abilitiesFor(req.auth.user.role, service, app.deps.config.allowedRoles);
    });
  };
}
