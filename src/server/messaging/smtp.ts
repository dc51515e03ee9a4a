/**
 * E-mail over SMTP (nodemailer): one connection per message, no pool, so a dead server costs one
 * message its timeout and nothing else. A deadline around the whole send (connect, greeting, envelope,
 * data) closes the transport when a server accepts the connection and then stalls; nodemailer's
 * connection, greeting and socket timeouts stay just past it as a backstop.
 *
 * Results: every recipient accepted → success with the server's message id; the server refused (a 5xx
 * or 4xx reply) → rejected with its reply; no answer in time → failed, timed out; anything else → failed.
 */
import { thrownResult, TimedOut, withTimeout, type EmailMessage, type SendResult, type Transport } from './types.js';

export interface SmtpOptions { url: string; from: string; timeoutMs: number }

export function smtpTransport(o: SmtpOptions): Transport<EmailMessage> {
  return {
    name: 'smtp',
    async send(m: EmailMessage): Promise<SendResult> {
      // nodemailer's own timeouts are a backstop a little past the deadline, so a stall always reads as ours.
      const backstop = o.timeoutMs + 500;
      // Loaded with the first message: a server without SMTP never loads nodemailer at all.
      const { createTransport } = await import('nodemailer');
      const mailer = createTransport({ url: o.url, connectionTimeout: backstop, greetingTimeout: backstop, socketTimeout: backstop });
      try {
        const info = await withTimeout(o.timeoutMs, () => mailer.sendMail({ from: o.from, to: m.to, subject: m.subject, text: m.text }), () => mailer.close());
        const refused = (info.rejected ?? []).length > 0 || (info.accepted ?? []).length === 0;
        return {
          result: refused ? 'rejected' : 'success', transport: 'smtp', provider_message_id: info.messageId,
          ...(refused ? { error: 'recipient refused' } : {}), detail: { response: String(info.response ?? '').slice(0, 500) },
        };
      } catch (e) {
        const code = (e as { responseCode?: number }).responseCode;
        if (typeof code === 'number' && code >= 400) {
          return { result: 'rejected', transport: 'smtp', error: String((e as Error).message).slice(0, 500), detail: { response_code: code } };
        }
        if ((e as { code?: string }).code === 'ETIMEDOUT') return thrownResult('smtp', new TimedOut(o.timeoutMs));
        return thrownResult('smtp', e);
      } finally {
        mailer.close();
      }
    },
  };
}
