/**
 * The demo's coin applications (the pending applications' coin tab): projects applying to list a coin,
 * three pending, two approved — their currencies created, disabled, by the same approval code the API
 * runs (applogic/coin-applications.ts through the currencies' create path) — and two rejected with
 * their reasons. Deterministic: contract addresses are hashes of the codes, times follow from `now`.
 */
import { createHash } from 'node:crypto';
import type { Transaction } from 'kysely';
import type { DB } from '../schema.js';
import type { SeedContext } from './context.js';
import { staffByRole } from './staff.js';
import { approveApplication, rejectApplication } from '../../applogic/coin-applications.js';
import { currencies } from '../../../shared/resources/currencies.js';
import { createWithin } from '../../resources/handlers.js';

const DAY = 86_400_000;

interface ApplicationSeed {
  project: string; token_name: string; token_code: string; chain: string; contract: boolean; days: number;
  /** Pending, or decided this many days after submission (rejected with `reason`). */
  decide?: { after: number; reason?: string };
}

const APPLICATIONS: readonly ApplicationSeed[] = [
  { project: 'Aurora Labs', token_name: 'Aurora', token_code: 'AUR', chain: 'ethereum', contract: true, days: -40, decide: { after: 6 } },
  { project: 'MoonShot Collective', token_name: 'MoonShot Inu', token_code: 'MSHOT', chain: 'ethereum', contract: true, days: -33,
    decide: { after: 2, reason: 'Anonymous team and no audit of the contract; the token mints without limit.' } },
  { project: 'Kestrel Payments', token_name: 'Kestrel', token_code: 'KSTL', chain: 'ethereum', contract: true, days: -25, decide: { after: 4 } },
  { project: 'Tether Clone Ltd', token_name: 'USD Tether X', token_code: 'USDTX', chain: 'ethereum', contract: true, days: -14,
    decide: { after: 1, reason: 'The name and code imitate USDT; a stable coin needs attested reserves.' } },
  { project: 'Nimbus Network', token_name: 'Nimbus', token_code: 'NMB', chain: 'ethereum', contract: true, days: -6 },
  { project: 'Harbor Protocol', token_name: 'Harbor', token_code: 'HRBR', chain: 'ethereum', contract: true, days: -3 },
  { project: 'Quill Finance', token_name: 'Quill', token_code: 'QUIL', chain: 'ethereum', contract: true, days: -1 },
];

const slug = (s: string) => s.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
const contractOf = (code: string) => `0x${createHash('sha256').update(`coin-application:${code}`).digest('hex').slice(0, 40)}`;

export async function insertCoinApplications(ctx: SeedContext): Promise<void> {
  const db = ctx.db;
  const chains = new Set((await db.selectFrom('blockchains').select('key').execute()).map((b) => b.key));
  const admin = staffByRole('admin').id;
  for (const a of APPLICATIONS) {
    if (!chains.has(a.chain)) continue;
    const submitted = new Date(ctx.now.getTime() + a.days * DAY);
    const site = `https://${slug(a.project)}.example`;
    const { id } = await db.insertInto('coin_applications').values({
      project: a.project, token_name: a.token_name, token_code: a.token_code, blockchain_key: a.chain,
      contract_address: a.contract ? contractOf(a.token_code) : null, contact_email: `listing@${slug(a.project)}.example`,
      documents: JSON.stringify([`${site}/whitepaper.pdf`, `${site}/audit.pdf`, `${site}/team`]),
      submitted_at: submitted, created_at: submitted, updated_at: submitted,
    }).returning('id').executeTakeFirstOrThrow();
    if (!a.decide) continue;
    const at = new Date(submitted.getTime() + a.decide.after * DAY);
    // The seed is one transaction (seed/index.ts): the approval's currency lands in it, as the API's does in its own.
    const trx = db as Transaction<DB>;
    if (a.decide.reason) await rejectApplication(trx, Number(id), admin, at, a.decide.reason);
    else await approveApplication(trx, Number(id), admin, at, (body) => createWithin(null, trx, currencies, body, at));
  }
}
