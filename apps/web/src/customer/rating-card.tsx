import { useState, type FormEvent } from 'react';
import { CUSTOMER_MSG, RATING_COMMENT_MAX, ratingTagsFor } from '@portal/domain/customer-page';
import type { Act } from './customer-app';
import type { CustomerApi, CustomerView } from './customer-api';
import { PhotoPicker } from './photo-picker';

const SCORE_WORDS = ['', '非常不满意', '不满意', '一般', '满意', '非常满意'];

/** Rate once after completion: 1–5 stars, tags, a comment and up to 3 photos; afterwards what was given. */
export function RatingCard({ view, api, act }: { view: CustomerView; api: CustomerApi; act: Act }) {
  const [score, setScore] = useState(0);
  const [tags, setTags] = useState<string[]>([]);
  const [comment, setComment] = useState('');
  const [photos, setPhotos] = useState<Array<{ fileUrl: string; url: string }>>([]);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const r = view.rating;

  if (r) {
    return (
      <section className="cp-card" aria-labelledby="cp-rating-title">
        <h2 id="cp-rating-title" className="cp-card__title">我的评价</h2>
        <p className="cp-stars" aria-label={`${r.score}星`}>
          {'★'.repeat(r.score)}
          <span className="cp-stars__off">{'★'.repeat(5 - r.score)}</span>
          <span className="cp-stars__word">{SCORE_WORDS[r.score]}</span>
        </p>
        {r.tags.length > 0 && <p className="cp-tags">{r.tags.map((t) => <span key={t} className="cp-tag cp-tag--on">{t}</span>)}</p>}
        {r.comment && <p>{r.comment}</p>}
        {r.photos.length > 0 && (
          <div className="cp-photos">
            {r.photos.map((url, i) => <img key={url} src={url} alt={`评价图片${i + 1}`} width={72} height={72} className="cp-photo" />)}
          </div>
        )}
        <p className="cp-hint">感谢您的评价！</p>
      </section>
    );
  }

  const pickScore = (s: number) => {
    setScore(s);
    setTags((t) => t.filter((x) => ratingTagsFor(s).includes(x)));
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!score) return setError(CUSTOMER_MSG.scoreRequired);
    setError('');
    setBusy(true);
    await act(() => api.rate({ score, tags, comment: comment.trim(), photos: photos.map((p) => p.fileUrl) }));
    setBusy(false);
  };

  return (
    <section className="cp-card" aria-labelledby="cp-rating-title">
      <h2 id="cp-rating-title" className="cp-card__title">评价本次服务</h2>
      <form className="cp-form" onSubmit={submit} noValidate>
        <fieldset className="cp-field">
          <legend>服务评分</legend>
          <div className="cp-rate">
            {[1, 2, 3, 4, 5].map((s) => (
              <label key={s} className={s <= score ? 'cp-rate__star cp-rate__star--on' : 'cp-rate__star'}>
                <input type="radio" name="score" value={s} checked={score === s} onChange={() => pickScore(s)} />
                <span aria-hidden="true">★</span>
                <span className="cp-sr">{s}星</span>
              </label>
            ))}
            <span className="cp-rate__word">{SCORE_WORDS[score]}</span>
          </div>
        </fieldset>
        {score > 0 && (
          <fieldset className="cp-field">
            <legend>{score >= 4 ? '满意的地方' : '不满意的地方'}</legend>
            <div className="cp-tags">
              {ratingTagsFor(score).map((t) => (
                <label key={t} className={tags.includes(t) ? 'cp-tag cp-tag--on' : 'cp-tag'}>
                  <input type="checkbox" checked={tags.includes(t)} onChange={(e) => setTags(e.target.checked ? [...tags, t] : tags.filter((x) => x !== t))} />
                  {t}
                </label>
              ))}
            </div>
          </fieldset>
        )}
        <label className="cp-field">
          <span>评价内容（选填）</span>
          <textarea value={comment} maxLength={RATING_COMMENT_MAX} rows={3} onChange={(e) => setComment(e.target.value)} placeholder="说说师傅的服务吧" />
        </label>
        <PhotoPicker api={api} value={photos} onChange={setPhotos} onError={setError} label="上传图片（选填）" />
        {error && <p className="cp-error" role="alert">{error}</p>}
        <button type="submit" className="cp-btn cp-btn--primary cp-btn--block" disabled={busy}>
          提交评价
        </button>
      </form>
    </section>
  );
}
