/** Kysely table types, one interface per table of the migrations. */
import type { ColumnType, Generated } from 'kysely';

type Id = Generated<number>;
type Ts = ColumnType<Date, Date | string | undefined, Date | string>;
type Json = ColumnType<unknown, string | undefined | null, string | null>;
/** NUMERIC: a decimal string both ways, never a JS float. */
type Dec = ColumnType<string, string | undefined, string>;

export interface LevelsTable { id: number; key: string; value: string; description: string | null }

export interface UsersTable {
  id: Id;
  uid: string;
  email: string;
  username: string | null;
  password_digest: string;
  role: Generated<string>;
  level: Generated<number>;
  state: Generated<string>;
  otp: Generated<boolean>;
  otp_secret: string | null;
  /** The last TOTP time step accepted (migration 0008): a code of this step or an older one is refused. */
  otp_last_step: Generated<number | null>;
  phone_number: string | null;
  platform: string | null;
  referral_uid: string | null;
  referrals: Generated<number>;
  fee_group: Generated<string>;
  minimum_swap_amount: Dec;
  country: string | null;
  last_ip: string | null;
  last_country: string | null;
  lock_peer: Generated<boolean>;
  data: Json;
  password_reset_at: Date | null;
  created_at: Ts;
  updated_at: Ts;
}

export interface LabelsTable {
  id: Id; user_id: number; key: string; value: string; scope: Generated<string>;
  description: string | null; created_at: Ts; updated_at: Ts;
}

export interface ProfilesTable {
  id: Id; user_id: number; first_name: string | null; last_name: string | null; dob: string | null;
  address: string | null; postcode: string | null; city: string | null; country: string | null;
  state: Generated<string>; metadata: Json; author: string | null; created_at: Ts; updated_at: Ts;
}

export interface PhonesTable {
  id: Id; user_id: number; country: string; number: string; validated_at: Date | null; created_at: Ts; updated_at: Ts;
}

export interface CommentsTable {
  id: Id; user_id: number; author_uid: string; title: string; data: string; created_at: Ts; updated_at: Ts;
}

export interface UserStateLogsTable {
  id: Id; user_id: number; past_state: string | null; state: string; remark: string | null;
  change_by_user_id: number | null; created_at: Ts;
}

export interface ActivitiesTable {
  id: Id; category: 'user' | 'admin'; user_id: number | null; target_id: number | null;
  user_ip: string | null; user_ip_country: string | null; user_agent: string | null;
  topic: string; action: string; result: string; data: Json; created_at: Ts;
}

export interface PermissionsTable {
  id: Id; role: string; verb: string; path: string; topic: string | null; action: string; created_at: Ts; updated_at: Ts;
}

export interface RestrictionsTable {
  id: Id; category: string; scope: string; value: string; code: number; state: Generated<string>;
  created_at: Ts; updated_at: Ts;
}

/** One-time codes of the customer identity calls (migration 0041; auth/customer/codes.ts). */
export interface IdentityCodesTable {
  id: Id; user_id: number; purpose: 'email' | 'password' | 'phone'; code_hash: string; target: string | null;
  expires_at: Ts; used_at: Date | null; created_at: Ts;
}

export interface SessionsTable {
  id_hash: string; user_id: number; csrf_token: string; user_agent: string; user_ip: string | null;
  created_at: Ts; last_seen_at: Ts; expires_at: Ts;
}

/** A throttle key's GCRA theoretical arrival time (auth/throttle.ts). */
export interface AuthAttemptsTable { key: string; tat: Ts }

/** Addresses a user signed in from (the way through the per-account brake). */
export interface SignInOriginsTable { user_id: number; ip: string; last_at: Ts }

export interface ServiceLogsTable {
  id: Id; user_id: number | null; uid: string | null; email: string | null; service_name: string;
  service_type: string; topic: string | null; user_country: string | null; user_ip: string | null;
  phone_number: string | null; result: string; metadata: Json; created_at: Ts;
}

