/**
 * Ranger sockets without a staff session (issue 30 item 9): at most RANGER_MAX_ANONYMOUS_PER_ADDRESS per
 * client address and RANGER_MAX_ANONYMOUS in all. The address is the one the restrictions judge
 * (plugins/restrictions.ts clientOf: behind TRUST_PROXY's proxies, the forwarded client's), since a
 * WebSocket through a proxy is one client's. Staff sockets count against neither, so the public feed
 * filling up never locks staff out of theirs.
 */
export class AnonymousSockets {
  private readonly byAddress = new Map<string, number>();
  private count = 0;

  constructor(private readonly perAddress: number, private readonly total: number) {}

  get size(): number { return this.count; }

  /** Whether one more from `address` would pass the caps (nothing taken). */
  room(address: string): boolean {
    return this.count < this.total && (this.byAddress.get(address) ?? 0) < this.perAddress;
  }

  /** Takes a place for `address`, or answers false when the caps are reached. */
  take(address: string): boolean {
    if (!this.room(address)) return false;
    this.count += 1;
    this.byAddress.set(address, (this.byAddress.get(address) ?? 0) + 1);
    return true;
  }

  release(address: string): void {
    const n = (this.byAddress.get(address) ?? 0) - 1;
    if (n < 0) return;
    this.count -= 1;
    if (n === 0) this.byAddress.delete(address); else this.byAddress.set(address, n);
  }
}
