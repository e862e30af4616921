import {
  APPOINTMENT_STATUSES, CUSTOMER_CASE_SOURCE, CUSTOMER_MSG, CUSTOMER_NODE_TEXT, PROBLEM_DAYS, PROBLEM_NODES, RATING_STATUSES, VISIT_CODE_STATUSES, customerStage, maskAddress, maskPhone,
  rescheduleSlotLabel,
} from '@portal/domain/customer-page';
import type { CustomerRating, CustomerView, RescheduleRequestRow } from '@portal/domain/contract/customer-page';
import { serviceType } from '@portal/domain/enums';
import { windowText } from '@portal/domain/appointments';
import type { DB } from '../../db/database';
import { badRequest } from '../../lib/errors';
import { nowIso, toShanghai } from '../../lib/time';
import { findCompany, findMaster, findOpenCase, findViewOrder, listCustomerCaseIds, listLines, listLogNodes, listProblemReasons, type ViewOrder } from './customer-view.repository';
import { findRating } from './ratings.repository';
import { findVisitCode } from './visit-codes.repository';
import { listRequests } from './reschedules.repository';

// One order as its customer sees it (issue 47, decision 265): the merchant's name, the service,
// a timeline in the customer's words, the appointment, the master's surname and a masked phone, a
// partly masked address, the visit code while the master comes, and the rating and problem forms.

export interface LiveLink {
  order_id: number;
  vendor_id: number;
  confirmed_door_time: string | null;
}

const minutes = (iso: string | null | undefined) => toShanghai(iso).slice(0, 16);
/** The appointment as the customer reads it: its window (issue 46), or the time of one made before windows. */
export const doorText = (o: { door_time: string | null; appoint_slot?: string | null }) =>
  o.door_time && o.appoint_slot ? windowText(toShanghai(o.door_time).slice(0, 10), o.appoint_slot) : minutes(o.door_time);
const DAY_MS = 24 * 3600_000;

/** Until when a problem may be raised (completion + 7 days), or null before completion. */
export const problemDeadline = (o: Pick<ViewOrder, 'completion_time'>) =>
  o.completion_time ? new Date(Date.parse(o.completion_time) + PROBLEM_DAYS * DAY_MS).toISOString() : null;

export const appointmentConfirmed = (o: Pick<ViewOrder, 'door_time'>, confirmedDoorTime: string | null) => !!o.door_time && confirmedDoorTime === o.door_time;

/** 上海市 上海市 闵行区 → 上海市闵行区 */
const regionOf = (o: Pick<ViewOrder, 'province_name' | 'city_name' | 'district_name'>) =>
  [o.province_name, o.city_name === o.province_name ? '' : o.city_name, o.district_name].join('');

export function toRating(r: { score: number; tags: string; comment: string; photos: string; created_at: string }): CustomerRating {
  const list = (text: string) => {
    try {
      const v = JSON.parse(text) as unknown;
      return Array.isArray(v) ? v.map(String) : [];
    } catch {
      return [];
    }
  };
  return { score: r.score, tags: list(r.tags), comment: r.comment, photos: list(r.photos), createTime: toShanghai(r.created_at) };
}

export const toRequest = (r: { id: number; wish_date: string; wish_slot: string; reason: string; state: string; created_at: string }): RescheduleRequestRow => ({
  id: r.id,
  date: r.wish_date,
  slot: r.wish_slot,
  slotName: rescheduleSlotLabel(r.wish_slot),
  reason: r.reason,
  state: r.state === 'pending' ? 'pending' : 'done',
  createTime: toShanghai(r.created_at),
});

export async function customerViewOf(db: DB, link: LiveLink): Promise<CustomerView> {
  const o = await findViewOrder(db, link.order_id, link.vendor_id);
  if (!o) throw badRequest(CUSTOMER_MSG.linkInvalid);
  const [company, lines, logs, master, code, rating, openCase, customerCases, reasons, requests] = await Promise.all([
    findCompany(db, o.vendor_id),
    listLines(db, o.id),
    listLogNodes(db, o.id),
    o.master_id && ![100, 200, 800].includes(o.status) ? findMaster(db, o.master_id) : Promise.resolve(undefined),
    findVisitCode(db, o.id),
    findRating(db, o.id),
    findOpenCase(db, o.id),
    listCustomerCaseIds(db, o.id),
    listProblemReasons(db),
    listRequests(db, link.order_id),
  ]);
  const pending = requests.find((r) => r.state === 'pending');
  // Only the customer's own cases are their problem (decision 278): a merchant's 赔偿/售后 case leaves
  // the page at the stage of the work, with none of its log lines.
  const ownCase = openCase?.source === CUSTOMER_CASE_SOURCE ? openCase : undefined;
  const theirs = (l: (typeof logs)[number]) => !PROBLEM_NODES.includes(l.node) || (l.relevance_type === 'afterSale' && l.relevance_id !== null && customerCases.has(l.relevance_id));
  const timeline: CustomerView['timeline'] = [];
  for (const l of logs) {
    if (!theirs(l)) continue;
    const text = CUSTOMER_NODE_TEXT[l.node];
    if (text && timeline[timeline.length - 1]?.text !== text) timeline.push({ time: minutes(l.created_at), text });
  }
  const confirmed = appointmentConfirmed(o, link.confirmed_door_time);
  const appointmentOpen = APPOINTMENT_STATUSES.includes(o.status);
  const deadline = problemDeadline(o);
  return {
    merchant: company?.company ?? '',
    orderNo: o.order_no,
    serviceName: serviceType.label(o.service_type),
    products: lines.map((l) => ({ name: [l.category_name, l.model_name].filter(Boolean).join(' '), number: l.number })),
    status: o.status,
    stage: customerStage(o.status === 900 && !ownCase ? 700 : o.status),
    timeline: timeline.reverse(),
    appointment: {
      doorTime: doorText(o),
      confirmed,
      canConfirm: appointmentOpen && !!o.door_time && !confirmed,
      canReschedule: appointmentOpen && !pending,
      pendingRequest: pending ? toRequest(pending) : null,
    },
    master: master ? { surname: master.name.slice(0, 1), phone: maskPhone(master.phone) } : null,
    address: { region: regionOf(o), detail: maskAddress(o.detail_address) },
    visitCode: code && !code.used_by && VISIT_CODE_STATUSES.includes(o.status) ? code.code : null,
    visitCodeUsed: code?.used_by === 'code',
    rating: rating ? toRating(rating) : null,
    canRate: !rating && RATING_STATUSES.includes(o.status),
    problem: {
      canRaise: o.status === 700 && !!deadline && deadline > nowIso() && !openCase,
      deadline: minutes(deadline),
      reasons,
      open: ownCase ? { stage: ownCase.status === 0 ? '已提交，等待审核' : '处理中', createTime: minutes(ownCase.created_at) } : null,
    },
  };
}
