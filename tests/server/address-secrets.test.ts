/**
 * Deposit addresses' passphrases sealed at rest (market-api/address-secrets.ts, auth/sealed.ts, migration
 * 0048): the column never holds the passphrase the node was given, reading back opens it, a wrong or missing
 * key or a moved or altered value fails closed with a clear error, the database refuses a plaintext write,
 * rows stored in plaintext before are sealed by the start's pass once, and no answer carries the secret.
 * One app on a fake Ethereum node that records the passphrases it is given.
 */
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../helpers/app.js';
import { signInAs, type SignedIn } from '../helpers/auth.js';
import { ConfigError, loadConfig } from '../../src/server/config.js';
import { dataDirSecretsKey, keyId, SealError } from '../../src/server/auth/sealed.js';
import { readAddressSecret, sealPlaintextAddressSecrets, sealSecretsAtStart } from '../../src/server/market-api/address-secrets.js';
import { up as migration0048 } from '../../src/server/db/migrations/0048_sealed_address_secrets.js';

const KEY_HEX = 'a1'.repeat(32), OTHER_HEX = 'b2'.repeat(32);
const KEY = Buffer.from(KEY_HEX, 'hex'), OTHER = Buffer.from(OTHER_HEX, 'hex');
const CHAIN = 'fake-eth', COIN = 'seth';
let t: TestApp, node: Server, a: SignedIn, b: SignedIn, admin: SignedIn, aId: number, bId: number;
const passphrases: string[] = [];

/** personal_newAccount answers a new address and keeps the passphrase, as a real node would need it later. */
function fakeEthereum(): Promise<string> {
  node = createServer((req, res) => {
    let body = '';
    req.on('data', (d) => { body += d; });
    req.on('end', () => {
      const call = JSON.parse(body) as { id: number; method: string; params: string[] };
      if (call.method === 'personal_newAccount') passphrases.push(call.params[0]!);
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ jsonrpc: '2.0', id: call.id, result: `0x${String(passphrases.length).padStart(40, '0')}` }));
    });
  });
  return new Promise((done) => node.listen(0, '127.0.0.1', () => done(`http://127.0.0.1:${(node.address() as { port: number }).port}/`)));
}

const stored = async (member: number) => (await t.db.kysely.selectFrom('payment_addresses').select('secret')
  .where('user_id', '=', member).where('blockchain_key', '=', CHAIN).executeTakeFirstOrThrow()).secret!;
const depositAddress = (who: SignedIn) => t.app.inject({ method: 'GET', url: `/api/v2/peatio/account/deposit_address/${COIN}`, headers: who.headers() });
const reason = (p: Promise<unknown>) => p.then(() => 'opened', (e: unknown) => (e instanceof SealError ? `${e.reason}: ${e.message}` : String(e)));

beforeAll(async () => {
  const server = await fakeEthereum();
  t = await testApp({ env: { STEWARD_SECRETS_KEY: KEY_HEX } });
  await t.db.kysely.insertInto('blockchains').values({ key: CHAIN, name: 'Fake Ethereum', client: 'ethereum', server, height: 1, status: 'active' }).execute();
  await t.db.kysely.insertInto('currencies').values({ code: COIN, name: 'Sealed ether', type: 'coin', precision: 8, blockchain_key: CHAIN }).execute();
  ({ user: { id: aId }, session: a } = await signInAs(t, 'member', { level: 3 }));
  ({ user: { id: bId }, session: b } = await signInAs(t, 'member', { level: 3 }));
  admin = (await signInAs(t, 'admin')).session;
});
afterAll(async () => { await t?.close(); node?.close(); });

