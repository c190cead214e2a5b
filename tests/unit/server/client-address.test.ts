import { describe, expect, it } from 'vitest';
import { readEnv } from '../../../src/lib/server/env.ts';
import { limitKey, networkOf } from '../../../src/lib/server/rate-limit.ts';

describe('TRUST_PROXY', () => {
  const trustProxy = (value: string | undefined) => readEnv({ TRUST_PROXY: value }).trustProxy;

  it('is off when unset, empty or false', () => {
    for (const value of [undefined, '', '0', 'false', 'off', 'no']) expect(trustProxy(value)).toBeNull();
  });

  it('keeps 1 and true meaning one trusted proxy', () => {
    for (const value of ['1', 'true', 'yes', 'on']) expect(trustProxy(value)).toEqual({ hops: 1 });
  });

  it('takes a number of hops', () => {
    expect(trustProxy('2')).toEqual({ hops: 2 });
  });

  it('takes trusted proxy addresses and CIDR ranges', () => {
    expect(trustProxy('10.0.0.0/8, 127.0.0.1,fd00::/8,loopback')).toEqual({ proxies: ['10.0.0.0/8', '127.0.0.1', 'fd00::/8', 'loopback'] });
  });

  it.each(['10.0.0.0/33', 'balancer.internal', '10.0.0.1,nonsense'])('refuses %s, naming the variable', (value) => {
    expect(() => trustProxy(value)).toThrow(/TRUST_PROXY: must be a number of proxy hops, or proxy addresses and CIDR ranges/);
  });
});

describe('the network an address is limited by', () => {
  it('is an IPv4 address itself', () => {
    expect(networkOf('198.51.100.7')).toBe('198.51.100.7');
    expect(networkOf('::ffff:198.51.100.7')).toBe('198.51.100.7');
  });

  it("is an IPv6 address's /64, however it is written", () => {
    expect(networkOf('2001:db8:1:2::a')).toBe('2001:db8:1:2::/64');
    expect(networkOf('2001:0db8:0001:0002:ffff:ffff:ffff:ffff')).toBe('2001:db8:1:2::/64');
    expect(networkOf('2001:db8:1:3::a')).toBe('2001:db8:1:3::/64');
    expect(networkOf('::1')).toBe('0:0:0:0::/64');
  });

  it('is the value itself when no address is known', () => {
    expect(networkOf('unknown')).toBe('unknown');
  });

  it('joins the account and the network for per-account-and-address limits', () => {
    expect(limitKey.accountAtAddress(' Min.Ji@Example.com ', '2001:db8:1:2::a')).toBe(limitKey.accountAtAddress('min.ji@example.com', '2001:db8:1:2::b'));
    expect(limitKey.accountAtAddress('a@example.com', '198.51.100.7')).not.toBe(limitKey.accountAtAddress('a@example.com', '198.51.100.8'));
  });
});
