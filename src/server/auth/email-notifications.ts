/**
 * E-mail notifications' own rule on the generic switch (shared/resources/email-notifications.ts): which
 * e-mails a user gets is their account's setting — sign-in alerts, 2FA and phone changes among them — so
 * the superadmin rule applies: only a superadmin switches a superadmin's (auth/users/guards.ts).
 */
import { emailNotifications } from '../../shared/resources/email-notifications.js';
import { registerWriteHook } from '../resources/write-hooks.js';
import { caller, guardNamedUser } from './users/guards.js';

export function emailNotificationRules(): void {
  registerWriteHook(emailNotifications.name, async ({ req, trx, stored }) => {
    if (typeof stored.uid === 'string') await guardNamedUser(trx, caller(req), { uid: stored.uid });
  });
}
