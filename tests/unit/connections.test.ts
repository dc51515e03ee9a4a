/** The trusted-peer test of the connection caps (plugins/connections.ts): TRUST_PROXY's addresses, CIDRs and names. */
import { describe, expect, it } from 'vitest';
import { trustedPeer } from '../../src/server/plugins/connections.js';

describe('trustedPeer', () => {
  it('trusts nobody without TRUST_PROXY', () => {
    expect(trustedPeer(false)('127.0.0.1')).toBe(false);
  });

  it('reads addresses, CIDRs and proxy-addr names, IPv4-mapped peers included', () => {
    const trusted = trustedPeer(['203.0.113.7', '10.1.0.0/16', 'loopback', 'fd00::/8']);
    for (const a of ['203.0.113.7', '10.1.200.3', '127.0.0.1', '::1', '::ffff:127.0.0.1', '::ffff:10.1.0.9', 'fd12::1']) expect(trusted(a), a).toBe(true);
    for (const a of ['203.0.113.8', '10.2.0.1', '192.168.1.1', 'fe80::1', '', 'not-an-ip']) expect(trusted(a), a).toBe(false);
    expect(trustedPeer(['uniquelocal'])('192.168.1.1')).toBe(true);
    expect(trustedPeer(['linklocal'])('169.254.3.4')).toBe(true);
  });
});
