import { APPOINTMENT_MSG, RESCHEDULE_REASON_MAX, appointFailReasonLabel, isAppointFailReason } from '@portal/domain/appointments';
import { badRequest } from './errors';

/** The reason (a value of the fixed list) and note of a failed booking (issue 46); 其他 needs its note. */
export function failureOf(b: { failReason?: string; remarks?: string }) {
  if (!isAppointFailReason(b.failReason)) throw badRequest(APPOINTMENT_MSG.failReasonRequired);
  const note = (b.remarks ?? '').trim();
  if (b.failReason === 'other' && !note) throw badRequest(APPOINTMENT_MSG.failNoteRequired);
  if (note.length > RESCHEDULE_REASON_MAX) throw badRequest(APPOINTMENT_MSG.noteTooLong);
  return { reason: b.failReason, label: appointFailReasonLabel(b.failReason), note };
}
