/**
 * The restriction rules in force on this node, and how a client meets them (Barong's authorize, in its
 * order): whitelist first — a match ends the checks, the client passes — then maintenance, blacklist and
 * blocklogin; within a category the scopes all → ip → ip_subnet → continent → country. The rules are
 * read whole (a handful of rows) and kept in memory; NOTIFY steward_restrictions (migration 0020) makes
 * every node read them again the moment any change commits. A node whose LISTEN is down re-reads them
 * at most every 5 s on use instead, so a change takes effect within that even then.
 */
import { BlockList, isIP } from 'node:net';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { Listen } from '../../db/listen.js';
import { continentOf } from '../../../shared/continents.js';

export const RESTRICTIONS_CHANNEL = 'steward_restrictions';
const STALE_MS = 5_000;
const SCOPE_ORDER = ['all', 'ip', 'ip_subnet', 'continent', 'country'] as const;

export interface Rule { id: number; category: string; scope: string; value: string; code: number }
export interface Client { ip: string; country?: string }
export type Category = 'whitelist' | 'maintenance' | 'blacklist' | 'blocklogin';

/** An IPv4 address written as IPv6 (::ffff:a.b.c.d, what a dual-stack socket reports) as plain IPv4. */
export const plainIp = (ip: string): string => ip.replace(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/i, '$1');

/** A subnet rule's matcher, or null for a value that is not a network. */
function subnet(value: string): BlockList | null {
  const [net, bits] = value.split('/');
  const family = isIP(net ?? '');
  if (!family || bits === undefined || !/^\d{1,3}$/.test(bits)) return null;
  const list = new BlockList();
  try { list.addSubnet(net!, Number(bits), family === 4 ? 'ipv4' : 'ipv6'); } catch { return null; }
  return list;
}

/** Whether `rule` covers `client`. */
export function matches(rule: Rule, client: Client): boolean {
  const ip = plainIp(client.ip);
  switch (rule.scope) {
    case 'all': return true;
    case 'ip': return plainIp(rule.value) === ip;
    case 'ip_subnet': {
      const family = isIP(ip);
      return !!family && !!subnet(rule.value)?.check(ip, family === 4 ? 'ipv4' : 'ipv6');
    }
    case 'country': return !!client.country && rule.value.toUpperCase() === client.country.toUpperCase();
    case 'continent': return !!client.country && continentOf(client.country) === rule.value.toUpperCase();
    default: return false;
  }
}

/** The first enabled rule of `category` covering `client`, in Barong's scope order. */
export function firstMatch(rules: readonly Rule[], category: Category, client: Client): Rule | undefined {
  for (const scope of SCOPE_ORDER) {
    const hit = rules.find((r) => r.category === category && r.scope === scope && matches(r, client));
    if (hit) return hit;
  }
  return undefined;
}

export type Verdict =
  | { kind: 'pass' }
  | { kind: 'refuse'; code: number; error: string }
  /** Closed for maintenance: only staff (an allowed role) may go on; decided once the session is known. */
  | { kind: 'maintenance'; code: number };

/** What the rules say to `client` for a request; `signIn`: the request is a sign-in (blocklogin's only target). */
export function judge(rules: readonly Rule[], client: Client, signIn: boolean): Verdict {
  if (firstMatch(rules, 'whitelist', client)) return { kind: 'pass' };
  const black = firstMatch(rules, 'blacklist', client);
  if (black) return { kind: 'refuse', code: black.code, error: 'authz.restrict.blacklist' };
  const block = signIn ? firstMatch(rules, 'blocklogin', client) : undefined;
  if (block) return { kind: 'refuse', code: block.code, error: 'authz.restrict.blocklogin' };
  const maintenance = firstMatch(rules, 'maintenance', client);
  if (maintenance) return { kind: 'maintenance', code: maintenance.code };
  return { kind: 'pass' };
}

export class RestrictionRules {
  private rules: Rule[] = [];
  private readAt = -Infinity;
  private listening = false;
  /** The read under way, and at most one more queued behind it for the changes it may predate. */
  private running: Promise<Rule[]> | null = null;
  private queued: Promise<Rule[]> | null = null;

  constructor(private readonly db: Kysely<DB>) {}

  /** The enabled rules, read again first when they may be stale. */
  async current(): Promise<readonly Rule[]> {
    // A change was heard and is being read: the rules in force are the ones it brings.
    const pending = this.queued ?? this.running;
    if (pending) return pending;
    if (this.listening && this.readAt > -Infinity) return this.rules;
    if (Date.now() - this.readAt < STALE_MS) return this.rules;
    return this.read();
  }

  /**
   * Reads the rules again. A read already under way may have started before the change that asks for
   * this one, so one more follows it — shared by everyone who asks meanwhile: fifty writes at once cost
   * two reads, not fifty in a row.
   */
  read(): Promise<Rule[]> {
    if (!this.running) return this.start();
    this.queued ??= this.running.catch(() => undefined).then(() => { this.queued = null; return this.start(); });
    return this.queued;
  }

  private start(): Promise<Rule[]> {
    const p: Promise<Rule[]> = this.db.selectFrom('restrictions').select(['id', 'category', 'scope', 'value', 'code'])
      .where('state', '=', 'enabled').orderBy('id').execute()
      .then((rows) => { this.rules = rows; this.readAt = Date.now(); return rows; })
      .finally(() => { if (this.running === p) this.running = null; });
    this.running = p;
    return p;
  }

  async listen(listen: Listen): Promise<() => Promise<void>> {
    const stop = await listen(RESTRICTIONS_CHANNEL, {
      payload: () => { void this.read().catch(() => undefined); },
      lost: () => { this.listening = false; },
      ready: () => { this.listening = true; void this.read().catch(() => undefined); },
    });
    return async () => { this.listening = false; await stop(); };
  }
}
