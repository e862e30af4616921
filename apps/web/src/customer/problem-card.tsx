import { useState, type FormEvent } from 'react';
import { CUSTOMER_MSG, PROBLEM_TEXT_MAX } from '@portal/domain/customer-page';
import type { Act } from './customer-app';
import type { CustomerApi, CustomerView } from './customer-api';
import { PhotoPicker } from './photo-picker';

/** A problem within 7 days of completion: the merchant gets an after-sales case. */
export function ProblemCard({ view, api, act }: { view: CustomerView; api: CustomerApi; act: Act }) {
  const p = view.problem;
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [description, setDescription] = useState('');
  const [photos, setPhotos] = useState<Array<{ fileUrl: string; url: string }>>([]);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  if (p.open) {
    return (
      <section className="cp-card" aria-labelledby="cp-problem-title">
        <h2 id="cp-problem-title" className="cp-card__title">问题反馈</h2>
        <p>您的问题{p.open.stage}（{p.open.createTime} 提交），商家将尽快为您处理。</p>
      </section>
    );
  }
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const missing = !reason ? CUSTOMER_MSG.problemReasonRequired : !description.trim() ? CUSTOMER_MSG.problemTextRequired : '';
    setError(missing);
    if (missing) return;
    setBusy(true);
    await act(() => api.problem({ reason, description: description.trim(), photos: photos.map((x) => x.fileUrl) }));
    setBusy(false);
  };
  return (
    <section className="cp-card" aria-labelledby="cp-problem-title">
      <h2 id="cp-problem-title" className="cp-card__title">遇到问题？</h2>
      <p className="cp-hint">服务完成后7天内（{p.deadline}前）可反馈问题，商家会为您安排处理。</p>
      {!open ? (
        <button type="button" className="cp-btn" onClick={() => setOpen(true)}>
          反馈问题
        </button>
      ) : (
        <form className="cp-form" onSubmit={submit} noValidate>
          <label className="cp-field">
            <span>问题类型</span>
            <select value={reason} onChange={(e) => setReason(e.target.value)}>
              <option value="">请选择</option>
              {p.reasons.map((r) => (
                <option key={r} value={r}>{r}</option>
              ))}
            </select>
          </label>
          <label className="cp-field">
            <span>问题描述</span>
            <textarea value={description} maxLength={PROBLEM_TEXT_MAX} rows={4} onChange={(e) => setDescription(e.target.value)} placeholder="请描述遇到的问题" />
          </label>
          <PhotoPicker api={api} value={photos} onChange={setPhotos} onError={setError} label="上传图片（选填）" />
          {error && <p className="cp-error" role="alert">{error}</p>}
          <button type="submit" className="cp-btn cp-btn--primary cp-btn--block" disabled={busy}>
            提交问题
          </button>
        </form>
      )}
    </section>
  );
}
