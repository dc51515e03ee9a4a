/**
 * Loopback fakes of the message providers (server/messaging): an SMTP server (smtp-server), the SMS
 * HTTP API and FCM (token endpoint + messages:send). Each answers as `mode` says — accept, refuse, or
 * hang (never answer, so the caller's timeout is what ends the call) — and records what it received.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createVerify, generateKeyPairSync } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export type Mode = 'accept' | 'reject' | 'hang';

export interface SmtpFake { url: string; mode: Mode; received: { from: string; to: string[]; data: string }[]; close(): Promise<void> }

export async function smtpFake(): Promise<SmtpFake> {
  const fake = { mode: 'accept' as Mode, received: [] as SmtpFake['received'] };
  const server = new SMTPServer({
    authOptional: true, disabledCommands: ['STARTTLS'], logger: false, closeTimeout: 50,
    onData(stream, session, callback) {
      let data = '';
      stream.on('data', (c: Buffer) => { data += c.toString('utf8'); });
      stream.on('end', () => {
        if (fake.mode === 'hang') return;
        if (fake.mode === 'reject') {
          callback(Object.assign(new Error('Mailbox unavailable: no such user'), { responseCode: 550 }));
          return;
        }
        fake.received.push({ from: String(session.envelope.mailFrom && session.envelope.mailFrom.address), to: session.envelope.rcptTo.map((r) => r.address), data });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return Object.assign(fake, {
    url: `smtp://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}

interface HttpFake { url: string; server: Server; close(): Promise<void> }

async function httpFake(handle: (req: IncomingMessage, body: string, res: ServerResponse) => void): Promise<HttpFake> {
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => { body += c.toString('utf8'); });
    req.on('end', () => handle(req, body, res));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`, server,
    close: () => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}

const json = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};

export interface SmsFake { url: string; mode: Mode | 'queued'; received: { auth?: string; body: any }[]; close(): Promise<void> }

/** The SMS HTTP API: accept → 200 {id, status: sent}, queued → 200 {id, status: queued}, reject → 400 {message}, hang → nothing. */
export async function smsFake(): Promise<SmsFake> {
  const fake = { mode: 'accept' as SmsFake['mode'], received: [] as SmsFake['received'] };
  let n = 0;
  const http = await httpFake((req, body, res) => {
    if (fake.mode === 'hang') return;
    fake.received.push({ auth: req.headers.authorization, body: JSON.parse(body) });
    if (fake.mode === 'reject') return json(res, 400, { message: "The 'To' number is not a valid phone number." });
    n += 1;
    return json(res, 200, { id: `SM${n}`, status: fake.mode === 'queued' ? 'queued' : 'sent' });
  });
  return Object.assign(fake, { url: `${http.url}/sms`, close: http.close });
}

export interface FcmFake {
  apiUrl: string; tokenUri: string; privateKey: string; tokenRequests: number; sent: { auth?: string; message: any }[];
  tokenMode: Mode; close(): Promise<void>;
}

/**
 * FCM: the token endpoint checks the JWT's RS256 signature with the service account's public key; a
 * device token starting `ok` is sent (200 {name}), `bad` is UNREGISTERED (404), `hang` never answers.
 */
export async function fcmFake(project = 'steward-test'): Promise<FcmFake> {
  const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const fake = { tokenRequests: 0, sent: [] as FcmFake['sent'], tokenMode: 'accept' as Mode };
  let n = 0;
  const http = await httpFake((req, body, res) => {
    if (req.url === '/token') {
      fake.tokenRequests += 1;
      if (fake.tokenMode === 'hang') return;
      const assertion = new URLSearchParams(body).get('assertion') ?? '';
      const [h, c, s] = assertion.split('.');
      const valid = !!s && createVerify('RSA-SHA256').update(`${h}.${c}`).verify(publicKey, Buffer.from(s, 'base64url'));
      const claims = valid ? JSON.parse(Buffer.from(c!, 'base64url').toString()) : {};
      if (!valid || fake.tokenMode === 'reject' || claims.scope !== 'https://www.googleapis.com/auth/firebase.messaging') {
        return json(res, 400, { error: 'invalid_grant', error_description: 'Invalid JWT Signature.' });
      }
      return json(res, 200, { access_token: 'fake-access-token', expires_in: 3600, token_type: 'Bearer' });
    }
    if (req.url === `/v1/projects/${project}/messages:send`) {
      const { message } = JSON.parse(body);
      if (String(message.token).startsWith('hang')) return;
      fake.sent.push({ auth: req.headers.authorization, message });
      if (String(message.token).startsWith('bad')) {
        return json(res, 404, { error: { code: 404, message: 'Requested entity was not found.', status: 'NOT_FOUND', details: [{ errorCode: 'UNREGISTERED' }] } });
      }
      n += 1;
      return json(res, 200, { name: `projects/${project}/messages/${n}` });
    }
    return json(res, 404, { error: { code: 404, message: 'not found', status: 'NOT_FOUND' } });
  });
  return Object.assign(fake, {
    apiUrl: http.url, tokenUri: `${http.url}/token`, privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    close: http.close,
  });
}
