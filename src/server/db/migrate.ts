/** Runs the migrations in order, each in its own transaction; the same SQL on PGlite and PostgreSQL. */
import { Migrator, sql, type Kysely, type Migration } from 'kysely';
import * as core from './migrations/0001_core.js';
import * as pilotResources from './migrations/0002_pilot_resources.js';
import * as metrics from './migrations/0003_metrics.js';
import * as usersArea from './migrations/0004_users_area.js';
import * as logsArea from './migrations/0005_logs_area.js';
import * as authNotify from './migrations/0006_auth_notify.js';
import * as listsAtScale from './migrations/0007_lists_at_scale.js';
import * as signInAndSessions from './migrations/0008_sign_in_and_sessions.js';
import * as permissionRowsUnique from './migrations/0009_permission_rows_unique.js';
import * as userRecordsNewestFirst from './migrations/0010_user_records_newest_first.js';
import * as appendOnlyVacuum from './migrations/0011_append_only_vacuum.js';
import * as metricEdgeIndexes from './migrations/0012_metric_edge_indexes.js';
import * as exchangeConfig from './migrations/0013_exchange_config.js';
import * as ledger from './migrations/0014_ledger.js';
import * as depositsWithdrawals from './migrations/0015_deposits_withdrawals.js';
import * as walletTransfers from './migrations/0016_wallet_transfers.js';
import * as moneyAtScale from './migrations/0017_money_at_scale.js';
import * as platformSettings from './migrations/0018_platform_settings.js';
import * as realtimeEvents from './migrations/0019_realtime_events.js';
import * as restrictions from './migrations/0020_restrictions.js';
import * as miningAndEmailNotifications from './migrations/0021_mining_and_email_notifications.js';
import * as payments from './migrations/0022_payments.js';
import * as countryServices from './migrations/0023_country_services.js';
import * as serviceLogRollups from './migrations/0024_service_log_rollups.js';
import * as depositRefunds from './migrations/0025_deposit_refunds.js';
import * as presales from './migrations/0026_presales.js';
import * as tokens from './migrations/0027_tokens.js';
import * as coinApplications from './migrations/0028_coin_applications.js';
import * as bonuses from './migrations/0029_bonuses.js';
import * as tokenLedgerViews from './migrations/0030_token_ledger_views.js';
import * as wonka from './migrations/0031_wonka.js';
import * as referralRewards from './migrations/0032_referral_rewards.js';
import * as savedViews from './migrations/0033_saved_views.js';
import * as staffPins from './migrations/0034_staff_pins.js';
import * as moneyVacuum from './migrations/0035_money_vacuum.js';
import * as ordersMarketTime from './migrations/0036_orders_market_time.js';
import * as rollupsByGrain from './migrations/0037_rollups_rebuild_by_grain.js';
import * as bonusCreatorMayReject from './migrations/0038_bonus_creator_may_reject.js';
import * as documents from './migrations/0040_documents.js';
import * as identityCodes from './migrations/0041_identity_codes.js';
import * as memberMoney from './migrations/0042_member_money.js';
import * as userNameSearch from './migrations/0044_user_name_search.js';
import * as maintenanceRuns from './migrations/0047_maintenance_runs.js';
import * as sealedAddressSecrets from './migrations/0048_sealed_address_secrets.js';
import * as ordersMemberMarket from './migrations/0049_orders_member_market.js';
import * as plaintextOtpSecrets from './migrations/0050_plaintext_otp_secrets.js';
import * as withdrawsOverLimits from './migrations/0051_withdraws_over_limits.js';
import * as tokenDepositsKey from './migrations/0052_token_deposits_key.js';
import * as combinedFilterIndexes from './migrations/0053_combined_filter_indexes.js';
import * as memberTimeIndexes from './migrations/0054_member_time_indexes.js';
import * as usersEmailOrder from './migrations/0055_users_email_order.js';
import * as usersUsernameCoversEmail from './migrations/0056_users_username_covers_email.js';
import * as usersReferralCoversFilters from './migrations/0057_users_referral_covers_filters.js';
import * as usersUpdateTriggersLinear from './migrations/0058_users_update_triggers_linear.js';
import * as usersReferralCount from './migrations/0059_users_referral_count.js';
import * as usersReferrersIndex from './migrations/0060_users_referrers_index.js';
import * as usersReferralCountsIndex from './migrations/0061_users_referral_counts_index.js';
import * as rollupsRebuildInsertOnly from './migrations/0062_rollups_rebuild_insert_only.js';

/** A migration is a SQL script; statements are split on a semicolon at the end of a line. */
interface SqlMigration { up: string }

