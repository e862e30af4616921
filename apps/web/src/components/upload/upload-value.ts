import { lastSegment, widgetKind, type WidgetFileKind } from '@portal/domain/files';
import { fileUrlOf, stripRoot, usesCloudStorage, videoSnapshotUrl } from './image-root';

/** One file in the widget (spec 01 §3 "Uploaded file item"). */
export interface UploadItem {
  /** last path segment */
  name: string;
  /** full url */
  value: string;
  /** display url: a snapshot for cloud videos */
  url: string;
  type: WidgetFileKind;
  /** the row object this item came from, when the widget works with `keyName` objects */
  raw?: Record<string, unknown>;
}

export type UploadValue = string | Array<Record<string, unknown>> | null | undefined;

export function itemOf(path: string, raw?: Record<string, unknown>): UploadItem {
  const value = fileUrlOf(path);
  const type = widgetKind(path);
  return { name: lastSegment(path), value, url: type === 'video' && usesCloudStorage() ? videoSnapshotUrl(value) : value, type, raw };
}

/** Value → items: a comma-separated path string, or objects holding the path under `keyName`. */
export function itemsOf(value: UploadValue, keyName?: string): UploadItem[] {
  if (!value) return [];
  if (Array.isArray(value)) {
    return keyName ? value.filter((o) => typeof o?.[keyName] === 'string' && o[keyName]).map((o) => itemOf(o[keyName] as string, o)) : [];
  }
  return value.split(',').map((s) => s.trim()).filter(Boolean).map((p) => itemOf(p));
}

/** Items → value, with the image root removed from every path. */
export function valueOf(items: UploadItem[], keyName?: string): UploadValue {
  if (keyName) return items.map((i) => ({ ...(i.raw ?? {}), [keyName]: stripRoot(i.value) }));
  return items.map((i) => stripRoot(i.value)).join(',');
}
