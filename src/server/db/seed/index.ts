/**
 * The demo data set: staff accounts for every role, customers with their KYC records, balances,
 * devices, beneficiaries, orders and trades on the ledger, adjustments, staff push notifications, a year of
 * activity and provider logs, the help
 * centre (FAQ categories and questions) and e-mail types, mining sessions and rewards, and e-mail notification choices.
 * Deterministic: the same options (including `now`) give the same rows. Everything goes in one transaction, so a start killed half-way leaves an
 * empty database that the next start seeds again, never a half-seeded one taken for seeded.
 */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../schema.js';
import { hashPassword } from '../../auth/passwords.js';
import { ensureDefaultPermissions } from '../../auth/permissions-seed.js';
import { makeContext, type Progress } from './context.js';
import { insertStaff, STAFF, DEMO_TOTP_SECRET } from './staff.js';
import { insertCustomers } from './customers.js';
import { insertKyc } from './kyc.js';
import { insertSampleDocuments } from './documents.js';
import { insertAssets, insertReference } from './assets.js';
import { insertActivities } from './activities.js';
import { addServiceLogs, insertServiceLogs } from './service-logs.js';
import { insertPayoutsAndPushes } from './payouts-and-pushes.js';
import { insertHelpCentre } from './help-centre.js';
import { insertCountryServices } from './country-services.js';
import { insertExchange } from './exchange.js';
import { insertTradingHistory } from './trading-history.js';
import { insertMoneyMovements } from './money-movements.js';
import { insertPayments } from './payments.js';
import { insertMiningAndMail } from './mining-and-mail.js';
import { insertPresales } from './presales.js';
import { insertCoinApplications } from './coin-applications.js';
import { insertBonusesAndPurchases } from './bonuses.js';
import { insertReferralRewards } from './referral-rewards.js';
import { insertWonka } from './wonka.js';
import { insertTokens } from './tokens.js';
import { bulkLoad } from './bulk.js';
import { demoTotpUri } from './banner.js';
import { analyze } from '../statistics.js';
import { sealPlaintextOtpSecrets } from '../../auth/otp-secrets.js';

export { STAFF, STAFF_ROLES, DEMO_TOTP_SECRET, DEMO_DOMAIN } from './staff.js';
export { CUSTOMER_ID_BASE } from './context.js';
export { customerUid } from './sql.js';
export { SIGNUP_METHOD_KEY } from './activities.js';

export const DEFAULT_USERS = 2_000;
/** Signups plus about one sign-in a week per customer. */
export const DEFAULT_ACTIVITIES_PER_USER = 50;
/**
 * From this many activities on, bulk mode pays for itself, the default demo's 100,000 included: on PGlite
 * its activities and service logs took 12-14 s of CPU with their ten and six indexes and the rollup
 * triggers kept row by row, 8 s loaded bare and rebuilt; on PostgreSQL 8.1 s and 7.4 s (src/server/db/README.md, Demo data).
 */
const BULK_FROM = 50_000;
const BULK_TABLES = ['users', 'labels', 'profiles', 'phones', 'devices', 'accounts', 'operations', 'activities', 'service_logs'];

export interface SeedOptions {
  /** Customers (staff come on top). Default 2,000. */
  users?: number;
  /** User activities in total (signups + sign-ins), about. Default 50 per customer. */
  activities?: number;
  /** Service logs in total, about. Default a fifth of the activities. */
  serviceLogs?: number;
  /** Password of every staff account. */
  password: string;
  /** The moment "now" of the data set. Default: the current second. */
  now?: Date;
  onProgress?: Progress;
  /** Called as each stage of the seed ends, with its time (main.ts prints it: a first start shows it is working). */
  onStage?: StageReport;
  /** The loopback port of the demo blockchain node the seeded chains point at (exchange.ts). */
  nodePort?: number;
  /** Load the logs with their indexes, keys and rollup trigger set aside (bulk.ts). Default: for big loads. */
  bulk?: boolean;
  /** The server's secrets key: the 2FA accounts' TOTP secrets are stored sealed with it (auth/otp-secrets.ts). */
  secretsKey?: Buffer | null;
}

