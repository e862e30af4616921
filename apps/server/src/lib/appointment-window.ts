import { APPOINTMENT_MSG, isAppointSlot, slotContaining, windowBounds, windowText } from '@portal/domain/appointments';
import { ORDER_MSG, doorTimeAllowed } from '@portal/domain/orders';
import { badRequest } from './errors';
import { fromShanghai } from './time';

// The window of the console's 预约上门 / 改约时间 (issue 46, decision 255), as the order stores it.

export interface WindowColumns {
  door_time: string;
  door_time_end: string;
  appoint_slot: string;
}

/**
 * The window a console body names: appointDate + appointSlot, or (older callers) a bare doorTime read
 * as the 2-hour slot it falls in. The date may be yesterday at the earliest (a master's late entry),
 * as the door time always could.
 */
export function windowOfBody(b: { appointDate?: string; appointSlot?: string; doorTime?: string }): WindowColumns & { text: string } {
  let date = b.appointDate ?? '';
  let slot = b.appointSlot ?? '';
  if (!date && !slot && b.doorTime) {
    const m = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2})/.exec(b.doorTime);
    if (!m) throw badRequest(ORDER_MSG.doorTimeInvalid);
    date = m[1]!;
    slot = slotContaining(m[2]!) ?? '';
    if (!slot) throw badRequest(APPOINTMENT_MSG.doorTimeOutside);
  }
  if (!date) throw badRequest(APPOINTMENT_MSG.dateRequired);
  if (!isAppointSlot(slot)) throw badRequest(APPOINTMENT_MSG.slotRequired);
  const bounds = windowBounds(date, slot);
  if (!bounds || !doorTimeAllowed(bounds.start)) throw badRequest(ORDER_MSG.doorTimeInvalid);
  const start = fromShanghai(bounds.start);
  const end = fromShanghai(bounds.end);
  if (!start || !end) throw badRequest(ORDER_MSG.doorTimeInvalid);
  return { door_time: start, door_time_end: end, appoint_slot: slot, text: windowText(date, slot) };
}
