// The image root: where stored files are served from. '/files' on this server by default; an
// absolute https:// address when files live on cloud storage (VITE_FILE_ROOT_URL at build time).
export const IMAGE_ROOT: string = (import.meta.env.VITE_FILE_ROOT_URL as string | undefined)?.replace(/\/+$/, '') || '/files';

/** Cloud direct upload is used only when the image root is another (storage) host (spec 01 §7). */
export const usesCloudStorage = () => /^https?:\/\//i.test(IMAGE_ROOT);

/** Full display URL of a stored path (or a URL that is already absolute). */
export function fileUrlOf(path: string): string {
  if (!path) return '';
  if (/^(https?:|blob:|data:)/i.test(path) || path.startsWith(`${IMAGE_ROOT}/`)) return path;
  return `${IMAGE_ROOT}${path.startsWith('/') ? '' : '/'}${path}`;
}

/** A stored path with the image root removed: what values and the server keep. */
export function stripRoot(url: string): string {
  return url.startsWith(`${IMAGE_ROOT}/`) ? url.slice(IMAGE_ROOT.length) : url;
}

/** Cloud videos get a snapshot for their thumbnail (spec 01 §9: at 7000 ms, 800x600 jpg). */
export const videoSnapshotUrl = (url: string) => `${url}?x-oss-process=video/snapshot,t_7000,f_jpg,w_800,h_600,m_fast`;