export interface SeedResult {
  staff: Array<{ email: string; role: string; uid: string; otp: boolean }>;
  password: string;
  totp: { email: string; secret: string; uri: string };
  counts: Record<string, number>;
  ms: number;
}

/** Tables reported in SeedResult.counts. */
const COUNTED = ['users', 'labels', 'profiles', 'phones', 'comments', 'user_state_logs', 'devices', 'accounts',
  'beneficiaries', 'notifications', 'notification_recipients', 'activities', 'service_logs', 'permissions',
  'faq_categories', 'faqs', 'email_types', 'blockchains', 'currencies', 'payment_addresses', 'engines', 'markets',
  'trading_fees', 'bot_settings', 'wallets', 'withdraw_limits', 'crypto_settings', 'operations', 'adjustments', 'orders',
  'trades', 'deposits', 'withdraws', 'wallet_transfers', 'platform_settings', 'sms_sender_configs', 'country_services',
  'mining_sessions', 'mining_rewards', 'email_notifications', 'payment_methods', 'payment_gateways', 'payment_settings',
  'presales', 'milestones', 'investments', 'advertisements', 'nfe_categories', 'tokens', 'nfe_transactions', 'token_history', 'token_configs',
  'coin_applications', 'bonuses', 'provider_transactions', 'provider_events', 'referral_rules', 'reward_settlements', 'rewards',
  'wonkas', 'wonka_configs', 'wonka_discounts', 'quotes', 'swaps', 'documents'] as const;

/** True once the database holds any user: a database with users is never seeded over. */
export async function isSeeded(db: Kysely<DB>): Promise<boolean> {
  return (await db.selectFrom('users').select('id').limit(1).executeTakeFirst()) !== undefined;
}

export async function countRows(db: Kysely<DB>): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const t of COUNTED) {
    const r = await db.selectFrom(t).select((e) => e.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    counts[t] = Number(r.n);
  }
  return counts;
}

/** A seed stage ended, after `ms`. */
export type StageReport = (stage: string, ms: number) => void;

/** The line a stage's end is printed as (npm start, db:seed). */
export const stageLine = (stage: string, ms: number): string => `seeding: ${stage} ${(ms / 1000).toFixed(1)} s`;

/** Runs a step and reports its time. */
function timedStage(report: StageReport = () => {}) {
  return async <T>(name: string, step: () => Promise<T>): Promise<T> => {
    const started = performance.now();
    const out = await step();
    report(name, performance.now() - started);
    return out;
  };
}

