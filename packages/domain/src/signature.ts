import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

// Tamper and replay protection, not a secret: the key ships in the browser (see README).
export const DEFAULT_SIGN_KEY = 'portal-sign-key-2026';
export const SIGNATURE_MAX_SKEW_MS = 5 * 60 * 1000;

export const SIGNATURE_MSG = {
  /** A write whose signature was accepted before (decision 225); answered with code 1401. */
  reused: '该请求已受理过，同一签名只受理一次；如需重试，请用新的 timestamp 重新签名',
} as const;

let lastTimestamp = 0;
/**
 * The `timestamp` of the next signed call: the clock in ms, but never the same value twice from one
 * client — the server accepts each write's signature once, and two identical writes signed within one
 * millisecond (two uploads, whose body is not signed) would otherwise carry the same signature.
 */
export function freshTimestamp(now = Date.now()): number {
  lastTimestamp = Math.max(now, lastTimestamp + 1);
  return lastTimestamp;
}

/** Query string with its pairs sorted by key (stable), compared as sent, still URL-encoded. */
export function sortQuery(rawQuery: string): string {
  const q = rawQuery.startsWith('?') ? rawQuery.slice(1) : rawQuery;
  if (!q) return '';
  const pairs = q.split('&').filter(Boolean);
  const key = (p: string) => p.split('=')[0] ?? '';
  return pairs
    .map((p, i) => ({ p, i }))
    .sort((a, b) => (key(a.p) < key(b.p) ? -1 : key(a.p) > key(b.p) ? 1 : a.i - b.i))
    .map((x) => x.p)
    .join('&');
}

/** The two digests a signature needs; the server passes node:crypto's, the browser uses these. */
export interface SignatureHashes {
  sha256Hex(text: string): string;
  hmacSha256Hex(key: string, text: string): string;
}

export const portableHashes: SignatureHashes = {
  sha256Hex: (text) => bytesToHex(sha256(utf8ToBytes(text))),
  hmacSha256Hex: (key, text) => bytesToHex(hmac(sha256, utf8ToBytes(key), utf8ToBytes(text))),
};

export const sha256Hex = portableHashes.sha256Hex;

export interface SignInput {
  method: string;
  /** Path including /api, without the query. */
  path: string;
  rawQuery: string;
  timestamp: string | number;
  token: string;
  /** Raw JSON body text; '' for GET and multipart. */
  body: string;
}

export function sign(key: string, input: SignInput, hashes: SignatureHashes = portableHashes): string {
  const text = [
    input.method.toUpperCase(),
    input.path,
    sortQuery(input.rawQuery),
    String(input.timestamp),
    input.token,
    hashes.sha256Hex(input.body),
  ].join('\n');
  return hashes.hmacSha256Hex(key, text);
}