export interface DevicesTable {
  id: Id; user_id: number; device_id: string; device_type: string; active: Generated<boolean>;
  created_at: Ts; updated_at: Ts;
}

export interface CurrenciesTable {
  code: string; name: string; type: Generated<string>; visible: Generated<boolean>; position: Generated<number>;
  precision: Generated<number>; created_at: Ts; updated_at: Ts;
  // 0013
  icon_url: string | null; deposit_enabled: Generated<boolean>; withdrawal_enabled: Generated<boolean>;
  swap_enabled: Generated<boolean>; token_swap_enabled: Generated<boolean>; wonka_swap_enabled: Generated<boolean>;
  presale_bonus: Dec; purchase_fee_bonus: Dec; subunits: Generated<number>; blockchain_key: string | null;
  deposit_fee: Dec; min_deposit_amount: Dec; withdraw_fee: Dec; min_withdraw_amount: Dec;
  min_amount_for_us_users: Dec; max_amount_for_us_users: Dec; min_amount_for_non_us_users: Dec; max_amount_for_non_us_users: Dec;
  swap_fees_type: Generated<string>; swap_fees: Dec; swap_fees_usd: Dec; options: Json; lock_peer: Generated<boolean>;
}

export interface BlockchainsTable {
  id: Id; key: string; name: string; client: Generated<string>; server: string | null; height: Generated<number>;
  min_confirmations: Generated<number>; explorer_address: string | null; explorer_transaction: string | null;
  status: Generated<string>; created_at: Ts; updated_at: Ts;
}

export interface EnginesTable {
  id: Id; name: string; driver: string; uid: string | null; url: string | null; state: Generated<string>; created_at: Ts; updated_at: Ts;
}

export interface MarketsTable {
  id: string; base_unit: string; quote_unit: string; engine_id: number; amount_precision: Generated<number>;
  price_precision: Generated<number>; min_price: Dec; max_price: Dec; min_amount: Dec; position: Generated<number>;
  state: Generated<string>; data: Json; created_at: Ts; updated_at: Ts;
}

export interface TradingFeesTable { id: Id; group: Generated<string>; market_id: Generated<string>; maker: Dec; taker: Dec; created_at: Ts; updated_at: Ts }

export interface BotSettingsTable {
  id: Id; market_id: string; price: Generated<string>; time_frequency: Generated<number>; mm_time: Generated<number>;
  spread: Dec; total_vol: Dec; min_vol: Dec; max_vol: Dec; token: string | null; active: Generated<boolean>;
  market_making: Generated<boolean>; enable_trading: Generated<boolean>; created_at: Ts; updated_at: Ts;
}

export interface WalletsTable {
  id: Id; name: string; kind: string; currencies: Json; address: string | null; gateway: string; max_balance: Dec;
  blockchain_key: string; status: Generated<string>; settings: Json; created_at: Ts; updated_at: Ts;
}

export interface WithdrawLimitsTable { id: Id; group: Generated<string>; kyc_level: Generated<string>; limit_24_hour: Dec; limit_1_month: Dec; created_at: Ts; updated_at: Ts }

export interface CryptoSettingsTable {
  id: Id; currency_id: string; blockchain_key: string; status: Generated<string>; deposit_fee: Dec; min_deposit_amount: Dec;
  withdraw_fee: Dec; min_withdraw_amount: Dec; withdraw_limit_24h: Dec; options: Json; created_at: Ts; updated_at: Ts;
}

export interface PaymentAddressesTable { id: Id; user_id: number; blockchain_key: string; address: string; created_at: Ts; secret: string | null }

export interface DepositsTable {
  id: Id; user_id: number; currency_id: string; blockchain_key: string | null; amount: Dec; fee: Dec; address: string | null;
  txid: string | null; txout: number | null; block_number: number | null; type: Generated<string>; state: Generated<string>;
  created_at: Ts; updated_at: Ts;
  // 0015
  tid: string | null; decided_by: number | null; completed_at: Date | null;
  // 0017
  creator_id: number | null; idempotency_key: string | null; request_hash: string | null;
}

