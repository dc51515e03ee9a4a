/**
 * Sample KYC documents for the demo's pending applicants (issue 27 item 2): an identity card (PNG) and a
 * utility bill (PDF), drawn by code with the applicant's profile name and SAMPLE - NOT A REAL PERSON. Only
 * the queue's head gets them (SAMPLE_APPLICANTS, oldest submission first, as the review opens them): a
 * card takes ~3 ms to draw, so the seed's KYC stage grows by ~0.4 s at most whatever the data set's size.
 */
import { createHash } from 'node:crypto';
import type { SeedContext } from './context.js';
import { insertDocument } from '../queries/documents.js';
import { samplePdf, samplePng } from './sample-documents.js';

export const SAMPLE_APPLICANTS = 100;

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

export async function insertSampleDocuments(ctx: SeedContext): Promise<number> {
  // The applicants first, then each one's newest profile: joined before the limit, the seed's one transaction
  // (no statistics yet) had PostgreSQL look up a profile for every pending applicant — at 1M users it ran 17
  // minutes before it was stopped.
  const picked = ctx.db.selectFrom('labels as l').select(['l.user_id', 'l.updated_at'])
    .where('l.key', '=', 'document').where('l.scope', '=', 'private').where('l.value', 'in', ['pending', 'replaced'])
    .orderBy('l.updated_at').orderBy('l.user_id').limit(SAMPLE_APPLICANTS);
  const applicants = await ctx.db.selectFrom(picked.as('l'))
    .leftJoinLateral((eb) => eb.selectFrom('profiles as p').select(['p.first_name', 'p.last_name'])
      .whereRef('p.user_id', '=', 'l.user_id').orderBy('p.id', 'desc').limit(1).as('p'), (j) => j.onTrue())
    .select(['l.user_id', 'l.updated_at', 'p.first_name', 'p.last_name'])
    .orderBy('l.updated_at').orderBy('l.user_id').execute();
  const expire = `${ctx.now.getUTCFullYear() + 6}-06-30`;
  for (const a of applicants) {
    const name = [a.first_name, a.last_name].filter(Boolean).join(' ') || 'Demo Applicant';
    const card = samplePng(name);
    const bill = samplePdf(name);
    const common = { user_id: a.user_id, identificator: `sample-${a.user_id}`, metadata: null };
    await insertDocument(ctx.db, {
      ...common, doc_type: 'Identity card', doc_number: `SAMPLE ${a.user_id}`, doc_expire: expire, doc_category: 'front_side',
      content_type: 'image/png', filename: 'identity-card-sample.png', content: card, sha256: sha(card),
    });
    await insertDocument(ctx.db, {
      ...common, doc_type: 'Utility Bill', doc_number: `UB ${a.user_id}`, doc_expire: null, doc_category: null,
      content_type: 'application/pdf', filename: 'utility-bill-sample.pdf', content: bill, sha256: sha(bill),
    });
  }
  return applicants.length * 2;
}
