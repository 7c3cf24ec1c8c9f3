import { BlockList, isIP } from 'node:net';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Config } from '../config.ts';
import type { AppContext } from './context.ts';

/**
 * Who is asking and over what, behind load balancers that end TLS and add X-Forwarded-*.
 *
 * The headers are believed only from a trusted proxy (TRUSTED_PROXIES): the client is the
 * right-most X-Forwarded-For hop that is not a trusted proxy itself, since each proxy appends the
 * address it was reached from and only the hops our own proxies added can be trusted; whatever a
 * client wrote in the header itself sits to the left of them and is never read. A request that
 * reaches the server directly, from an address not in the list, is taken at its socket's word,
 * whatever X-Forwarded-For it sends.
 */

const lists = new WeakMap<readonly string[], BlockList>();

/** IPv4 in IPv6 (::ffff:10.0.0.1, how a dual-stack socket shows IPv4) as plain IPv4. */
function plain(address: string): string {
  return /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1] ?? address;
}

function blockList(ranges: readonly string[]): BlockList {
  let list = lists.get(ranges);
  if (!list) {
    list = new BlockList();
    for (const range of ranges) {
      const [addr = '', bits] = range.split('/');
      const family = isIP(addr) === 6 ? 'ipv6' : 'ipv4';
      if (bits === undefined) list.addAddress(plain(addr), family);
      else list.addSubnet(plain(addr), Number(bits), family);
    }
    lists.set(ranges, list);
  }
  return list;
}

export function isTrustedProxy(address: string | undefined, ranges: readonly string[]): boolean {
  if (!address || !ranges.length) return false;
  const a = plain(address);
  const family = isIP(a);
  return family !== 0 && blockList(ranges).check(a, family === 6 ? 'ipv6' : 'ipv4');
}

/** The socket's peer, or undefined for an in-process request (app.request has no socket). */
export function peerAddress(c: AppContext): string | undefined {
  try {
    return getConnInfo(c).remote.address ?? undefined;
  } catch {
    return undefined;
  }
}

/** The client's address by the rule above; 'local' for an in-process request. */
export function clientAddress(c: AppContext): string {
  const peer = peerAddress(c);
  if (peer === undefined) return 'local';
  const { trustedProxies } = c.var.config;
  if (!isTrustedProxy(peer, trustedProxies)) return peer;
  const hops = (c.req.header('x-forwarded-for') ?? '')
    .split(',')
    .map((h) => h.trim())
    .filter(Boolean);
  let client = peer;
  for (let i = hops.length - 1; i >= 0; i--) {
    const hop = hops[i]!;
    // A hop that is no address was not written by a proxy of ours: the last one we trust answers.
    if (!isIP(hop)) break;
    client = hop;
    if (!isTrustedProxy(hop, trustedProxies)) break;
  }
  return client;
}

/** The scheme people use: PUBLIC_URL's, else a trusted proxy's X-Forwarded-Proto, else the request's own. */
export function publicScheme(c: AppContext, config: Config = c.var.config): 'https' | 'http' {
  if (config.publicUrl) return config.publicUrl.protocol === 'https:' ? 'https' : 'http';
  if (isTrustedProxy(peerAddress(c), config.trustedProxies)) {
    const proto = (c.req.header('x-forwarded-proto') ?? '').split(',')[0]!.trim().toLowerCase();
    if (proto === 'https' || proto === 'http') return proto;
  }
  return new URL(c.req.url).protocol === 'https:' ? 'https' : 'http';
}

/** Every cookie the server sets is Secure when people reach it over https. */
export const secureCookies = (c: AppContext): boolean => publicScheme(c) === 'https';
