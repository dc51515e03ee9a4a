/**
 * Which transport carries a message (src/server/messaging/README.md, Message providers):
 * - e-mail: SMTP when SMTP_URL is set and the platform setting's service name is one of SMTP_SERVICES
 *   (default: every e-mail service), else the log transport;
 * - SMS: the HTTP provider API when SMS_HTTP_URL is set and the service name is one of SMS_HTTP_SERVICES
 *   (default: every SMS service; the name travels in the body, so one gateway can route by it), else log;
 * - push: FCM HTTP v1 when FCM_SERVICE_ACCOUNT_FILE is set, else log.
 * Transports are built once per app; every provider call is bounded by MESSAGE_TIMEOUT_MS.
 */
import { readFileSync } from 'node:fs';
import { ConfigError, type MessagingConfig } from '../config.js';
import { fcmTransport, type ServiceAccount } from './fcm.js';
import { logTransport } from './log.js';
import { smsHttpTransport } from './sms-http.js';
import { smtpTransport } from './smtp.js';
import type { EmailMessage, MessageLog, PushMessage, SmsMessage, Transport } from './types.js';

export type { SendResult, EmailMessage, SmsMessage, PushMessage, Transport } from './types.js';

export interface Messaging {
  /** The transport of an e-mail platform setting (by its service name). */
  email(serviceName: string): Transport<EmailMessage>;
  /** The transport of an SMS platform setting (by its service name). */
  sms(serviceName: string): Transport<SmsMessage>;
  push: Transport<PushMessage>;
}

/** Reads and checks the service-account key file; a bad one stops the start naming the variable. */
export function loadServiceAccount(file: string): ServiceAccount {
  let parsed: Record<string, unknown>;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  } catch (e) {
    throw new ConfigError(`FCM_SERVICE_ACCOUNT_FILE: cannot read a JSON key from "${file}": ${(e as Error).message}`);
  }
  for (const k of ['project_id', 'client_email', 'private_key', 'token_uri'] as const) {
    if (typeof parsed?.[k] !== 'string' || !parsed[k]) throw new ConfigError(`FCM_SERVICE_ACCOUNT_FILE: "${file}" has no ${k}`);
  }
  return parsed as unknown as ServiceAccount;
}

const serves = (services: readonly string[] | '*', name: string) => services === '*' || services.includes(name.toLowerCase());

export function createMessaging(c: MessagingConfig, log: MessageLog, fetchImpl?: typeof fetch): Messaging {
  const logEmail = logTransport<EmailMessage>('email', log);
  const logSms = logTransport<SmsMessage>('sms', log);
  const smtp = c.smtp && smtpTransport({ url: c.smtp.url, from: c.smtp.from, timeoutMs: c.timeoutMs });
  const sms = c.smsHttp && smsHttpTransport({ url: c.smsHttp.url, token: c.smsHttp.token, timeoutMs: c.timeoutMs, fetch: fetchImpl });
  const push = c.fcm
    ? fcmTransport({ account: loadServiceAccount(c.fcm.serviceAccountFile), apiUrl: c.fcm.apiUrl, timeoutMs: c.timeoutMs, fetch: fetchImpl })
    : logTransport<PushMessage>('push', log);
  return {
    email: (name) => (smtp && serves(c.smtp!.services, name) ? smtp : logEmail),
    sms: (name) => (sms && serves(c.smsHttp!.services, name) ? sms : logSms),
    push,
  };
}
