/**
 * A member's own deposit addresses and beneficiaries (Peatio's member API, src/server/market-api/README.md).
 * Every read and write names the member: another member's row is simply not found. Deposits and
 * withdrawals are read through the admin lists' queries (money-movements.ts) with the member's uid.
 */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../schema.js';
import { iso } from './user-json.js';

/** A currency as the member's money calls check it, with its chain's node (a coin's). */
export async function moneyCurrency(db: Kysely<DB>, code: string) {
  return db.selectFrom('currencies as c').leftJoin('blockchains as b', 'b.key', 'c.blockchain_key')
    .select(['c.code', 'c.type', 'c.precision', 'c.deposit_enabled', 'c.withdrawal_enabled', 'c.blockchain_key',
      sql<string>`trim_scale(c.withdraw_fee)::text`.as('withdraw_fee'), sql<string>`trim_scale(c.min_withdraw_amount)::text`.as('min_withdraw_amount'),
      'b.client', 'b.server', 'b.status as chain_status'])
    .where('c.code', '=', code.toLowerCase()).where('c.visible', '=', true).executeTakeFirst();
}

/** The member's deposit address on a chain, and the visible currencies it receives (Peatio's PaymentAddress). */
export async function memberAddress(db: Kysely<DB>, member: number, chain: string) {
  const row = await db.selectFrom('payment_addresses').select('address')
    .where('user_id', '=', member).where('blockchain_key', '=', chain).executeTakeFirst();
  if (!row) return undefined;
  const currencies = await db.selectFrom('currencies').select('code').where('blockchain_key', '=', chain).where('visible', '=', true)
    .orderBy('position').orderBy('code').execute();
  return { currencies: currencies.map((c) => c.code), address: row.address, state: 'active' };
}

/**
 * Records a new address the node made; of two concurrent first asks the first one's stays (one per member and
 * chain). `secret` is the sealed passphrase (market-api/address-secrets.ts); migration 0048 refuses any other.
 */
export async function insertAddress(db: Kysely<DB>, a: { member: number; chain: string; address: string; secret: string | null; at: Date }) {
  await db.insertInto('payment_addresses').values({ user_id: a.member, blockchain_key: a.chain, address: a.address, secret: a.secret, created_at: a.at })
    .onConflict((oc) => oc.columns(['user_id', 'blockchain_key']).doNothing()).execute();
}

/** The stored (sealed) passphrase of the member's address on a chain: undefined without an address. */
export async function addressSecret(db: Kysely<DB>, member: number, chain: string) {
  return db.selectFrom('payment_addresses').select('secret').where('user_id', '=', member).where('blockchain_key', '=', chain).executeTakeFirst();
}

/** Up to `limit` addresses whose passphrase is still plaintext (from before migration 0048), oldest first. */
export function plaintextAddressSecrets(db: Kysely<DB>, limit: number) {
  return db.selectFrom('payment_addresses').select(['id', 'user_id', 'blockchain_key', 'secret'])
    .where('secret', 'is not', null).where('secret', 'not like', 'sealed:%').orderBy('id').limit(limit).execute();
}

