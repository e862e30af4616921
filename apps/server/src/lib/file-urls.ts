import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Stored file paths become short-lived signed URLs only on the wire (decision 121). The database
 * keeps paths under the image root; an answer carries `<root><path>?<signature>`, valid for
 * FILE_URL_TTL_SECONDS from the request. The local driver signs with HMAC-SHA256 under
 * FILE_URL_SECRET (never SIGN_KEY, which ships in the browser); the OSS driver answers the
 * bucket's own presigned GET URL (V1 query-string signature with the access key).
 */

/** The development secret; production refuses it (config.ts). */
export const DEFAULT_FILE_URL_SECRET = 'dev-only-file-url-secret-change-me';
/** A signed URL is good for at least this long after the answer that carries it. */
export const FILE_URL_TTL_SECONDS = 60 * 60;
/**
 * Expiries are rounded up to this step, so every answer within one step carries the same URL
 * for a file and the browser's cache keeps working (a URL lives between TTL and TTL + step).
 */
export const FILE_URL_STEP_SECONDS = 5 * 60;

/** A path as uploads store it: /<dir>/<yyyy>/<mm>/<32 hex>.<ext> (local) or /<dir>/<v|p><id>/<ms><5 digits>file.<ext> (cloud). */
const STORED_PATH = /^\/[A-Za-z]+\/(?:\d{4}\/\d{2}\/[0-9a-f]{32}|[vp]\d{1,12}\/\d{18}file)\.[a-z0-9]{2,5}$/;
export const isStoredPath = (s: string) => s.length <= 80 && STORED_PATH.test(s);

export interface FileUrlSettings {
  FILE_ROOT_URL: string;
  FILE_URL_SECRET: string;
  STORAGE_DRIVER: 'local' | 'oss';
  OSS_BUCKET_URL: string;
  OSS_ACCESS_KEY_ID: string;
  OSS_ACCESS_KEY_SECRET: string;
}

export interface FileUrls {
  /** The signed URL for a stored path (anything else is answered unchanged). */
  sign(path: string, nowMs?: number): string;
  /** A signed URL we answered (or the root plus a path) back to its stored path; anything else unchanged. */
  toPath(value: string): string;
  /** Local driver: is `sig` our signature of `path` until `expires`, and not yet expired? */
  verify(path: string, expires: string | undefined, sig: string | undefined, nowMs?: number): boolean;
}

const trimRoot = (root: string) => root.replace(/\/+$/, '');
/** At most this many signed URLs are remembered (a few MB). */
const CACHE_MAX = 10_000;

export const expiryFor = (nowMs: number) => Math.ceil((nowMs / 1000 + FILE_URL_TTL_SECONDS) / FILE_URL_STEP_SECONDS) * FILE_URL_STEP_SECONDS;

const localSignature = (secret: string, path: string, expires: number) => createHmac('sha256', secret).update(`${path}\n${expires}`).digest('hex');

/** The bucket name of a virtual-hosted bucket URL: https://<bucket>.<endpoint>. */
const bucketOf = (bucketUrl: string) => /^https?:\/\/([^./]+)\./i.exec(bucketUrl)?.[1] ?? '';

/** OSS V1 query-string signature of a GET (Alibaba Cloud OSS "Include a V1 signature in a URL"). */
export function ossPresignedUrl(s: Pick<FileUrlSettings, 'OSS_BUCKET_URL' | 'OSS_ACCESS_KEY_ID' | 'OSS_ACCESS_KEY_SECRET'>, path: string, expires: number): string {
  const toSign = `GET\n\n\n${expires}\n/${bucketOf(s.OSS_BUCKET_URL)}${path}`;
  const signature = createHmac('sha1', s.OSS_ACCESS_KEY_SECRET).update(toSign).digest('base64');
  const query = `OSSAccessKeyId=${encodeURIComponent(s.OSS_ACCESS_KEY_ID)}&Expires=${expires}&Signature=${encodeURIComponent(signature)}`;
  return `${trimRoot(s.OSS_BUCKET_URL)}${path}?${query}`;
}