export async function seedDemo(db: Kysely<DB>, opts: SeedOptions): Promise<SeedResult> {
  const started = Date.now();
  const users = Math.max(1, Math.floor(opts.users ?? DEFAULT_USERS));
  const activities = Math.floor(opts.activities ?? users * DEFAULT_ACTIVITIES_PER_USER);
  const serviceLogs = Math.floor(opts.serviceLogs ?? activities / 5);
  const now = new Date(Math.floor((opts.now ?? new Date()).getTime() / 1000) * 1000);
  const progress = opts.onProgress ?? (() => {});
  const stage = timedStage(opts.onStage);
  const digest = await hashPassword(opts.password);

  let generated = 0;
  await db.transaction().execute(async (trx) => {
    // date_trunc('day') follows the session time zone: pin it so both engines cut days alike.
    await sql`SET LOCAL TimeZone = 'UTC'`.execute(trx);
    // The generator's statements look expensive to the planner (generate_series per user), so
    // PostgreSQL would JIT-compile each one: ~0.5 s per statement, more than running it.
    await sql`SET LOCAL jit = off`.execute(trx);
    if (await isSeeded(trx)) throw new Error('the database already has users; reset it first');
    const ctx = makeContext(trx, users, now, progress);
    await stage('reference data and staff', async () => {
      await insertReference(ctx);
      await insertHelpCentre(ctx);
      await insertCountryServices(ctx);
      await ensureDefaultPermissions(trx);
      await insertStaff(trx, digest, now);
    });
    const generate = async () => {
      await stage('customers', () => insertCustomers(ctx));
      await stage('exchange and payments', async () => { await insertExchange(ctx, opts.nodePort); await insertPayments(ctx); });
      await stage('KYC', () => insertKyc(ctx));
      await stage('KYC documents', () => insertSampleDocuments(ctx));
      await stage('balances', () => insertAssets(ctx));
      await stage('trading history', () => insertTradingHistory(ctx));
      await stage('deposits and withdrawals', () => insertMoneyMovements(ctx));
      await stage('tokens, presales and coin applications', async () => {
        // Tokens before presales: the closed seed round's allotment appends to TRST's token history.
        await insertTokens(ctx);
        await insertPresales(ctx);
        await insertCoinApplications(ctx);
      });
      await stage('bonuses, rewards and swaps', async () => {
        await insertBonusesAndPurchases(ctx);
        await insertReferralRewards(ctx);
        await insertWonka(ctx);
      });
      await stage('payouts, pushes, mining and mail', async () => { await insertPayoutsAndPushes(ctx); await insertMiningAndMail(ctx); });
      await stage('activities', () => insertActivities(ctx, activities));
      await stage('service logs', () => insertServiceLogs(ctx, serviceLogs));
    };
    if (opts.bulk ?? activities >= BULK_FROM) await bulkLoad(ctx, BULK_TABLES, generate, stage);
    else await generate();
    // Staff and customers get their TOTP secrets from SQL (customers.ts draws them there); sealed here, in the
    // seed's transaction, so no plaintext secret is ever committed when there is a key.
    const key = opts.secretsKey;
    if (key) await stage('TOTP secrets sealed', () => sealPlaintextOtpSecrets(trx, key));
    generated = performance.now();
  });
  // PGlite writes its files at commit.
  opts.onStage?.('commit', performance.now() - generated);
  // Estimated totals (count.ts) come from the planner: give it the new tables' statistics now.
  await stage('planner statistics', () => analyze(db));

  const twoFa = STAFF.find((s) => s.otp)!;
  return {
    staff: STAFF.map(({ email, role, uid, otp }) => ({ email, role, uid, otp })),
    password: opts.password,
    totp: { email: twoFa.email, secret: DEMO_TOTP_SECRET, uri: demoTotpUri(twoFa.email) },
    counts: await stage('counts', () => countRows(db)),
    ms: Date.now() - started,
  };
}

/**
 * Empties the tables the seed fills (users cascades to everything that points at a user), so the
 * CLI can seed again. Identities restart, which keeps the generated ids the same.
 */
export async function resetDemoData(db: Kysely<DB>): Promise<void> {
  await sql`TRUNCATE users, levels, permissions, auth_attempts RESTART IDENTITY CASCADE`.execute(db);
}

/**
 * Grows a seeded data set's service logs to `target` (the bench's 10M) in bulk-load mode, over the same
 * window the seed used (ending at the newest log). Returns the rows added.
 */
export async function growServiceLogs(db: Kysely<DB>, users: number, target: number, progress: Progress = () => {}): Promise<number> {
  return db.transaction().execute(async (trx) => {
    await sql`SET LOCAL TimeZone = 'UTC'`.execute(trx);
    await sql`SET LOCAL jit = off`.execute(trx);
    const { rows } = await sql<{ n: string; newest: Date | null }>`SELECT count(*) AS n, max(created_at) AS newest FROM service_logs`.execute(trx);
    const extra = target - Number(rows[0]?.n ?? 0);
    if (extra <= 0) return 0;
    const now = new Date(Math.floor((rows[0]?.newest ?? new Date()).getTime() / 1000) * 1000);
    const ctx = makeContext(trx, users, now, progress);
    let added = 0;
    await bulkLoad(ctx, ['service_logs'], async () => { added = await addServiceLogs(ctx, extra, `svc+${Date.now()}`); });
    return added;
  });
}