/** Replaces a passphrase with its sealed form, only if it is still the one read (two nodes starting at once). */
export async function sealAddressSecretRow(db: Kysely<DB>, id: number, plaintext: string, sealed: string): Promise<boolean> {
  const r = await db.updateTable('payment_addresses').set({ secret: sealed }).where('id', '=', id).where('secret', '=', plaintext).executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Peatio's STATES_AVAILABLE_FOR_MEMBER: an archived (deleted) beneficiary is gone for its member. */
export const MEMBER_BENEFICIARY_STATES = ['pending', 'active'] as const;

interface BeneficiaryRow {
  id: number; currency_id: string; name: string; description: string | null; data: unknown; state: string; sent_at: Date | null; uid: string;
}
/** Peatio's user Beneficiary; `data` the object itself (baseapp reads `data.address`). */
export const beneficiaryEntity = (b: BeneficiaryRow) => ({
  id: b.id, currency: b.currency_id, uid: b.uid, name: b.name, description: b.description ?? '', data: b.data ?? null,
  state: b.state, sent_at: iso(b.sent_at),
});

const beneficiaries = (db: Kysely<DB>, member: number) => db.selectFrom('beneficiaries as b').innerJoin('users as u', 'u.id', 'b.user_id')
  .select(['b.id', 'b.currency_id', 'b.name', 'b.description', 'b.data', 'b.state', 'b.sent_at', 'u.uid'])
  .where('b.user_id', '=', member).where('b.state', 'in', [...MEMBER_BENEFICIARY_STATES]);

export async function memberBeneficiaries(db: Kysely<DB>, member: number, f: { currency?: string; state?: string; limit: number; page: number }) {
  let q = beneficiaries(db, member);
  if (f.currency) q = q.where('b.currency_id', '=', f.currency);
  if (f.state) q = q.where('b.state', '=', f.state);
  const [rows, total] = await Promise.all([
    q.orderBy('b.id', 'desc').limit(f.limit).offset((f.page - 1) * f.limit).execute(),
    q.clearSelect().select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows: rows.map(beneficiaryEntity), total: Number(total.n) };
}

export async function memberBeneficiary(db: Kysely<DB>, member: number, id: number) {
  const b = await beneficiaries(db, member).where('b.id', '=', id).executeTakeFirst();
  return b && beneficiaryEntity(b);
}

/** The member's own beneficiary under its row lock, for a change or a withdrawal in the caller's transaction. */
export function lockBeneficiary(db: Kysely<DB>, member: number, id: number) {
  return db.selectFrom('beneficiaries').select(['id', 'currency_id', 'state', 'data', 'pin_hash', 'pin_expires_at', 'sent_at'])
    .where('user_id', '=', member).where('id', '=', id).where('state', 'in', [...MEMBER_BENEFICIARY_STATES]).forUpdate().executeTakeFirst();
}

/** Whether the member already has this coin address for the currency (Peatio's duplicate_address). */
export async function hasBeneficiaryAddress(db: Kysely<DB>, member: number, currency: string, address: string): Promise<boolean> {
  return !!(await db.selectFrom('beneficiaries').select('id').where('user_id', '=', member).where('currency_id', '=', currency)
    .where('state', 'in', [...MEMBER_BENEFICIARY_STATES]).where(sql<string>`data ->> 'address'`, '=', address).executeTakeFirst());
}

export interface Pin { hash: string; expiresAt: Date; at: Date }

export async function insertBeneficiary(db: Kysely<DB>, b: { member: number; currency: string; name: string; description: string | null; data: unknown }, pin: Pin) {
  return (await db.insertInto('beneficiaries').values({
    user_id: b.member, currency_id: b.currency, name: b.name, description: b.description, data: JSON.stringify(b.data), state: 'pending',
    pin_hash: pin.hash, pin_expires_at: pin.expiresAt, sent_at: pin.at, created_at: pin.at, updated_at: pin.at,
  }).returning('id').executeTakeFirstOrThrow()).id;
}

export async function setBeneficiaryPin(db: Kysely<DB>, id: number, pin: Pin): Promise<void> {
  await db.updateTable('beneficiaries').set({ pin_hash: pin.hash, pin_expires_at: pin.expiresAt, sent_at: pin.at, updated_at: pin.at })
    .where('id', '=', id).execute();
}

/** Spends the pin: active only while pending, with this pin's hash and before it expires — one statement, so a pin works once. */
export async function activateBeneficiary(db: Kysely<DB>, member: number, id: number, hash: string, at: Date): Promise<boolean> {
  const done = await db.updateTable('beneficiaries').set({ state: 'active', pin_hash: null, pin_expires_at: null, updated_at: at })
    .where('id', '=', id).where('user_id', '=', member).where('state', '=', 'pending').where('pin_hash', '=', hash)
    .where('pin_expires_at', '>', at).returning('id').executeTakeFirst();
  return !!done;
}

/** Peatio's delete: the beneficiary is archived (past withdrawals still name it); its pin is forgotten. */
export async function archiveBeneficiary(db: Kysely<DB>, member: number, id: number, at: Date): Promise<boolean> {
  return !!(await db.updateTable('beneficiaries').set({ state: 'archived', pin_hash: null, pin_expires_at: null, updated_at: at })
    .where('id', '=', id).where('user_id', '=', member).where('state', 'in', [...MEMBER_BENEFICIARY_STATES]).returning('id').executeTakeFirst());
}
