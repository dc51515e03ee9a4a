/**
 * PGlite's one connection, handed to one caller at a time (pglite-dialect.ts). A caller holds it from
 * connect() to release() — a transaction for all its statements, so nothing interleaves with it and
 * nothing can cut it: the bounds apply only to callers still waiting. Past `queue` waiting requests a
 * new one is refused at once, and a waiter still waiting after `queueWaitMs` gives up (both
 * DatabaseBusy, answered 503 server.busy with Retry-After): unbounded, 200 readers waited 15–28 s at
 * p99 and sign-ins as long, where a quick "busy, retry" serves everyone better.
 *
 * Waiters are served oldest request first (asRequest), not in the order their statements came: a
 * request runs several statements one after another, and in arrival order each of them queued again
 * behind every request that had come meanwhile, so its waits added up. Oldest first finishes the
 * requests already under way, and when the queue is full it is the youngest request that is refused
 * (100 readers of a 100-row list for 15 s, twice each way: p99 3.0 and 3.7 s against 6.3 and 3.5 s in
 * arrival order, and 11 of 14 sign-ins meanwhile served against 4 of 13).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { DatabaseBusy, type DatabaseLimits } from './limits.js';

/** When the request a statement belongs to arrived (performance.now()). */
const arrival = new AsyncLocalStorage<number>();

/**
 * Runs `fn` (the rest of a request) with its statements placed by the request's arrival, now — or by
 * the arrival of the request it is part of (an export's pages are requests injected by the export).
 */
export function asRequest<T>(fn: () => T): T {
  return arrival.run(arrival.getStore() ?? performance.now(), fn);
}

interface Waiter { since: number; go(): void; refuse(): void; timer?: NodeJS.Timeout }

export class OneConnection {
  private held = false;
  private handing = false;
  /** Oldest request first. */
  private readonly waiting: Waiter[] = [];
  /**
   * The requests waiting, with how many statements each: the queue's bound counts requests, not
   * statements — a list reads its page and its count at once, and 50 clients (the load test) are not
   * a flood of 100.
   */
  private readonly requests = new Map<number, number>();
  constructor(private readonly limits: () => DatabaseLimits) {}

  acquire(): Promise<void> {
    const { queue, queueWaitMs } = this.limits();
    const since = arrival.getStore() ?? performance.now();
    return new Promise((resolve, reject) => {
      const waiter: Waiter = { since, go: resolve, refuse: () => reject(new DatabaseBusy()) };
      if (!this.requests.has(since) && this.requests.size >= queue) {
        const youngest = this.waiting[this.waiting.length - 1];
        if (!youngest || youngest.since <= since) return waiter.refuse();
        for (const w of this.waiting.filter((x) => x.since === youngest.since)) this.drop(w);
      }
      if (queueWaitMs > 0) waiter.timer = setTimeout(() => this.drop(waiter), queueWaitMs);
      let at = this.waiting.length;
      while (at > 0 && this.waiting[at - 1]!.since > since) at--;
      this.waiting.splice(at, 0, waiter);
      this.requests.set(since, (this.requests.get(since) ?? 0) + 1);
      this.handOver();
    });
  }

  release(): void {
    this.held = false;
    this.handOver();
  }

  /** Takes a waiter out of the queue. */
  private remove(w: Waiter): void {
    this.waiting.splice(this.waiting.indexOf(w), 1);
    clearTimeout(w.timer);
    const left = (this.requests.get(w.since) ?? 1) - 1;
    if (left > 0) this.requests.set(w.since, left);
    else this.requests.delete(w.since);
  }

  /** Refuses a waiter (its wait ran out, or a request older than it needs its place). */
  private drop(w: Waiter): void {
    if (!this.waiting.includes(w)) return;
    this.remove(w);
    w.refuse();
  }

  /**
   * Gives the connection to the oldest waiter on the event loop's next turn rather than at once: PGlite
   * answers in microtasks, so a request that never waited ran all its statements, and the next request
   * read meanwhile, and the next, without the loop reading a socket again. Every other request sat
   * unread in the kernel, invisible to this queue, and a new connection's first request waited a whole
   * round of the flood (26 s for /config.json under 200 readers). On setImmediate the loop reads what
   * has arrived first, so those requests are counted here and the bounds can refuse them.
   */
  private handOver(): void {
    if (this.held || this.handing || this.waiting.length === 0) return;
    this.handing = true;
    setImmediate(() => {
      this.handing = false;
      if (this.held) return;
      const next = this.waiting[0];
      if (!next) return;
      this.remove(next);
      this.held = true;
      next.go();
    });
  }
}
