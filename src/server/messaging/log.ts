/**
 * The default transport: sends nothing, writes what would have been sent to the server log (info level)
 * and answers `success` with the message in `detail`, so a console without providers still shows in its
 * service logs exactly what a real one would have sent, and to whom.
 */
import type { MessageLog, SendResult, Transport } from './types.js';

export function logTransport<M extends object>(kind: 'email' | 'sms' | 'push', log: MessageLog): Transport<M> {
  return {
    name: 'log',
    async send(message: M): Promise<SendResult> {
      log.info({ messaging: kind, message }, `messaging: ${kind} not sent (log transport)`);
      return { result: 'success', transport: 'log', detail: { delivery: 'not_sent', would_send: { ...message } } };
    },
  };
}