describe('deposit address passphrases at rest', () => {
  it('stores the passphrase sealed, opens it with the key, refuses the wrong key, a moved value and plaintext', async () => {
    const res = await depositAddress(a);
    expect(res.statusCode, res.body).toBe(200);
    const secret = passphrases[0]!;
    expect(secret).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const column = await stored(aId);
    expect(column).toMatch(new RegExp(`^sealed:v1:${keyId(KEY)}:`));
    expect(column).not.toContain(secret);
    expect(column).not.toContain(Buffer.from(secret).toString('base64').slice(0, 16));
    expect(await readAddressSecret(t.db.kysely, KEY, aId, CHAIN)).toBe(secret);
    expect(await readAddressSecret(t.db.kysely, KEY, bId, CHAIN)).toBeNull();

    // Fails closed, each with its reason.
    expect(await reason(readAddressSecret(t.db.kysely, OTHER, aId, CHAIN)))
      .toBe(`wrong_key: payment_addresses.secret of member ${aId} on ${CHAIN} was sealed under key ${keyId(KEY)}, but the configured secrets key is ${keyId(OTHER)} (STEWARD_SECRETS_KEY)`);
    expect(await reason(readAddressSecret(t.db.kysely, null, aId, CHAIN))).toMatch(/^no_key: .* no secrets key is configured/);
    expect((await depositAddress(b)).statusCode).toBe(200);
    const bColumn = await stored(bId);
    expect(bColumn).not.toBe(column); // a fresh IV and another passphrase
    const write = (member: number, value: string) => t.db.kysely.updateTable('payment_addresses').set({ secret: value })
      .where('user_id', '=', member).where('blockchain_key', '=', CHAIN).execute();
    await write(bId, column); // a's sealed value copied onto b's row does not open there
    expect(await reason(readAddressSecret(t.db.kysely, KEY, bId, CHAIN))).toMatch(/^damaged: .*does not authenticate/);
    await write(bId, `${bColumn.slice(0, -2)}${bColumn.endsWith('AA') ? 'BB' : 'AA'}`);
    expect(await reason(readAddressSecret(t.db.kysely, KEY, bId, CHAIN))).toMatch(/^damaged: /);
    // The database itself refuses plaintext (migration 0048), whatever code writes it.
    await expect(write(bId, 'plain-passphrase')).rejects.toThrow(/payment_addresses_secret_sealed/);
    await write(bId, bColumn);
    expect(await readAddressSecret(t.db.kysely, KEY, bId, CHAIN)).toBe(passphrases[1]);
  });

  it('never answers the secret: the member, the admin members list, the audit', async () => {
    const bodies = [
      (await depositAddress(a)).body,
      (await t.app.inject({ method: 'GET', url: '/api/v2/peatio/admin/members?limit=100', headers: admin.headers() })).body,
      JSON.stringify(await t.db.kysely.selectFrom('activities').selectAll().execute()),
    ];
    expect(bodies[1]).toContain((await depositAddress(a)).json().address);
    expect(bodies[2]).toContain('deposit_address'); // the address's audit record is among them
    for (const body of bodies) {
      expect(body).not.toContain('sealed:');
      for (const p of passphrases) expect(body).not.toContain(p);
    }
  });

  it('refuses an Ethereum address without a key, asking the node nothing', async () => {
    const { user, session } = await signInAs(t, 'member', { level: 3 });
    const config = t.app.deps.config as { secretsKey: Buffer | null };
    config.secretsKey = null;
    try {
      const res = await depositAddress(session);
      expect([res.statusCode, res.json()]).toEqual([503, { errors: ['account.deposit_address.unavailable'] }]);
    } finally { config.secretsKey = KEY; }
    expect(passphrases).toHaveLength(2);
    expect(await t.db.kysely.selectFrom('payment_addresses').select('id').where('user_id', '=', user.id).execute()).toEqual([]);
  });

  it('seals the rows an earlier version stored in plaintext at start, once', async () => {
    // Rows from before 0048: written with its CHECK off, then the CHECK back as the migration adds it.
    const c = await signInAs(t, 'member'), d = await signInAs(t, 'member');
    await sql`ALTER TABLE payment_addresses DROP CONSTRAINT payment_addresses_secret_sealed`.execute(t.db.kysely);
    await t.db.kysely.insertInto('payment_addresses').values([
      { user_id: c.user.id, blockchain_key: CHAIN, address: '0xold1', secret: 'old-passphrase-one' },
      { user_id: d.user.id, blockchain_key: CHAIN, address: '0xold2', secret: 'old-passphrase-two' },
    ]).execute();
    await sql.raw(migration0048).execute(t.db.kysely);
    expect(await reason(readAddressSecret(t.db.kysely, KEY, c.user.id, CHAIN))).toMatch(/^damaged: .* is still plaintext/);
    const said: string[] = [];
    await sealSecretsAtStart(t.db.kysely, null, (l) => said.push(l));
    expect(said).toEqual(['STEWARD_SECRETS_KEY is not set: Ethereum deposit addresses cannot be made, and passphrases stored in plaintext by an earlier version stay so']);
    await sealSecretsAtStart(t.db.kysely, KEY, (l) => said.push(l));
    expect(said[1]).toBe('Sealed 2 deposit address passphrase(s) stored in plaintext by an earlier version');
    expect(await sealPlaintextAddressSecrets(t.db.kysely, KEY, 1)).toBe(0); // idempotent
    for (const [who, p] of [[c.user.id, 'old-passphrase-one'], [d.user.id, 'old-passphrase-two']] as const) {
      expect(await stored(who)).toMatch(/^sealed:v1:/);
      expect(await readAddressSecret(t.db.kysely, KEY, who, CHAIN)).toBe(p);
    }
    const [{ n }] = (await sql<{ n: string }>`SELECT count(*) AS n FROM payment_addresses WHERE secret NOT LIKE 'sealed:v1:%'`.execute(t.db.kysely)).rows;
    expect(Number(n)).toBe(0);
  });

  it('takes the key from STEWARD_SECRETS_KEY or makes the embedded database one key file, checked', () => {
    expect(loadConfig({ STEWARD_SECRETS_KEY: KEY.toString('base64') }).secretsKey).toEqual(KEY);
    expect(loadConfig({}).secretsKey).toBeNull();
    for (const bad of ['short', 'a1'.repeat(31), Buffer.alloc(31).toString('base64')]) {
      expect(() => loadConfig({ STEWARD_SECRETS_KEY: bad })).toThrow(ConfigError);
    }
    const dir = mkdtempSync(join(tmpdir(), 'steward-key-'));
    try {
      const first = dataDirSecretsKey(dir);
      expect([first.made, first.key.length, statSync(first.path).mode & 0o777]).toEqual([true, 32, 0o600]);
      expect(dataDirSecretsKey(dir)).toEqual({ ...first, made: false });
      writeFileSync(first.path, 'not a key\n');
      expect(() => dataDirSecretsKey(dir)).toThrow(/secrets\.key does not hold a secrets key/);
    } finally { rmSync(dir, { recursive: true, force: true }); }
  });
});