/** 0025: a deposit's refund to an address (pending until the wallet side sends it). */
export interface RefundsTable {
  id: Id; deposit_id: number; address: string; state: Generated<string>; from_state: string; credited: boolean; txid: string | null;
  created_by: number; created_at: Ts; updated_at: Ts;
}

export interface WithdrawsTable {
  id: Id; member_id: number; currency_id: string; blockchain_key: string | null; type: Generated<string>; amount: string; fee: Dec;
  sum: Generated<string>; rid: string; tid: string; txid: string | null; block_number: number | null; confirmations: Generated<number>;
  note: string | null; reject_reason: string | null; error: Json | null; metadata: Generated<Json>; state: Generated<string>;
  approved_by: number | null; decided_by: number | null; created_at: Ts; updated_at: Ts; done_at: Date | null;
  // 0042
  beneficiary_id: number | null;
  // 0051
  over_limits: Generated<boolean>;
}

export interface AccountsTable {
  id: Id; user_id: number; currency_id: string; balance: Dec; locked: Dec; created_at: Ts; updated_at: Ts;
}

export interface PlatformSettingsTable {
  id: Id; service_type: string; service_name: string; state: Generated<string>; created_at: Ts; updated_at: Ts;
}

export interface SmsSenderConfigsTable {
  id: Id; platform_setting_id: number; country_code: string; sender: string; status: Generated<string>; created_at: Ts; updated_at: Ts;
}

export interface EmailTypesTable {
  id: Id; name: string; key: string | null; description: string | null; status: Generated<string>;
  created_at: Ts; updated_at: Ts;
}

/** Mining and e-mail notifications (0021): rows keep the member's uid; e-mail, phone and device come by join. */
export interface MiningSessionsTable {
  id: Id; uid: string; device_row_id: number; status: Generated<string>; started_at: Ts; created_at: Ts; updated_at: Ts;
}

export interface MiningRewardsTable {
  id: Id; uid: string; reward: string; currency: string; type: string; state: Generated<string>; created_at: Ts; updated_at: Ts;
}

export interface EmailNotificationsTable {
  id: Id; uid: string; email_type_id: number; enabled: Generated<boolean>; created_at: Ts; updated_at: Ts;
}

export interface FaqCategoriesTable {
  id: Id; name: string; description: string | null; position: Generated<number>; state: string;
  created_at: Ts; updated_at: Ts;
}

export interface FaqsTable {
  id: Id; question: string; answer: string; faq_category_id: number; position: Generated<number>; state: string;
  created_at: Ts; updated_at: Ts;
}

export interface AccreditedVerificationsTable {
  id: Id; user_id: number; verification_id: string; status: string; created_at: Ts; updated_at: Ts;
}

/** Push notifications (0005): one row per push, one recipient row per addressed device. */
export interface NotificationsTable {
  id: Id; title: string; body: string; metadata: Json; created_by: number | null; created_at: Ts; updated_at: Ts;
}

export interface NotificationRecipientsTable {
  id: Id; notification_id: number; user_id: number; device_id: string | null; device_type: string | null;
  metadata: Json; status: string; created_at: Ts; updated_at: Ts;
}

export interface BeneficiariesTable {
  id: Id; user_id: number; currency_id: string; name: string; description: string | null; data: Json;
  state: Generated<string>; created_at: Ts; updated_at: Ts;
  // 0042: the activation pin (its hash), when it stops working and when it was last sent
  pin_hash: string | null; pin_expires_at: Date | null; sent_at: Date | null;
}

/** Dashboard counts per UTC bucket (migration 0003); written only by triggers and metric_rollups_rebuild(). */
export interface MetricRollupsTable {
  grain: number; country: string; bucket: Date; signups: number; signups_email: number; signups_phone: number;
  successful_logins: number; failed_logins: number;
}

