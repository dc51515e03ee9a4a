/**
 * What the database side knows of the request a statement belongs to: whether the request only reads (its
 * statements get the shorter read limit, DatabaseLimits.readStatementMs, and are cancelled when its client
 * goes away) and which of its statements are running now. Carried by an AsyncLocalStorage entered at the
 * request's first hook (app.ts), so every statement the request's hooks and handler send finds it; requests
 * a request injects (an export's pages) keep the scope of the request they are part of.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

export interface RequestScope {
  readonly read: boolean;
  /** The client closed the connection before the answer was sent. */
  gone: boolean;
  /** Cancels of the statements under way (PostgreSQL: a CancelRequest for the backend running it). */
  readonly running: Set<() => void>;
}

const scopes = new AsyncLocalStorage<RequestScope>();

export const newScope = (read: boolean): RequestScope => ({ read, gone: false, running: new Set() });

/** Runs `fn` in `scope`, unless it already runs in one (an injected request inside another). */
export function inScope<T>(scope: RequestScope, fn: () => T): T {
  return scopes.getStore() ? fn() : scopes.run(scope, fn);
}

export const currentScope = (): RequestScope | undefined => scopes.getStore();

/**
 * The client of the request went away: a reading request's statements under way are cancelled, since
 * nobody will read their answer and they hold connections others wait for (a list sorted on a slow key,
 * asked for by a dozen staff who then gave up, ran on 4.6 s after they left). A write runs to its end: its
 * outcome is audited and an idempotent retry finds it. Statements the request sends afterwards (its audit
 * row) run as usual.
 */
export function requestGone(scope: RequestScope): void {
  if (scope.gone) return;
  scope.gone = true;
  if (scope.read) for (const cancel of scope.running) cancel();
}
