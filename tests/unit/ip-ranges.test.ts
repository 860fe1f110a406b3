import { describe, expect, it } from 'vitest';
import { isBlockedIp } from '../../src/services/webhooks/ip-ranges';

describe('webhook address ranges', () => {
  it.each([
    '127.0.0.1',
    '127.1.2.3',
    '0.0.0.0',
    '10.0.0.5',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '224.0.0.1',
    '255.255.255.255',
    '::1',
    '::',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '[::ffff:a9fe:a9fe]',
    '::ffff:10.1.2.3',
    'fe80::1',
    'fd00:ec2::254',
    'fc00::1',
    'ff02::1',
    '64:ff9b::7f00:1',
    '2002:7f00:1::',
    '::127.0.0.1',
  ])('blocks %s', (ip) => expect(isBlockedIp(ip)).toBe(true));

  it.each([
    '8.8.8.8',
    '1.1.1.1',
    '172.32.0.1',
    '192.169.0.1',
    '2606:4700:4700::1111',
    '::ffff:8.8.8.8',
    '2a00:1450:4001:80b::200e',
  ])('allows %s', (ip) => expect(isBlockedIp(ip)).toBe(false));

  // IPv4-mapped, translated, NAT64, 6to4, Teredo and IPv4-compatible forms carry an IPv4 address inside.
  it.each([
    '::ffff:0:10.0.0.1',
    '[::ffff:0:10.0.0.1]',
    '::ffff:0:a00:1',
    '64:ff9b::10.0.0.1',
    '64:ff9b::a9fe:a9fe',
    '2002:a00:1::1',
    '2002:c0a8:101::',
    '2001:0:4136:e378:8000:63bf:80ff:fffe',
    '::10.0.0.1',
    '::a00:1',
    '::ffff:192.168.0.1',
    '2001:db8::1',
    '100::1',
  ])('blocks %s, judged by the IPv4 address inside or its range', (ip) => expect(isBlockedIp(ip)).toBe(true));

  it.each([
    '::ffff:0:8.8.8.8',
    '64:ff9b::808:808',
    '2002:808:808::1',
    '2001:0:4136:e378:8000:63bf:f7f7:f7f7',
    '::8.8.8.8',
  ])('allows %s, which carries a public IPv4 address', (ip) => expect(isBlockedIp(ip)).toBe(false));

  it('does not take host names for addresses', () => {
    expect(isBlockedIp('example.com')).toBeNull();
    expect(isBlockedIp('localhost')).toBeNull();
  });

  it('sees through the encodings the URL parser normalises (decimal, hex, octal)', () => {
    for (const u of [
      'http://2130706433/',
      'http://0x7f000001/',
      'http://0177.0.0.1/',
      'http://127.1/',
      'http://[::ffff:127.0.0.1]/',
    ]) {
      const host = new URL(u).hostname;
      expect(isBlockedIp(host), u).toBe(true);
    }
  });
});