/** Service-log graph counts per UTC bucket (migration 0024); written only by triggers and the rebuild. */
export interface ServiceLogRollupsTable {
  grain: number; country: string; bucket: Date; success: number; failed: number; in_progress: number; suspicious: number;
}

// 0014: the ledger, adjustments, orders and trades.
export interface OperationsTable {
  id: Id; code: number; kind: Generated<number>; currency_id: string; member_id: number | null;
  reference_type: string; reference_id: number; debit: Dec; credit: Dec; created_at: Ts;
}

export interface LedgerTotalsTable { currency_id: string; kind: number; shard: number; amount: Dec }

export interface AdjustmentsTable {
  id: Id; reason: string; description: string; category: Generated<string>; amount: Dec; currency_id: string;
  asset_account_code: number; receiving_account_code: number; receiving_member_id: number | null;
  creator_id: number; validator_id: number | null; state: Generated<string>;
  idempotency_key: string | null; request_hash: string | null; created_at: Ts; updated_at: Ts;
}

export interface OrdersTable {
  id: Id; uuid: Generated<string>; member_id: number; market_id: string; side: string; ord_type: Generated<string>;
  price: string | null; origin_volume: string; remaining_volume: string; origin_locked: string; locked: string;
  funds_received: Dec; avg_price: Dec; maker_fee: Dec; taker_fee: Dec; trades_count: Generated<number>; state: Generated<string>;
  created_at: Ts; updated_at: Ts;
}

export interface TradesTable {
  id: Id; market_id: string; price: string; amount: string; total: string; maker_order_id: number; taker_order_id: number;
  maker_id: number; taker_id: number; taker_type: string; maker_fee_amount: Dec; maker_fee_currency: string;
  taker_fee_amount: Dec; taker_fee_currency: string; created_at: Ts;
}

export interface WalletTransfersTable {
  id: Id; from_wallet_id: number; to_wallet_id: number; currency_id: string; amount: string; reason: string; txid: string | null;
  state: Generated<string>; creator_id: number; approved_by: number | null; decided_by: number | null;
  idempotency_key: string | null; request_hash: string | null; created_at: Ts; updated_at: Ts;
}

/** Payments (0022): a method's five provider switches are one jsonb map; a setting's continent follows its country. */
export interface PaymentMethodsTable { id: Id; purchase_type: string; payment_options: Json; created_at: Ts; updated_at: Ts }

export interface PaymentGatewaysTable {
  id: Id; name: string; key: string; state: Generated<string>; market: string | null; currency_id: string | null; created_at: Ts; updated_at: Ts;
}

export interface PaymentSettingsTable {
  id: Id; country_code: string; continent: string; payment_method_id: number; payment_gateway_id: number;
  min_amount: Dec; max_amount: Dec; fee: Dec; fixed_fee: Dec; state: Generated<string>; created_at: Ts; updated_at: Ts;
}

/** Country services (0023): a country's (or `all`'s) provider per service type; name and continent kept from the country. */
export interface CountryServicesTable {
  id: Id; country_code: string; country_name: string; continent: string; continent_name: string; service_type: string;
  platform_setting_id: number; state: Generated<string>; created_at: Ts; updated_at: Ts;
}

/** The token and presale area (0026): presales, milestones, investments (escrowed on the ledger), advertisements. */
export interface PresalesTable {
  id: Id; name: string; token_currency: string; price_currency: string; market_id: string | null; price: string; soft_cap: Dec; hard_cap: string;
  min_investment: Dec; max_investment: Dec; start_date: Date; end_date: Date; description: string | null; state: Generated<string>;
  raised: Dec; tokens_sold: Dec; created_at: Ts; updated_at: Ts;
}
export interface MilestonesTable {
  id: Id; presale_id: number; value: string; description: string | null; state: Generated<string>; completed_at: Date | null;
  created_at: Ts; updated_at: Ts;
}
export interface InvestmentsTable {
  id: Id; presale_id: number; member_id: number; uid: string; amount: string; currency: string; tokens: string; token_currency: string;
  state: Generated<string>; creator_id: number; idempotency_key: string | null; request_hash: string | null; created_at: Ts; updated_at: Ts;
}
export interface AdvertisementsTable {
  id: Id; presale_id: number; title: string; placement: Generated<string>; image_url: string | null; link_url: string | null;
  start_date: Date; end_date: Date; position: Generated<number>; state: Generated<string>; created_at: Ts; updated_at: Ts;
}

