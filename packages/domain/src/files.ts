// File kinds by extension (spec 01 §3 and §5, spec 02 §5).
export const VIDEO_EXT = ['mp4', 'avi', 'wmv'] as const;
export const PICTURE_EXT = ['png', 'jpg', 'jpeg'] as const;
export const KNOWLEDGE_EXT = [...PICTURE_EXT, ...VIDEO_EXT, 'doc', 'docx', 'xls', 'xlsx', 'ppt', 'pptx', 'pdf'] as const;
export const DEFAULT_UPLOAD_TYPES = PICTURE_EXT;
export const DEFAULT_MAX_FILES = 5;
export const PICTURE_MAX_MB = 10;
export const VIDEO_MAX_MB = 500;

export const extOf = (name: string) => {
  const clean = name.split(/[?#]/)[0] ?? '';
  const dot = clean.lastIndexOf('.');
  return dot < 0 ? '' : clean.slice(dot + 1).toLowerCase();
};
export const lastSegment = (path: string) => (path.split(/[?#]/)[0] ?? '').split('/').pop() ?? '';

export type WidgetFileKind = 'picture' | 'video' | 'file';
export function widgetKind(name: string): WidgetFileKind {
  const ext = extOf(name);
  if ((VIDEO_EXT as readonly string[]).includes(ext)) return 'video';
  if ((PICTURE_EXT as readonly string[]).includes(ext)) return 'picture';
  return 'file';
}

/** fileType code: 1 image, 2 video, 3 pdf, 4 word, 5 excel, 6 ppt, 7 txt. */
export function fileTypeCode(name: string): number {
  const ext = extOf(name);
  if ((PICTURE_EXT as readonly string[]).includes(ext)) return 1;
  if ((VIDEO_EXT as readonly string[]).includes(ext)) return 2;
  if (ext === 'pdf') return 3;
  if (ext === 'doc' || ext === 'docx') return 4;
  if (ext === 'xls' || ext === 'xlsx') return 5;
  if (ext === 'ppt' || ext === 'pptx') return 6;
  if (ext === 'txt') return 7;
  return 0;
}
export const FILE_TYPE_NAME: Record<number, string> = { 1: '图片', 2: '视频', 3: 'PDF', 4: 'Word', 5: 'Excel', 6: 'PPT', 7: '文本' };
