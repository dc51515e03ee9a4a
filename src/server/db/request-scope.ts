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
  /**
   * How long a list's capped count may take before it is cancelled and its total estimated instead
   * (DatabaseLimits.countBudgetMs; withinBudget). 0: no budget — PGlite's one connection cannot cancel.
   */
  readonly countBudgetMs: number;
  /** Set by `cancellable`'s cancel: the scope's statements not sent yet are not sent (they fail as cancelled). */
  stopped?: boolean;
}

const scopes = new AsyncLocalStorage<RequestScope>();

export const newScope = (read: boolean, countBudgetMs = 0): RequestScope => ({ read, gone: false, running: new Set(), countBudgetMs });

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

/** withinBudget's answer when the budget ran out first: the statements `fn` had under way were cancelled. */
export const OVER_BUDGET = Symbol('over budget');

/**
 * Runs `fn`'s statements in a scope of their own inside the request's, so that they — and only they — can be
 * cancelled (PostgreSQL's CancelRequest, as when the client goes away; the request's going away still cancels
 * them too). `cancel` is a no-op outside a request and on PGlite (nothing registers a cancel there).
 */
export function cancellable<T>(fn: () => Promise<T>): { done: Promise<T>; cancel: () => void } {
  const parent = currentScope();
  if (!parent) return { done: fn(), cancel: () => undefined };
  const own: RequestScope = { read: parent.read, gone: parent.gone, running: new Set(), countBudgetMs: 0 };
  const cancel = () => { own.stopped = true; for (const c of own.running) c(); };
  parent.running.add(cancel);
  const done = scopes.run(own, fn);
  done.then(() => parent.running.delete(cancel), () => parent.running.delete(cancel));
  return { done, cancel };
}

/**
 * Runs `fn` — statements whose answer the request can do without (a list's capped count) — for at most `ms`
 * milliseconds: past it, the statements it has under way are cancelled and OVER_BUDGET is answered at once,
 * without waiting for the cancel to land (the connection's next statement does, pg-guard.ts). With no budget
 * (outside a request, DB_COUNT_BUDGET_MS=0, PGlite: its one connection cannot cancel) it just runs `fn`.
 */
export function withinBudget<T>(fn: () => Promise<T>, ms = currentScope()?.countBudgetMs ?? 0): Promise<T | typeof OVER_BUDGET> {
  if (!currentScope() || !(ms > 0)) return fn();
  const run = cancellable(fn);
  return new Promise((resolve, reject) => {
    let over = false;
    const timer = setTimeout(() => { over = true; run.cancel(); resolve(OVER_BUDGET); }, ms);
    run.done.then(
      (v) => { if (!over) resolve(v); },
      // A statement cancelled past the budget fails (57014): that is the budget's doing, already answered.
      (err: unknown) => { if (!over) reject(err); },
    ).finally(() => clearTimeout(timer));
  });
}