/** Coin applications (0028): projects applying to list a coin; approving creates the currency, disabled. */
export interface CoinApplicationsTable {
  id: Id; project: string; token_name: string; token_code: string; blockchain_key: string; contract_address: string | null;
  contact_email: string; documents: Json; submitted_at: Ts; state: Generated<string>;
  decided_by: number | null; decided_at: Date | null; reason: string | null; currency_id: string | null; created_at: Ts; updated_at: Ts;
}

/** A staff member's pinned records (0034): the record's console path and title. */
/** A customer's KYC document, bytes included (migration 0040); `content` is a Buffer (pg) or Uint8Array (PGlite). */
export interface DocumentsTable {
  id: Id; user_id: number; doc_type: string; doc_number: string; doc_expire: string | null; doc_category: string | null;
  identificator: string | null; metadata: Json; content_type: string; filename: string; byte_size: number; sha256: string;
  content: ColumnType<Uint8Array, Uint8Array, Uint8Array>; created_at: Generated<Date>; updated_at: Generated<Date>;
}
export interface StaffPinsTable { id: Id; user_id: number; path: string; title: string; created_at: Ts }

/** Bonuses and provider transactions (0029): bonuses credited on the ledger, Simplex / Banxa / Stripe purchases and their webhook events. */
export interface BonusesTable {
  id: Id; member_id: number; uid: string; currency: string; amount: string; reason: string; campaign: string | null; state: Generated<string>;
  creator_id: number; approver_id: number | null; credited_at: Date | null; idempotency_key: string | null; request_hash: string | null;
  created_at: Ts; updated_at: Ts;
}
export interface ProviderTransactionsTable {
  id: Id; provider: string; reference: string; member_id: number; uid: string; fiat_amount: string; fiat_currency: string;
  crypto_amount: string; crypto_currency: string; fee: Dec; state: string; provider_status: string; last_event_at: Date;
  events: Generated<number>; credited_at: Date | null; reversed_at: Date | null; created_at: Ts; updated_at: Ts;
}
export interface ProviderEventsTable {
  id: Id; provider: string; event_id: string; reference: string; status: string; occurred_at: Date; applied: boolean;
  payload: unknown; received_at: Ts;
}
/** Referral rules and rewards (0032): the rules, the settlement runs over trade fees, the rewards paid through the ledger. */
export interface ReferralRulesTable {
  id: Id; name: string; tier: number; reward_share: string; currency: string | null; min_volume: Dec; state: Generated<string>;
  created_at: Ts; updated_at: Ts;
}
export interface RewardSettlementsTable { id: Id; period_from: Date; period_to: Date; creator_id: number; created_at: Ts; updated_at: Ts }
export interface RewardsTable {
  id: Id; member_id: number; uid: string; kind: string; source_id: number | null; source_uid: string | null; referral_rule_id: number | null;
  tier: number | null; settlement_id: number | null; period_from: Date | null; period_to: Date | null; fee_amount: string | null;
  trades: number | null; campaign: string | null; reason: string | null; currency: string; amount: string; state: Generated<string>;
  creator_id: number; payer_id: number | null; paid_at: Date | null; canceled_at: Date | null; idempotency_key: string | null;
  request_hash: string | null; created_at: Ts; updated_at: Ts;
}

