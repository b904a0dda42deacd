import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';
import { ProviderError, type OutboundPolicy } from './types.js';

// The one way bank sync calls out. A setup token is text a user pastes, so the URL in it may
// point anywhere: at the server's own admin port, a cloud metadata address, the LAN. Only https
// to public addresses is allowed, checked on the address the connection really uses (the lookup
// below), so a name that resolves to a public address when checked and a private one when
// connecting (DNS rebinding) is refused too. Redirects are not followed. Hosts the self-hoster
// lists in BANK_SYNC_ALLOW_HOSTS (tests, a bridge on their own network) are exempt.

export interface OutboundRequest {
  method: 'GET' | 'POST' | 'DELETE';
  headers?: Record<string, string>;
  body?: string;
  /** Default 30 s: a bank's API answers in seconds or not at all. */
  timeoutMs?: number;
}

export interface OutboundResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
}

/** Larger answers are refused: a year of a busy account is a few MB of JSON. */
const MAX_ANSWER_BYTES = 32 * 1024 * 1024;
const DEFAULT_TIMEOUT_MS = 30_000;

/** Whether a literal address is one a user's URL may not reach (anything but public unicast). */
export function isPrivateAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return true;
  const parsed = ipaddr.process(address); // an IPv4-mapped IPv6 address is judged as the IPv4 one
  return parsed.range() !== 'unicast';
}

const allowed = (url: URL, policy: OutboundPolicy) => {
  const host = url.hostname.toLowerCase().replace(/^\[|\]$/g, '');
  return policy.allowHosts.some((h) => h === host || h === `${host}:${url.port}`);
};

/** Checks a URL before anything is sent; throws ProviderError('forbidden-url') naming the reason. */
export function checkOutboundUrl(raw: string, policy: OutboundPolicy): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ProviderError('forbidden-url', 'The address is not a URL');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new ProviderError('forbidden-url', `The address must use https, not ${url.protocol.replace(':', '')}`);
  if (allowed(url, policy)) return url;
  if (url.protocol !== 'https:') throw new ProviderError('forbidden-url', 'The address must use https');
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (ipaddr.isValid(host) && isPrivateAddress(host))
    throw new ProviderError('forbidden-url', `The address ${host} is private, loopback or link-local`);
  return url;
}

/** dns.lookup that refuses private addresses: the connection goes only to what was checked. */
const publicOnlyLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (err, addresses: LookupAddress[]) => {
    if (err !== null) return callback(err, '', 0);
    const refused = addresses.find((a) => isPrivateAddress(a.address));
    if (refused !== undefined || addresses.length === 0)
      return callback(
        new ProviderError('forbidden-url', `${hostname} resolves to a private, loopback or link-local address`),
        '',
        0,
      );
    if (options.all === true) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
    const first = addresses[0] as LookupAddress;
    return callback(null, first.address, first.family);
  });
};

/** Sends one request under the policy; answers the status, headers and body text. */
export function outboundFetch(
  raw: string,
  policy: OutboundPolicy,
  request: OutboundRequest,
): Promise<OutboundResponse> {
  const url = checkOutboundUrl(raw, policy);
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.request(
      url,
      {
        method: request.method,
        headers: {
          accept: 'application/json',
          ...(request.body === undefined ? {} : { 'content-length': Buffer.byteLength(request.body) }),
          ...request.headers,
        },
        ...(allowed(url, policy) ? {} : { lookup: publicOnlyLookup }),
        timeout: request.timeoutMs ?? DEFAULT_TIMEOUT_MS,
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > MAX_ANSWER_BYTES) {
            req.destroy(new ProviderError('malformed', `The bank's answer is larger than ${MAX_ANSWER_BYTES} bytes`));
            return;
          }
          chunks.push(chunk);
        });
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString('utf8') }),
        );
        res.on('error', (err) => reject(unreachable(url, err)));
      },
    );
    req.on('timeout', () => req.destroy(new ProviderError('unreachable', `${url.host} did not answer in time`)));
    req.on('error', (err) => reject(unreachable(url, err)));
    req.end(request.body);
  });
}

function unreachable(url: URL, err: Error): ProviderError {
  if (err instanceof ProviderError) return err;
  return new ProviderError('unreachable', `${url.host} could not be reached (${err.message})`);
}

/** Seconds a 429's Retry-After asks for (seconds or an HTTP date); undefined when absent or unreadable. */
export function retryAfterSeconds(headers: http.IncomingHttpHeaders, now = Date.now()): number | undefined {
  const value = headers['retry-after'];
  if (value === undefined) return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim());
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - now) / 1000));
}