const MIGRATIONS: Record<string, SqlMigration> = {
  '0001_core': core,
  '0002_pilot_resources': pilotResources,
  '0003_metrics': metrics,
  '0004_users_area': usersArea,
  '0005_logs_area': logsArea,
  '0006_auth_notify': authNotify,
  '0007_lists_at_scale': listsAtScale,
  '0008_sign_in_and_sessions': signInAndSessions,
  '0009_permission_rows_unique': permissionRowsUnique,
  '0010_user_records_newest_first': userRecordsNewestFirst,
  '0011_append_only_vacuum': appendOnlyVacuum,
  '0012_metric_edge_indexes': metricEdgeIndexes,
  '0013_exchange_config': exchangeConfig,
  '0014_ledger': ledger,
  '0015_deposits_withdrawals': depositsWithdrawals,
  '0016_wallet_transfers': walletTransfers,
  '0017_money_at_scale': moneyAtScale,
  '0018_platform_settings': platformSettings,
  '0019_realtime_events': realtimeEvents,
  '0020_restrictions': restrictions,
  '0021_mining_and_email_notifications': miningAndEmailNotifications,
  '0022_payments': payments,
  '0023_country_services': countryServices,
  '0024_service_log_rollups': serviceLogRollups,
  '0025_deposit_refunds': depositRefunds,
  '0026_presales': presales,
  '0027_tokens': tokens,
  '0028_coin_applications': coinApplications,
  '0029_bonuses': bonuses,
  '0030_token_ledger_views': tokenLedgerViews,
  '0031_wonka': wonka,
  '0032_referral_rewards': referralRewards,
  '0033_saved_views': savedViews,
  '0034_staff_pins': staffPins,
  '0035_money_vacuum': moneyVacuum,
  '0036_orders_market_time': ordersMarketTime,
  '0037_rollups_rebuild_by_grain': rollupsByGrain,
  '0038_bonus_creator_may_reject': bonusCreatorMayReject,
  '0040_documents': documents,
  '0041_identity_codes': identityCodes,
  '0042_member_money': memberMoney,
  '0044_user_name_search': userNameSearch,
  '0047_maintenance_runs': maintenanceRuns,
  '0048_sealed_address_secrets': sealedAddressSecrets,
  '0049_orders_member_market': ordersMemberMarket,
  '0050_plaintext_otp_secrets': plaintextOtpSecrets,
  '0051_withdraws_over_limits': withdrawsOverLimits,
  '0052_token_deposits_key': tokenDepositsKey,
  '0053_combined_filter_indexes': combinedFilterIndexes,
  '0054_member_time_indexes': memberTimeIndexes,
  '0055_users_email_order': usersEmailOrder,
  '0056_users_username_covers_email': usersUsernameCoversEmail,
  '0057_users_referral_covers_filters': usersReferralCoversFilters,
  '0058_users_update_triggers_linear': usersUpdateTriggersLinear,
  '0059_users_referral_count': usersReferralCount,
  '0060_users_referrers_index': usersReferrersIndex,
  '0061_users_referral_counts_index': usersReferralCountsIndex,
  '0062_rollups_rebuild_insert_only': rollupsRebuildInsertOnly,
};

/** Splits on a semicolon at the end of a line, except inside dollar-quoted bodies (functions, triggers). */
function splitSql(script: string): string[] {
  const out: string[] = [];
  let start = 0, quote: string | null = null;
  const re = /\$[A-Za-z_]*\$|;[ \t]*(?:\r?\n|$)/g;
  for (let m = re.exec(script); m; m = re.exec(script)) {
    if (m[0].startsWith('$')) quote = quote === null ? m[0] : quote === m[0] ? null : quote;
    else if (quote === null) { out.push(script.slice(start, m.index)); start = m.index + m[0].length; }
  }
  out.push(script.slice(start));
  return out;
}

function toKysely(m: SqlMigration): Migration {
  return {
    async up(db: Kysely<unknown>) {
      const statements = splitSql(m.up).map((s) => s.replace(/^\s*--.*$/gm, '').trim()).filter(Boolean);
      for (const stmt of statements) await sql.raw(stmt).execute(db);
    },
  };
}

/**
 * Whether every migration is applied already, as on every start but the first after an upgrade: one query on
 * Kysely's own bookkeeping table. The Migrator answers that too, but only after reading the whole catalogue
 * (its introspection of every table and column): 0.6–1.1 s of a warm start on the embedded database.
 */
async function upToDate(db: Kysely<any>): Promise<boolean> {
  const { rows: [t] } = await sql<{ t: string | null }>`SELECT to_regclass('kysely_migration')::text AS t`.execute(db);
  if (!t?.t) return false;
  const { rows } = await sql<{ name: string }>`SELECT name FROM kysely_migration`.execute(db);
  // Exactly the known ones: a database migrated by newer code goes to the Migrator, which refuses it.
  const applied = new Set(rows.map((r) => r.name));
  return applied.size === Object.keys(MIGRATIONS).length && Object.keys(MIGRATIONS).every((name) => applied.has(name));
}

export async function migrate(db: Kysely<any>): Promise<string[]> {
  if (await upToDate(db)) return [];
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => Object.fromEntries(Object.entries(MIGRATIONS).map(([k, v]) => [k, toKysely(v)])) },
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
