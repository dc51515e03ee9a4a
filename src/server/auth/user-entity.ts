/**
 * Barong's UserWithFullInfo entity, built from the database: what sign-in and
 * GET /resource/users/me return. There is no `id` on the wire (Barong exposes uid only);
 * timestamps are ISO-8601 UTC and `data` is the JSON text Barong keeps in users.data.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
import { publicLabels, userPhones, userProfiles, type UserRow } from '../db/queries/users-auth.js';
import type { WireUser } from '../../shared/users.js';

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());
const jsonText = (v: unknown) => (v === null || v === undefined ? null : JSON.stringify(v));

export interface UserWithFullInfo extends WireUser {
  data: string | null;
  labels: { key: string; value: string; scope: string; created_at: string | null; updated_at: string | null }[];
  phones: { country: string; number: string; validated_at: string | null }[];
  profiles: Record<string, unknown>[];
  data_storages: never[];
  created_at: string | null;
  updated_at: string | null;
  csrf_token?: string;
}

/** `withProfiles: false` leaves `profiles` empty for a caller that reads a bounded page of them itself (the admin detail). */
export async function userWithFullInfo(db: Kysely<DB>, user: UserRow, withProfiles = true): Promise<UserWithFullInfo> {
  const [labels, phones, profiles] = await Promise.all([
    publicLabels(db, user.id), userPhones(db, user.id), withProfiles ? userProfiles(db, user.id) : [],
  ]);
  return {
    email: user.email,
    uid: user.uid,
    role: user.role,
    level: user.level,
    otp: user.otp,
    state: user.state,
    referral_uid: user.referral_uid,
    username: user.username,
    data: jsonText(user.data),
    labels: labels.map((l) => ({ ...l, created_at: iso(l.created_at), updated_at: iso(l.updated_at) })),
    phones: phones.map((p) => ({ ...p, validated_at: iso(p.validated_at) })),
    profiles: profiles.map((p) => ({
      ...p, metadata: jsonText(p.metadata), created_at: iso(p.created_at), updated_at: iso(p.updated_at),
    })),
    // Barong's per-user document storage; this backend keeps none, the key stays for compatibility.
    data_storages: [],
    created_at: iso(user.created_at),
    updated_at: iso(user.updated_at),
  };
}