export function fileUrls(s: FileUrlSettings): FileUrls {
  const oss = s.STORAGE_DRIVER === 'oss';
  const root = trimRoot(oss ? s.OSS_BUCKET_URL : s.FILE_ROOT_URL);
  const roots = [...new Set([root, trimRoot(s.FILE_ROOT_URL)])].filter(Boolean);
  // Every answer within one expiry step signs a path to the same URL: remember them for the step
  // (an HMAC costs microseconds; a list page of a hundred pictures would pay them on every read).
  let cacheExpires = 0;
  const cache = new Map<string, string>();
  const signFresh = (path: string, expires: number) =>
    oss ? ossPresignedUrl(s, path, expires) : `${root}${path}?expires=${expires}&sig=${localSignature(s.FILE_URL_SECRET, path, expires)}`;
  return {
    sign(path, nowMs = Date.now()) {
      if (!isStoredPath(path)) return path;
      const expires = expiryFor(nowMs);
      if (expires !== cacheExpires) {
        if (expires < cacheExpires) return signFresh(path, expires);
        cacheExpires = expires;
        cache.clear();
      }
      let url = cache.get(path);
      if (url === undefined) {
        url = signFresh(path, expires);
        if (cache.size >= CACHE_MAX) cache.clear();
        cache.set(path, url);
      }
      return url;
    },
    toPath(value) {
      const q = value.indexOf('?');
      const bare = q < 0 ? value : value.slice(0, q);
      for (const r of roots) {
        if (bare.startsWith(`${r}/`) && isStoredPath(bare.slice(r.length))) return bare.slice(r.length);
      }
      return q >= 0 && isStoredPath(bare) ? bare : value;
    },
    verify(path, expires, sig, nowMs = Date.now()) {
      if (!expires || !sig || !/^\d{1,12}$/.test(expires) || !/^[0-9a-f]{64}$/.test(sig)) return false;
      if (Number(expires) * 1000 <= nowMs) return false;
      const want = Buffer.from(localSignature(s.FILE_URL_SECRET, path, Number(expires)), 'hex');
      return timingSafeEqual(want, Buffer.from(sig, 'hex'));
    },
  };
}

/** File values sit a few levels deep; a body nested deeper than this is left as it is (and never overflows the stack). */
const MAX_DEPTH = 16;

/** Every stored path in an answer (also inside comma-separated values) replaced by its signed URL; untouched parts are shared, never mutated. */
export function signAll(value: unknown, urls: FileUrls, nowMs = Date.now(), depth = 0): unknown {
  if (typeof value === 'string') {
    if (value.length < 20 || value.charCodeAt(0) !== 47 /* / */) return value;
    if (isStoredPath(value)) return urls.sign(value, nowMs);
    if (!value.includes(',')) return value;
    const parts = value.split(',');
    return parts.every((p) => isStoredPath(p.trim())) ? parts.map((p) => urls.sign(p.trim(), nowMs)).join(',') : value;
  }
  return depth >= MAX_DEPTH ? value : mapDeep(value, (v) => signAll(v, urls, nowMs, depth + 1));
}

/** Every signed URL of ours in a request body (also inside comma-separated values) back to its stored path. */
export function unsignAll(value: unknown, urls: FileUrls, depth = 0): unknown {
  if (typeof value === 'string') {
    if (value.length < 20) return value;
    if (!value.includes(',')) return urls.toPath(value);
    const parts = value.split(',');
    const paths = parts.map((p) => urls.toPath(p.trim()));
    return paths.every((p) => isStoredPath(p)) ? paths.join(',') : value;
  }
  return depth >= MAX_DEPTH ? value : mapDeep(value, (v) => unsignAll(v, urls, depth + 1));
}

/** Arrays and plain objects mapped leaf by leaf; a container is copied only when something in it changed. */
function mapDeep(value: unknown, leaf: (v: unknown) => unknown): unknown {
  if (Array.isArray(value)) {
    let out: unknown[] | null = null;
    for (let i = 0; i < value.length; i++) {
      const next = leaf(value[i]);
      if (next !== value[i]) (out ??= value.slice())[i] = next;
    }
    return out ?? value;
  }
  if (value === null || typeof value !== 'object') return value;
  const proto = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) return value;
  let out: Record<string, unknown> | null = null;
  for (const key of Object.keys(value)) {
    if (key === '__proto__') continue;
    const v = (value as Record<string, unknown>)[key];
    const next = leaf(v);
    if (next !== v) (out ??= { ...(value as Record<string, unknown>) })[key] = next;
  }
  return out ?? value;
}
