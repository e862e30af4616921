import { PICTURE_MAX_MB, VIDEO_MAX_MB, extOf, widgetKind } from '@portal/domain/files';
import { MSG, fileCountMessage, fileSizeMessage, fileTypeMessage } from '@portal/domain/messages';

// The checks of spec 01 §5 "Upload widget rules", run on each picked file before it is sent.

/** Type: with allowed types, the mime type or extension must contain one; without, an image mime. */
export function typeError(file: File, types: readonly string[] | undefined): string | null {
  if (types && types.length) {
    const ext = extOf(file.name);
    const mime = (file.type || '').toLowerCase();
    const okType = types.some((t) => ext === t.toLowerCase() || (mime && mime.includes(t.toLowerCase())));
    return okType ? null : fileTypeMessage(types);
  }
  return file.type.startsWith('image/') ? null : fileTypeMessage(['png', 'jpg', 'jpeg']);
}

/** Size: smaller than the given MB; else pictures under 10 MB and videos under 500 MB. */
export function sizeError(file: File, maxSizeMB: number | undefined): string | null {
  const mb = file.size / 1024 / 1024;
  if (maxSizeMB !== undefined) return mb < maxSizeMB ? null : fileSizeMessage(maxSizeMB);
  const kind = widgetKind(file.name);
  if (kind === 'picture' && mb >= PICTURE_MAX_MB) return MSG.imageTooLarge;
  if (kind === 'video' && mb >= VIDEO_MAX_MB) return MSG.videoTooLarge;
  return null;
}

/** Count: what is there plus what was picked may not exceed the maximum. */
export const countError = (current: number, picked: number, maxCount: number) =>
  current + picked > maxCount ? fileCountMessage(maxCount) : null;
