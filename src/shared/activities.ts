/**
 * Topics and actions of the user activities the auth service records itself (Barong's names).
 * The dashboard counts signups, successful logins and failed logins from exactly these.
 */
export const USER_ACTIVITY = {
  signup: { topic: 'account', action: 'signup' },
  login: { topic: 'session', action: 'login' },
  login2fa: { topic: 'session', action: 'login::2fa' },
  logout: { topic: 'session', action: 'logout' },
} as const;

/** Activity results. `denied` is a permission refusal. */
export const ACTIVITY_RESULTS = ['succeed', 'failed', 'denied'] as const;
export type ActivityResult = (typeof ACTIVITY_RESULTS)[number];

/** Admin activity actions derived from the HTTP verb (Barong's activity logger). */
export function actionForMethod(method: string): string {
  switch (method.toUpperCase()) {
    case 'POST': return 'create';
    case 'PUT': case 'PATCH': return 'update';
    case 'GET': return 'read';
    case 'DELETE': return 'delete';
    default: return 'system';
  }
}
