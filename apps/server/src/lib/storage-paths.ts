import { randomBytes } from 'node:crypto';
import { resolve, sep } from 'node:path';
import type { UploadDir } from '@portal/domain/uploads';

/** Where local uploads live: DATA_DIR/uploads. */
export const uploadsRoot = (dataDir: string) => resolve(dataDir, 'uploads');

/** A fresh stored path under the image root: /<dir>/<yyyy>/<mm>/<random>.<ext>. Only whitelisted parts. */
export function newStoredPath(dir: UploadDir, ext: string, now = new Date()): string {
  const yyyy = String(now.getUTCFullYear());
  const mm = String(now.getUTCMonth() + 1).padStart(2, '0');
  return `/${dir}/${yyyy}/${mm}/${randomBytes(16).toString('hex')}.${ext}`;
}

/**
 * The absolute file for a path under the image root, or null when the path could leave the
 * uploads folder or is not in the shape we store.
 */
export function absoluteFor(dataDir: string, storedPath: string): string | null {
  if (!/^\/[A-Za-z]+\/\d{4}\/\d{2}\/[0-9a-f]{32}\.[a-z0-9]{2,5}$/.test(storedPath)) return null;
  const root = uploadsRoot(dataDir);
  const abs = resolve(root, `.${storedPath}`);
  return abs.startsWith(root + sep) ? abs : null;
}
