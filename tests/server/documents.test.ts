/**
 * KYC documents (issue 27 item 2): a customer's upload and its every refusal (nothing stored, the
 * server still answering), the customer's own list and file, the staff file route (headers, the
 * abilities, its audit row), and the documents on the user detail and the pending list.
 */
import { connect } from 'node:net';
import { deflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../helpers/app.js';
import { signInAs, type SignedIn } from '../helpers/auth.js';
import { samplePdf, samplePng } from '../../src/server/db/seed/sample-documents.js';

const R = '/api/v2/barong/resource/documents';
const MAX = 150_000;
let t: TestApp;
let alice: { user: { id: number; uid: string }; session: SignedIn };
let bob: { user: { id: number; uid: string }; session: SignedIn };

beforeAll(async () => {
  t = await testApp({ env: { DOCUMENT_MAX_BYTES: String(MAX), DOCUMENT_MAX_PER_USER: '4' } });
  alice = await signInAs(t, 'member');
  bob = await signInAs(t, 'member');
});
afterAll(async () => { await t?.close(); });

type Field = string | { filename: string; data: Buffer; type?: string };
const BOUNDARY = 'steward-test-boundary';
function form(fields: [string, Field][]): Buffer {
  const chunks: Buffer[] = [];
  for (const [name, v] of fields) {
    const file = typeof v === 'string' ? null : v;
    chunks.push(Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"${file ? `; filename="${file.filename}"\r\nContent-Type: ${file.type ?? 'image/png'}` : ''}\r\n\r\n`));
    chunks.push(file ? file.data : Buffer.from(v as string));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return Buffer.concat(chunks);
}
const ID_FIELDS: [string, Field][] = [['doc_type', 'Passport'], ['doc_number', 'AB 123-456'], ['doc_expire', '2030-01-31']];
const upload = (who: SignedIn, body: Buffer, type = `multipart/form-data; boundary=${BOUNDARY}`) =>
  t.app.inject({ method: 'POST', url: R, headers: who.headers({ 'content-type': type }), payload: body });
const stored = async () => Number((await t.db.kysely.selectFrom('documents').select((e) => e.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

/** A JPEG's structure (SOI, APP0, SOS with entropy bytes incl. a stuffed FF00, EOI); pixels are never decoded. */
function jpeg(comment?: string): Buffer {
  const seg = (marker: number, body: Buffer) => Buffer.concat([Buffer.from([0xff, marker, (body.length + 2) >> 8, (body.length + 2) & 0xff]), body]);
  return Buffer.concat([
    Buffer.from([0xff, 0xd8]), seg(0xe0, Buffer.from('JFIF\0\x01\x01\0\0\x01\0\x01\0\0', 'latin1')),
    ...(comment ? [seg(0xfe, Buffer.from(comment))] : []),
    seg(0xda, Buffer.from([1, 1, 0, 0, 0x3f, 0])), Buffer.from([0x12, 0x34, 0xff, 0x00, 0x56, 0xff, 0xd0, 0x78]), Buffer.from([0xff, 0xd9]),
  ]);
}
/** A PDF whose one stream is Flate-compressed `text`. */
function flatePdf(text: string): Buffer {
  const z = deflateSync(Buffer.from(text));
  return Buffer.concat([Buffer.from(`%PDF-1.7\n1 0 obj\n<< /Length ${z.length} /Filter /FlateDecode >>\nstream\n`), z,
    Buffer.from('\nendstream\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n')]);
}

describe('POST /resource/documents', () => {
  it('stores JPEG, PNG and PDF by their bytes, all-or-nothing per form, and lists and serves only the owner\'s', async () => {
    const png = samplePng('Alice Example');
    const res = await upload(alice.session, form([...ID_FIELDS, ['doc_category', 'front_side'],
      ['upload[]', { filename: '../../etc/passport scan.PNG', data: png, type: 'text/html' }],
      ['upload[]', { filename: 'back.jpeg', data: jpeg('Canon EOS'), type: 'application/octet-stream' }]]));
    expect(res.statusCode, res.body).toBe(201);
    const made = res.json();
    expect(made).toMatchObject([
      { doc_type: 'Passport', doc_number: 'AB 123-456', doc_expire: '2030-01-31', doc_category: 'front_side', content_type: 'image/png', size: png.length },
      { content_type: 'image/jpeg' },
    ]);
    const pdf = await upload(alice.session, form([['doc_type', 'Utility Bill'], ['doc_number', 'UB1'], ['upload', { filename: 'bill', data: samplePdf('Alice'), type: 'image/png' }]]));
    expect(pdf.statusCode, pdf.body).toBe(201);
    expect(pdf.json()[0]).toMatchObject({ content_type: 'application/pdf', doc_expire: null });

    // Barong's label: the upload makes the private `document` label pending (the pending-applications queue);
    // verified documents stay verified when a customer adds one.
    const docLabel = (userId: number) => t.db.kysely.selectFrom('labels').select('value').where('user_id', '=', userId)
      .where('key', '=', 'document').where('scope', '=', 'private').execute();
    expect(await docLabel(alice.user.id)).toEqual([{ value: 'pending' }]);
    const carol = await signInAs(t, 'member');
    await t.db.kysely.insertInto('labels').values({ user_id: carol.user.id, key: 'document', value: 'verified', scope: 'private', description: null }).execute();
    expect((await upload(carol.session, form([...ID_FIELDS, ['upload', { filename: 'c.png', data: png }]]))).statusCode).toBe(201);
    expect(await docLabel(carol.user.id)).toEqual([{ value: 'verified' }]);
    const mine = await t.app.inject({ method: 'GET', url: R, headers: alice.session.headers() });
    expect(mine.json().map((d: any) => d.id)).toEqual([made[0].id, made[1].id, pdf.json()[0].id]);
    const file = await t.app.inject({ method: 'GET', url: `${R}/${made[0].id}`, headers: alice.session.headers() });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(png)).toBe(true);
    expect(file.headers).toMatchObject({ 'content-type': 'image/png', 'x-content-type-options': 'nosniff',
      'content-disposition': 'inline; filename="passport_scan.png"' });
    // Bob sees none of Alice's: not in his list, and her file is as absent as a missing one.
    expect((await t.app.inject({ method: 'GET', url: R, headers: bob.session.headers() })).json()).toEqual([]);
    const stolen = await t.app.inject({ method: 'GET', url: `${R}/${made[0].id}`, headers: bob.session.headers() });
    expect([stolen.statusCode, stolen.json().errors]).toEqual([404, ['admin.document.doesnt_exist']]);
    // Past the per-account cap (4): nothing of the form is written.
    const over = await upload(alice.session, form([...ID_FIELDS, ['upload', { filename: 'a.png', data: png }], ['upload', { filename: 'b.png', data: png }]]));
    expect([over.statusCode, over.json().errors]).toEqual([422, ['resource.document.limit_reached']]);
    expect(await stored()).toBe(4);
  });

  it('refuses each bad upload with its code and stores nothing', async () => {
    const before = await stored();
    const png = samplePng('Bob');
    const up = (name: string, data: Buffer, fields = ID_FIELDS) => upload(bob.session, form([...fields, ['upload', { filename: name, data }]]));
    const cases: [string, Promise<{ statusCode: number; json(): any }>, number, string][] = [
      ['oversize file', up('big.png', Buffer.concat([png, Buffer.alloc(MAX)])), 413, 'resource.document.upload_too_large'],
      ['oversize body', upload(bob.session, Buffer.alloc(MAX + 70 * 1024, 0x41)), 413, 'resource.document.upload_too_large'],
      ['zero bytes', up('empty.png', Buffer.alloc(0)), 422, 'resource.document.empty_upload'],
      ['GIF', up('x.png', Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1')), 422, 'resource.document.invalid_file_type'],
      ['SVG', up('x.png', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')), 422, 'resource.document.invalid_file_type'],
      ['HTML', up('x.pdf', Buffer.from('<!doctype html><script>alert(1)</script>')), 422, 'resource.document.invalid_file_type'],
      ['truncated PNG', up('x.png', png.subarray(0, png.length - 20)), 422, 'resource.document.invalid_file_type'],
      ['PNG with a script tail', up('x.png', Buffer.concat([png, Buffer.from('<script>alert(1)</script>')])), 422, 'resource.document.unsafe_content'],
      ['PNG with a tail behind zero padding', up('x.png', Buffer.concat([png, Buffer.alloc(8), Buffer.from('<b>')])), 422, 'resource.document.unsafe_content'],
      ['JPEG with a script tail', up('x.jpg', Buffer.concat([jpeg(), Buffer.from('<html><script>alert(1)</script>')])), 422, 'resource.document.unsafe_content'],
      ['JPEG with markup in a comment', up('x.jpg', jpeg('<script>alert(1)</script>')), 422, 'resource.document.unsafe_content'],
      ['PDF with an HTML tail', up('x.pdf', Buffer.concat([samplePdf('B'), Buffer.from('<html><body onload=alert(1)>')])), 422, 'resource.document.unsafe_content'],
      ['PDF with JavaScript in a Flate stream, name escaped', up('x.pdf', flatePdf('<< /S /J#61vaScript /JS (app.alert(1)) >>')), 422, 'resource.document.unsafe_content'],
      ['PDF with an embedded file', up('x.pdf', flatePdf('<< /Type /EmbeddedFile >>')), 422, 'resource.document.unsafe_content'],
      // Bare parts under a one-letter boundary: 10,000 of them fit well inside the body limit.
      ['10,000 parts', upload(bob.session, Buffer.from(`${'--b\r\n\r\n\r\n'.repeat(10_000)}--b--`), 'multipart/form-data; boundary=b'), 413, 'resource.document.too_many_parts'],
      ['malformed multipart', upload(bob.session, Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="doc_type"\r\n\r\nPassport`)), 400, 'resource.document.malformed_multipart'],
      ['JSON body', t.app.inject({ method: 'POST', url: R, headers: bob.session.headers(), payload: { doc_type: 'Passport', upload: 'aGk=' } }), 415, 'resource.document.not_multipart'],
      ['no file', upload(bob.session, form(ID_FIELDS)), 422, 'resource.document.missing_upload'],
      ['unknown type', up('x.png', png, [['doc_type', 'passport'], ['doc_number', 'A1']]), 422, 'resource.document.invalid_doc_type'],
      ['no number', up('x.png', png, [['doc_type', 'Passport']]), 422, 'resource.document.missing_doc_number'],
      ['expired', up('x.png', png, [['doc_type', 'Passport'], ['doc_number', 'A1'], ['doc_expire', '2026-11-19']]), 422, 'resource.document.already_expired'],
      ['not a date', up('x.png', png, [['doc_type', 'Passport'], ['doc_number', 'A1'], ['doc_expire', '2026-02-30']]), 422, 'resource.document.invalid_doc_expire'],
    ];
    for (const [what, pending, status, code] of cases) {
      const res = await pending;
      expect([what, res.statusCode, res.json().errors]).toEqual([what, status, [code]]);
    }
    expect(await stored()).toBe(before);
    // Each refusal that reached the handler is on the customer's activity record; the server still answers.
    const failed = await t.db.kysely.selectFrom('activities').select('data').where('user_id', '=', bob.user.id)
      .where('topic', '=', 'documents').where('result', '=', 'failed').execute();
    expect(failed.length).toBeGreaterThanOrEqual(cases.length - 2);
    const anon = await t.app.inject({ method: 'POST', url: R, headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` }, payload: form(ID_FIELDS) });
    expect(anon.statusCode).toBe(401);
    // Six uploads at once against a cap of four: the count is taken under a lock of the user's row.
    const racing = await Promise.all(Array.from({ length: 6 }, () => up('p.png', png)));
    expect(racing.map((r) => r.statusCode).sort()).toEqual([201, 201, 201, 201, 422, 422]);
    expect(await stored()).toBe(before + 4);
  });

  it('ends a slow body at the request timeout, storing nothing', async () => {
    const slow = await testApp({ db: t.db, env: { HTTP_REQUEST_TIMEOUT_MS: '1000', HTTP_HEADERS_TIMEOUT_MS: '1000' } });
    try {
      const address = await slow.app.listen({ port: 0, host: '127.0.0.1' });
      const port = Number(new URL(address).port);
      const before = await stored();
      const started = Date.now();
      let answer = '';
      const closed = await new Promise<number>((resolve) => {
        const s = connect(port, '127.0.0.1', () => {
          const h = alice.session.headers();
          s.write(`POST ${R} HTTP/1.1\r\nHost: x\r\nCookie: ${h.cookie}\r\nUser-Agent: ${h['user-agent']}\r\nX-CSRF-Token: ${h['x-csrf-token']}\r\n`
            + `Content-Type: multipart/form-data; boundary=${BOUNDARY}\r\nContent-Length: 3000\r\n\r\n--${BOUNDARY}\r\n`);
        });
        s.on('error', () => {});
        // Read the answer: an unread one would hold back 'close'.
        s.on('data', (b: Buffer) => { answer += b.toString('latin1'); });
        s.on('close', () => resolve(Date.now()));
      });
      // The route waited for the body (no early answer) until the request timeout answered 408 and closed.
      expect(answer).toMatch(/^HTTP\/1\.1 408/);
      expect(closed - started).toBeLessThan(5000);
      expect(await stored()).toBe(before);
    } finally { await slow.close(); }
  });
});

describe('staff reading documents', () => {
  it('serves the file to roles that read Document, audited, under a policy that runs nothing; others are refused', async () => {
    const [doc] = (await t.app.inject({ method: 'GET', url: R, headers: alice.session.headers() })).json();
    const compliance = await signInAs(t, 'compliance');
    const res = await t.app.inject({ method: 'GET', url: doc.upload.replace('/resource/', '/admin/'), headers: compliance.session.headers() });
    const url = `/api/v2/barong/admin/documents/${doc.id}`;
    const file = await t.app.inject({ method: 'GET', url, headers: compliance.session.headers() });
    expect(res.statusCode).toBe(200);
    expect(file.statusCode).toBe(200);
    expect(file.headers).toMatchObject({
      'content-type': 'image/png', 'x-content-type-options': 'nosniff', 'content-disposition': 'inline; filename="passport_scan.png"',
      'x-frame-options': 'SAMEORIGIN', 'cache-control': 'private, no-store',
    });
    expect(file.headers['content-security-policy']).toMatch(/^default-src 'none';.*sandbox$/);
    const audit = await t.db.kysely.selectFrom('activities').selectAll().where('category', '=', 'admin').where('topic', '=', 'documents')
      .where('user_id', '=', compliance.user.id).execute();
    expect(audit).toHaveLength(2);
    expect(audit[0]).toMatchObject({ action: 'read', result: 'succeed', target_id: alice.user.id, data: { document_id: doc.id, doc_type: 'Passport' } });

    for (const role of ['support', 'accountant', 'member']) {
      const who = await signInAs(t, role);
      const refused = await t.app.inject({ method: 'GET', url, headers: who.session.headers() });
      expect([role, refused.statusCode]).toEqual([role, 401]);
      expect(refused.rawPayload.includes(Buffer.from('IHDR'))).toBe(false);
    }
    const missing = await t.app.inject({ method: 'GET', url: `${url}999`, headers: compliance.session.headers() });
    expect([missing.statusCode, missing.json().errors]).toEqual([404, ['admin.document.doesnt_exist']]);

    // The user detail and the pending list carry the documents as Barong's UserWithKYC does.
    const admin = await signInAs(t, 'admin');
    const detail = (await t.app.inject({ method: 'GET', url: `/api/v2/barong/admin/users/${alice.user.uid}`, headers: admin.session.headers() })).json();
    expect(detail.documents.map((d: any) => d.upload)).toEqual([url, expect.stringMatching(/admin\/documents\/\d+$/), expect.any(String)]);
    expect(detail.documents[0]).toMatchObject({ doc_type: 'Passport', doc_number: 'AB 123-456', doc_expire: '2030-01-31', metadata: null, created_at: expect.any(String) });
    // Her uploads put her in the queue (Barong's document label, pending), with nothing set by hand.
    const pending = (await t.app.inject({ method: 'GET', url: '/api/v2/barong/admin/users/documents/pending?extended=true', headers: admin.session.headers() })).json();
    expect(pending.find((u: any) => u.uid === alice.user.uid).documents).toHaveLength(3);
  });
});
