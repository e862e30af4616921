import { useState } from 'react';
import { RATING_PHOTOS_MAX } from '@portal/domain/customer-page';
import type { CustomerApi } from './customer-api';

/** Up to 3 photos, each uploaded as it is chosen; answers their stored paths. */
export function PhotoPicker({ api, value, onChange, onError, label }: { api: CustomerApi; value: Array<{ fileUrl: string; url: string }>; onChange: (v: Array<{ fileUrl: string; url: string }>) => void; onError: (msg: string) => void; label: string }) {
  const [busy, setBusy] = useState(false);
  const choose = async (files: FileList | null) => {
    const file = files?.[0];
    if (!file) return;
    setBusy(true);
    try {
      onChange([...value, await api.upload(file)]);
    } catch (e) {
      onError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="cp-field">
      <span>{label}（最多{RATING_PHOTOS_MAX}张）</span>
      <div className="cp-photos">
        {value.map((p, i) => (
          <figure key={p.fileUrl} className="cp-photo">
            <img src={p.url} alt={`已选图片${i + 1}`} width={72} height={72} />
            <button type="button" className="cp-photo__remove" aria-label={`删除图片${i + 1}`} onClick={() => onChange(value.filter((x) => x !== p))}>
              ×
            </button>
          </figure>
        ))}
        {value.length < RATING_PHOTOS_MAX && (
          <label className="cp-photo cp-photo--add">
            <input type="file" accept="image/png,image/jpeg" disabled={busy} onChange={(e) => void choose(e.target.files).then(() => (e.target.value = ''))} />
            <span aria-hidden="true">{busy ? '…' : '+'}</span>
            <span className="cp-sr">添加图片</span>
          </label>
        )}
      </div>
    </div>
  );
}
