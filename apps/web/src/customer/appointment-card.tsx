import { useState, type FormEvent } from 'react';
import { RESCHEDULE_DAYS_AHEAD, shanghaiDate } from '@portal/domain/appointments';
import { CUSTOMER_MSG, RESCHEDULE_REASON_MAX, RESCHEDULE_SLOTS, rescheduleSlotLabel } from '@portal/domain/customer-page';
import type { Act } from './customer-app';
import type { CustomerApi, CustomerView } from './customer-api';

/** The appointment: confirm it, or ask for another window with a reason. */
export function AppointmentCard({ view, api, act }: { view: CustomerView; api: CustomerApi; act: Act }) {
  const a = view.appointment;
  const [asking, setAsking] = useState(false);
  const [date, setDate] = useState('');
  const [slot, setSlot] = useState('');
  const [reason, setReason] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  if (!a.doorTime && !a.canReschedule && !a.pendingRequest) return null;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const missing = !date ? CUSTOMER_MSG.rescheduleDateRequired : !slot ? CUSTOMER_MSG.rescheduleSlotRequired : !reason.trim() ? CUSTOMER_MSG.rescheduleReasonRequired : '';
    setError(missing);
    if (missing) return;
    setBusy(true);
    if (await act(() => api.reschedule({ date, slot, reason: reason.trim() }))) setAsking(false);
    setBusy(false);
  };
  const confirm = async () => {
    setBusy(true);
    await act(api.confirm);
    setBusy(false);
  };

  return (
    <section className="cp-card" aria-labelledby="cp-appointment-title">
      <h2 id="cp-appointment-title" className="cp-card__title">预约上门时间</h2>
      <p className="cp-big">{a.doorTime || '师傅将尽快与您联系预约'}</p>
      {a.confirmed && <p className="cp-ok">您已确认该上门时间</p>}
      {a.pendingRequest && (
        <p className="cp-hint">
          已申请改约：{a.pendingRequest.date} {rescheduleSlotLabel(a.pendingRequest.slot)}，客服将尽快与您联系。
        </p>
      )}
      {!asking && (
        <div className="cp-actions">
          {a.canConfirm && (
            <button type="button" className="cp-btn cp-btn--primary" onClick={confirm} disabled={busy}>
              确认上门时间
            </button>
          )}
          {a.canReschedule && !a.pendingRequest && (
            <button type="button" className="cp-btn" onClick={() => setAsking(true)}>
              申请改约
            </button>
          )}
        </div>
      )}
      {asking && (
        <form className="cp-form" onSubmit={submit} noValidate>
          <label className="cp-field">
            <span>希望上门的日期</span>
            <input type="date" value={date} min={shanghaiDate(1)} max={shanghaiDate(RESCHEDULE_DAYS_AHEAD)} onChange={(e) => setDate(e.target.value)} required />
          </label>
          <fieldset className="cp-field">
            <legend>希望上门的时间段</legend>
            <div className="cp-choices">
              {RESCHEDULE_SLOTS.map((s) => (
                <label key={s.value} className={slot === s.value ? 'cp-choice cp-choice--on' : 'cp-choice'}>
                  <input type="radio" name="slot" value={s.value} checked={slot === s.value} onChange={() => setSlot(s.value)} />
                  {s.label}
                </label>
              ))}
            </div>
          </fieldset>
          <label className="cp-field">
            <span>改约原因</span>
            <textarea value={reason} maxLength={RESCHEDULE_REASON_MAX} rows={3} onChange={(e) => setReason(e.target.value)} placeholder="例如：当天临时有事不在家" />
          </label>
          {error && <p className="cp-error" role="alert">{error}</p>}
          <div className="cp-actions">
            <button type="submit" className="cp-btn cp-btn--primary" disabled={busy}>
              提交改约申请
            </button>
            <button type="button" className="cp-btn" onClick={() => setAsking(false)}>
              取消
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