/** Wonka (0031): swap pairs priced by a market's last trade, their config, fee discounts, quotes and the swaps made against them. */
export interface WonkasTable {
  id: Id; base_currency: string; quote_currency: string; pair: string; market_id: string; state: Generated<string>; created_at: Ts; updated_at: Ts;
}
export interface WonkaConfigsTable {
  id: Id; wonka_id: number; fee: Dec; spread: Dec; min_amount: Dec; max_amount: Dec; quote_ttl_seconds: Generated<number>;
  state: Generated<string>; created_at: Ts; updated_at: Ts;
}
export interface WonkaDiscountsTable {
  id: Id; name: string; kind: string; tier: string | null; campaign: string | null; discount: string; starts_at: Date; ends_at: Date;
  state: Generated<string>; created_at: Ts; updated_at: Ts;
}
export interface QuotesTable {
  id: Id; member_id: number; uid: string; wonka_id: number; pair: string; side: string; amount: string; from_currency: string;
  from_amount: string; to_currency: string; to_amount: string; price: string; rate: string; fee_rate: string; fee: string;
  fee_currency: string; discount_id: number | null; campaign: string | null; expires_at: Date; used_at: Date | null; created_at: Ts; updated_at: Ts;
}
export interface SwapsTable {
  id: Id; quote_id: number; member_id: number; uid: string; wonka_id: number | null; pair: string; side: string; from_currency: string;
  from_amount: string; to_currency: string; to_amount: string; price: string; rate: string; fee: string; fee_currency: string;
  discount_id: number | null; state: Generated<string>; created_at: Ts; updated_at: Ts;
}
export interface SwapOperationsView {
  id: number; code: string; kind: string; currency: string; member_id: number | null; uid: string | null; debit: string; credit: string;
  swap_id: number; created_at: Date;
}

/** Tokens and NFE (0027): listed tokens and non-fungible items, and the NFE categories items are listed under. */
export interface NfeCategoriesTable {
  id: Id; name: string; description: string | null; position: Generated<number>; state: Generated<string>; created_at: Ts; updated_at: Ts;
}
export interface TokensTable {
  id: Id; kind: Generated<string>; name: string; code: string; blockchain_key: string | null; contract_address: string | null;
  token_number: string | null; nfe_category_id: number | null; metadata_url: string | null; supply: Dec; owner_uid: string | null;
  /** 0030: when the holder got the item (kept by a trigger whenever owner_uid changes). */
  held_since: Generated<Date | null>;
  state: Generated<string>; created_at: Ts; updated_at: Ts;
}

/** NFE transactions, holders, token history and configs (0030). */
export interface NfeTransactionsTable {
  id: Id; token_id: number; kind: string; from_uid: string | null; to_uid: string | null; price: string | null; price_currency: string | null;
  fee: string | null; txid: string | null; creator_id: number | null; idempotency_key: string | null; request_hash: string | null;
  created_at: Ts; updated_at: Ts;
}
export interface NfeHoldersView {
  id: number; token_id: number; name: string; code: string; token_number: string; uid: string; since: Date; state: string;
}
export interface TokenHistoryTable {
  id: Id; token_id: number; source: string; price: string; price_currency: string; supply: string; circulating: string;
  snapshot_day: string | null; presale_id: number | null; recorded_at: Date; created_at: Ts; updated_at: Ts;
}
export interface TokenConfigsTable {
  id: Id; token_id: number; transfer_fee: Dec; min_transfer: Dec; max_supply: Dec; mintable: Generated<boolean>; burnable: Generated<boolean>;
  state: Generated<string>; created_at: Ts; updated_at: Ts;
}

export interface WhitelinkTokensTable {
  token_hash: string; created_by: number | null; expires_at: Date; used_at: Date | null; used_ip: string | null; created_at: Generated<Date>;
}

/** Saved views (0033): a staff member's named list queries, shared with at most one role. */
export interface SavedViewsTable {
  id: Id; owner_id: number; owner_uid: string; name: string; list: string; query: unknown; role: string | null; created_at: Ts; updated_at: Ts;
}

