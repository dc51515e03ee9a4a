/**
 * KYC documents (migration 0040). Lists never read the bytes: only the file route does
 * (documentFile), one row at a time.
 */
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../schema.js';

type Db = Kysely<DB> | Transaction<DB>;

/** Every column but the bytes. */
const META = ['id', 'user_id', 'doc_type', 'doc_number', 'doc_expire', 'doc_category', 'identificator', 'metadata',
  'content_type', 'filename', 'byte_size', 'created_at', 'updated_at'] as const;

export interface NewDocument {
  user_id: number; doc_type: string; doc_number: string; doc_expire: string | null; doc_category: string | null;
  identificator: string | null; metadata: string | null; content_type: string; filename: string; content: Buffer; sha256: string;
}

export function insertDocument(db: Db, d: NewDocument) {
  return db.insertInto('documents').values({ ...d, byte_size: d.content.length }).returning(META).executeTakeFirstOrThrow();
}

/** How many documents a user keeps, counted under a lock of the user's row (two uploads at once cannot pass the cap together). */
export async function lockedDocumentCount(trx: Transaction<DB>, userId: number): Promise<number> {
  await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
  const { n } = await trx.selectFrom('documents').select((e) => e.fn.countAll<number>().as('n')).where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(n);
}

/** The documents of these users, each user's oldest first (documents_user_idx). */
export function documentsOf(db: Db, userIds: readonly number[]) {
  if (userIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('documents').select(META).where('user_id', 'in', [...userIds]).orderBy('user_id').orderBy('id').execute();
}

export type DocumentRow = Awaited<ReturnType<typeof documentsOf>>[number];

/** One document with its bytes and owner's uid (the staff file route). */
export function documentFile(db: Db, id: number) {
  return db.selectFrom('documents').innerJoin('users', 'users.id', 'documents.user_id')
    .select(['documents.id', 'documents.content_type', 'documents.filename', 'documents.content', 'documents.doc_type', 'documents.user_id', 'users.uid'])
    .where('documents.id', '=', id).executeTakeFirst();
}
