/**
 * Provider transactions (spec §2 /simplex-history, /banxa-transactions, /stripe-history; designed in
 * src/server/applogic/README.md, Provider transactions): fiat on-ramp (Simplex, Banxa) and card (Stripe)
 * purchases of crypto, one row per provider reference, written only by the providers' signed webhooks
 * (applogic/webhooks.ts). One table; each list is a view limited to its provider, read-only here.
 */
import { defineResource, ID_FIELD, TIMESTAMPS } from './define.js';
import { USER_LINK } from './member-identity.js';

export const PROVIDERS = ['simplex', 'banxa', 'stripe'] as const;
export type Provider = (typeof PROVIDERS)[number];
export const PROVIDER_STATES = ['pending', 'processing', 'completed', 'failed', 'refunded'] as const;

const STATE_BADGE = {
  kind: 'badge',
  colours: { pending: 'yellow', processing: 'blue', completed: 'green', failed: 'red', refunded: 'grey' },
  labels: { pending: 'Pending', processing: 'Processing', completed: 'Completed', failed: 'Failed', refunded: 'Refunded' },
} as const;

function providerResource<N extends string>(p: { name: N; provider: Provider; route: string; label: string; labelPlural: string; referenceLabel: string }) {
  return defineResource({
    name: p.name,
    // One subject for the three (spec §6's route map: simplex-history, banxa-transactions, stripe-history → PaymentTransaction).
    subject: 'PaymentTransaction',
    service: 'applogic',
    table: `${p.provider}_transactions`,
    server: 'generic',
    route: p.route,
    label: p.label,
    labelPlural: p.labelPlural,
    view: true,
    api: { path: `/admin/${p.provider}_transactions`, style: 'new-update', operations: ['list', 'get'] },
    fields: {
      id: ID_FIELD,
      reference: { kind: 'text', readOnly: true, max: 128, label: p.referenceLabel },
      uid: { kind: 'text', readOnly: true, label: 'UID', references: 'users', by: 'uid' },
      email: { kind: 'text', readOnly: true, from: { via: 'member_id', field: 'email' } },
      member_id: { kind: 'reference', references: 'users', readOnly: true, label: 'Member ID' },
      fiat_amount: { kind: 'decimal', readOnly: true, label: 'Fiat amount' },
      fiat_currency: { kind: 'text', readOnly: true, max: 10, label: 'Fiat currency' },
      crypto_amount: { kind: 'decimal', readOnly: true, label: 'Crypto amount' },
      crypto_currency: { kind: 'text', readOnly: true, max: 10, label: 'Crypto currency' },
      fee: { kind: 'decimal', readOnly: true, label: 'Fee' },
      state: { kind: 'enum', values: PROVIDER_STATES, readOnly: true },
      provider_status: { kind: 'text', readOnly: true, label: 'Provider status' },
      last_event_at: { kind: 'datetime', readOnly: true, label: 'Last event' },
      events: { kind: 'number', readOnly: true, label: 'Events' },
      credited_at: { kind: 'datetime', readOnly: true, label: 'Credited' },
      reversed_at: { kind: 'datetime', readOnly: true, label: 'Credit reversed' },
      ...TIMESTAMPS,
    },
    columns: [
      { field: 'id' }, { field: 'reference' }, { field: 'uid', format: USER_LINK }, { field: 'email', format: USER_LINK },
      { field: 'fiat_amount', format: { kind: 'decimal', unit: 'fiat_currency' } },
      { field: 'crypto_amount', format: { kind: 'decimal', unit: 'crypto_currency' } },
      { field: 'state', format: STATE_BADGE }, { field: 'provider_status' },
      { field: 'last_event_at', format: { kind: 'date' } }, { field: 'created_at', format: { kind: 'date' } },
    ],
    filters: [
      { field: 'created_at' }, { field: 'id' }, { field: 'uid', op: 'eq' }, { field: 'email' }, { field: 'reference', op: 'eq' },
      { field: 'state' }, { field: 'crypto_currency', op: 'eq' }, { field: 'fiat_currency', op: 'eq' },
    ],
    list: { pageSize: 25, ordering: 'desc', sortable: ['id', 'fiat_amount', 'crypto_amount', 'state', 'last_event_at', 'created_at'] },
  });
}

export const simplexTransactions = providerResource({
  name: 'simplex-transactions', provider: 'simplex', route: 'simplex-history',
  label: 'Simplex Transaction', labelPlural: 'Simplex History', referenceLabel: 'Simplex payment ID',
});
export const banxaTransactions = providerResource({
  name: 'banxa-transactions', provider: 'banxa', route: 'banxa-transactions',
  label: 'Banxa Transaction', labelPlural: 'Banxa Transactions', referenceLabel: 'Banxa order ID',
});
export const stripeTransactions = providerResource({
  name: 'stripe-transactions', provider: 'stripe', route: 'stripe-history',
  label: 'Stripe Transaction', labelPlural: 'Stripe History', referenceLabel: 'Stripe payment intent',
});
