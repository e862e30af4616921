// The image root: where stored files are served from. '/files' on this server by default; an
// absolute https:// address when files live on cloud storage (VITE_FILE_ROOT_URL at build time).
export const IMAGE_ROOT: string = (import.meta.env.VITE_FILE_ROOT_URL as string | undefined)?.replace(/\/+$/, '') || '/files';

/** Cloud direct upload is used only when the image root is another (storage) host (spec 01 §7). */
export const usesCloudStorage = () => /^https?:\/\//i.test(IMAGE_ROOT);

// Files are private (decision 121): the server answers every file as a short-lived signed URL
// (`/files/<path>?expires=…&sig=…`, or the bucket's presigned URL), and the web shows exactly that.
// A form value keeps it with the image root removed (`<path>?<signature>`); the server takes such a
// value back as its stored path.

// Pictures uploaded straight to cloud storage in this session: the browser's own copy, since a
// private bucket shows a key only through a URL the server signs (the next answer carries one).
const localCopies = new Map<string, string>();
export const rememberLocalCopy = (path: string, blobUrl: string) => void localCopies.set(path, blobUrl);

/** Display URL of a value: a signed URL as answered, or the image root put back in front of a `<path>?<signature>` value. */
export function fileUrlOf(path: string): string {
  if (!path) return '';
  const copy = localCopies.get(path);
  if (copy) return copy;
  if (/^(https?:|blob:|data:)/i.test(path) || path.startsWith(`${IMAGE_ROOT}/`)) return path;
  return `${IMAGE_ROOT}${path.startsWith('/') ? '' : '/'}${path}`;
}

/** A value with the image root removed: what forms keep and send (the server drops any signature). */
export function stripRoot(url: string): string {
  return url.startsWith(`${IMAGE_ROOT}/`) ? url.slice(IMAGE_ROOT.length) : url;
}

/**
 * Cloud videos get a snapshot for their thumbnail (spec 01 §9: at 7000 ms, 800x600 jpg). A signed
 * URL already has a query the processing parameter would have to be signed into, so it keeps the video.
 */
export const videoSnapshotUrl = (url: string) => (url.includes('?') || url.startsWith('blob:') ? url : `${url}?x-oss-process=video/snapshot,t_7000,f_jpg,w_800,h_600,m_fast`);