export interface DB {
  metric_rollups: MetricRollupsTable;
  service_log_rollups: ServiceLogRollupsTable;
  levels: LevelsTable;
  users: UsersTable;
  labels: LabelsTable;
  profiles: ProfilesTable;
  phones: PhonesTable;
  comments: CommentsTable;
  user_state_logs: UserStateLogsTable;
  activities: ActivitiesTable;
  permissions: PermissionsTable;
  restrictions: RestrictionsTable;
  whitelink_tokens: WhitelinkTokensTable;
  sessions: SessionsTable;
  identity_codes: IdentityCodesTable;
  auth_attempts: AuthAttemptsTable;
  sign_in_origins: SignInOriginsTable;
  service_logs: ServiceLogsTable;
  devices: DevicesTable;
  currencies: CurrenciesTable;
  accounts: AccountsTable;
  accredited_verifications: AccreditedVerificationsTable;
  email_types: EmailTypesTable;
  platform_settings: PlatformSettingsTable;
  sms_sender_configs: SmsSenderConfigsTable;
  country_services: CountryServicesTable;
  mining_sessions: MiningSessionsTable;
  mining_rewards: MiningRewardsTable;
  email_notifications: EmailNotificationsTable;
  faq_categories: FaqCategoriesTable;
  faqs: FaqsTable;
  notifications: NotificationsTable;
  notification_recipients: NotificationRecipientsTable;
  beneficiaries: BeneficiariesTable;
  blockchains: BlockchainsTable;
  payment_addresses: PaymentAddressesTable;
  deposits: DepositsTable;
  refunds: RefundsTable;
  engines: EnginesTable;
  markets: MarketsTable;
  trading_fees: TradingFeesTable;
  bot_settings: BotSettingsTable;
  wallets: WalletsTable;
  withdraw_limits: WithdrawLimitsTable;
  crypto_settings: CryptoSettingsTable;
  operations: OperationsTable;
  ledger_totals: LedgerTotalsTable;
  adjustments: AdjustmentsTable;
  orders: OrdersTable;
  trades: TradesTable;
  withdraws: WithdrawsTable;
  wallet_transfers: WalletTransfersTable;
  payment_methods: PaymentMethodsTable;
  payment_gateways: PaymentGatewaysTable;
  payment_settings: PaymentSettingsTable;
  presales: PresalesTable;
  milestones: MilestonesTable;
  investments: InvestmentsTable;
  advertisements: AdvertisementsTable;
  coin_applications: CoinApplicationsTable;
  bonuses: BonusesTable;
  staff_pins: StaffPinsTable;
  documents: DocumentsTable;
  saved_views: SavedViewsTable;
  provider_transactions: ProviderTransactionsTable;
  provider_events: ProviderEventsTable;
  /** Views of provider_transactions, one per provider (the three lists). */
  simplex_transactions: ProviderTransactionsTable;
  banxa_transactions: ProviderTransactionsTable;
  stripe_transactions: ProviderTransactionsTable;
  wonkas: WonkasTable;
  wonka_configs: WonkaConfigsTable;
  wonka_discounts: WonkaDiscountsTable;
  quotes: QuotesTable;
  swaps: SwapsTable;
  /** Views (0031): quotes with their state, the swaps of Wonka pairs, the ledger operations of swaps. */
  quote_history: QuotesTable & { state: string };
  wonka_swaps: SwapsTable;
  swap_operations: SwapOperationsView;
  nfe_categories: NfeCategoriesTable;
  tokens: TokensTable;
  referral_rules: ReferralRulesTable;
  reward_settlements: RewardSettlementsTable;
  rewards: RewardsTable;
  nfe_transactions: NfeTransactionsTable;
  /** A view of the items' holders (tokens.owner_uid, held_since). */
  nfe_holders: NfeHoldersView;
  token_history: TokenHistoryTable;
  token_configs: TokenConfigsTable;
}
