/**
 * The activity lists (A38). Built to stay index-served at 10M rows:
 * - an actor (uid/email) or target is resolved to a user id first, then (user_id, created_at, id) or
 *   (target_id, created_at) serves the filter; an unknown user is an empty page without a log scan;
 * - dates, topics, types and rare results walk (category, …, created_at DESC, id DESC) indexes;
 * - pages are keyset or shallow offset (paging.ts), totals are capped (count.ts).
 */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../schema.js';
import { activityTypeTopics, type ActivityType } from '../../../shared/logs.js';
import { COUNT_CAP } from './count.js';
import { applyPage, keyColumns, orderLikePage, TIME_KEYSET, type PageRequest } from './paging.js';
import { emptyPage, listPage, type Page } from './list-page.js';
import { iso, userJson, type ActivityUser } from './user-json.js';

export interface ActivityFilters {
  from?: Date; to?: Date;
  uid?: string; email?: string; target_uid?: string; target_email?: string;
  topic?: string; action?: string; result?: string; type?: ActivityType;
  /** One row by its id (the palette's `#id`). */
  id?: number;
}

export interface WireActivity {
  id: number; user_ip: string | null; user_ip_country: string | null; user_agent: string | null;
  topic: string; action: string; result: string; data: string | null; created_at: string | null;
  user?: ActivityUser | null; admin?: ActivityUser | null; target?: ActivityUser | null;
}

/**
 * The id of the user matching every given identity, null when none does, undefined when none was given.
 * Email compares case-insensitively, as the unique lower(email) index does.
 */
export async function resolveUserId(db: Kysely<DB>, uid?: string, email?: string): Promise<number | null | undefined> {
  if (uid === undefined && email === undefined) return undefined;
  let q = db.selectFrom('users').select('id');
  if (uid !== undefined) q = q.where('uid', '=', uid);
  if (email !== undefined) q = q.where(sql`lower(email)`, '=', email.toLowerCase());
  const row = await q.executeTakeFirst();
  return row ? row.id : null;
}

/**
 * The member a staff write names by uid (an adjustment's receiving member, a fiat deposit's, a bonus's or an
 * investment's), as typed: uids are stored upper-case, forms accept either case.
 */
export async function memberByUid(db: Kysely<DB>, uid: string): Promise<{ id: number; uid: string } | undefined> {
  const row = await db.selectFrom('users').select(['id', 'uid']).where('uid', '=', uid.toUpperCase()).executeTakeFirst();
  return row && { id: Number(row.id), uid: row.uid };
}

/**
 * The topics a category's log holds, read by a loose index scan of activities_topic_time_idx (one probe
 * per distinct topic, a handful, instead of reading millions of rows).
 */
export async function topicsOf(db: Kysely<DB>, category: 'user' | 'admin'): Promise<string[]> {
  const { rows } = await sql<{ topic: string }>`
    WITH RECURSIVE t (topic) AS (
      SELECT min(topic) FROM activities WHERE category = ${category}
      UNION ALL
      SELECT (SELECT min(topic) FROM activities WHERE category = ${category} AND topic > t.topic) FROM t WHERE t.topic IS NOT NULL
    )
    SELECT topic FROM t WHERE topic IS NOT NULL`.execute(db);
  return rows.map((r) => r.topic);
}

/**
 * A category's log with the filters applied, actor and target resolved to ids (exported for the plan
 * tests). A type is narrowed to the topics the category actually holds (topicsOf): `general` (every
 * topic no other type claims) is otherwise "topic NOT IN (…)", which no index can narrow (counting it
 * once read 470,000 admin rows to find none), and a type's "topic IN (5 topics)" makes PostgreSQL walk
 * the category's time index and filter (4,321 rows read for a page of user-status, 174 ms cold); one
 * present topic is an ordered walk of activities_topic_time_idx.
 */
export function filteredActivities(
  db: Kysely<DB>, category: 'user' | 'admin', f: ActivityFilters, actor?: number, target?: number, topics?: readonly string[],
) {
  let base = db.selectFrom('activities as a').where('a.category', '=', category);
  if (f.id !== undefined) base = base.where('a.id', '=', f.id);
  if (actor !== undefined) base = base.where('a.user_id', '=', actor);
  if (target !== undefined) base = base.where('a.target_id', '=', target);
  if (f.from) base = base.where('a.created_at', '>=', f.from);
  if (f.to) base = base.where('a.created_at', '<=', f.to);
  if (f.topic !== undefined) base = base.where('a.topic', '=', f.topic);
  if (f.action !== undefined) base = base.where('a.action', '=', f.action);
  if (f.result !== undefined) base = base.where('a.result', '=', f.result);
  if (f.type !== undefined) {
    const t = activityTypeTopics(f.type);
    const present = topics?.filter((x) => t.topics.includes(x) === (t.op === 'in'));
    if (!present) base = base.where('a.topic', t.op, t.topics);
    else if (present.length === 0) base = base.where(sql<boolean>`false`);
    else base = present.length === 1 ? base.where('a.topic', '=', present[0]!) : base.where('a.topic', 'in', present);
  }
  return base;
}

export async function listActivities(
  db: Kysely<DB>, category: 'user' | 'admin', f: ActivityFilters, page: PageRequest, cap = COUNT_CAP,
): Promise<Page<WireActivity>> {
  const actor = await resolveUserId(db, f.uid, f.email);
  const target = category === 'admin' ? await resolveUserId(db, f.target_uid, f.target_email) : undefined;
  if (actor === null || target === null) return emptyPage();
  const topics = f.type !== undefined ? await topicsOf(db, category) : undefined;
  const base = filteredActivities(db, category, f, actor, target, topics);
  const read = () => {
    const paged = applyPage(base.selectAll('a'), TIME_KEYSET, 'a', page, 'activities');
    // Users are joined to the page only (at most limit + 1 rows), never to the filtered log.
    const q = db.selectFrom(paged.as('p'))
      .leftJoin('users as u', 'u.id', 'p.user_id')
      .leftJoin('users as t', 't.id', 'p.target_id')
      .select(['p.id', 'p.user_ip', 'p.user_ip_country', 'p.user_agent', 'p.topic', 'p.action', 'p.result', 'p.created_at'])
      .select([sql<string | null>`p.data::text`.as('data'), userJson('u').as('actor'), userJson('t').as('target')])
      .select(keyColumns(TIME_KEYSET));
    return orderLikePage(q, TIME_KEYSET, page);
  };
  const src = { filtered: base, cap, keyset: TIME_KEYSET, orderBy: 'created_at', page, read };
  return listPage(db, src, (r): WireActivity => {
    const common = {
      id: r.id, user_ip: r.user_ip, user_ip_country: r.user_ip_country, user_agent: r.user_agent,
      topic: r.topic, action: r.action, result: r.result, data: r.data, created_at: iso(r.created_at),
    };
    return category === 'user' ? { ...common, user: r.actor } : { ...common, admin: r.actor, target: r.target };
  });
}
