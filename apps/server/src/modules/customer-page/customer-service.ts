import { CUSTOMER_MSG, LINK_DAYS_AFTER_END, LINK_RESEND_SECONDS, LINK_SMS_PER_DAY, customerPageUrl } from '@portal/domain/customer-page';
import type { CustomerService } from '@portal/domain/contract/customer-page';
import type { DB } from '../../db/database';
import { badRequest } from '../../lib/errors';
import { hashToken } from '../../lib/passwords';
import type { SmsSender } from '../../lib/sms';
import { nowIso, toShanghai } from '../../lib/time';
import { findLink, lockedOrderContact, resendLink, revokeLink, textsOn } from './customer-links.repository';
import { findCompanyName, type ServiceOrder } from './customer-service.repository';
import { appointmentConfirmed, toRating, toRequest } from './customer-view';
import { listRequests } from './reschedules.repository';
import { linkSmsText } from './link-sender';
import { newLinkToken, newVisitCode } from './link-tokens';
import { findRating } from './ratings.repository';
import { findVisitCode, insertVisitCodeIfNone } from './visit-codes.repository';

// What the merchant (order detail) and the console see of an order's customer side, and the
// merchant's re-send and revoke of the link (issue 47, decisions 260–263).

const DAY_MS = 24 * 3600_000;
const LINK_STATE_NAME = { none: '未发送', pending: '待发送', sent: '已发送', revoked: '已作废', expired: '已过期' } as const;
const VISIT_STATE_NAME = { none: '无核销码', waiting: '未核销', code: '已使用客户核销码完工', override: '未使用核销码完工（平台代为完工）' } as const;

/** A link's last day: 30 days after the order ended (null while it runs). */
export const linkValidUntil = (endsAt: string | null) => (endsAt ? new Date(Date.parse(endsAt) + LINK_DAYS_AFTER_END * DAY_MS).toISOString() : null);

/** Orders a link may be sent for: paid, not cancelled, and not ended more than 30 days ago (checked with the link). */
const SENDABLE = (status: number) => status !== 100 && status !== 800;
const BEFORE_COMPLETION: readonly number[] = [200, 210, 300, 310, 400, 500, 510];

export async function customerServiceOf(db: DB, o: ServiceOrder): Promise<CustomerService> {
  const [link, code, rating, requests] = await Promise.all([findLink(db, o.id), findVisitCode(db, o.id), findRating(db, o.id), listRequests(db, o.id)]);
  const until = linkValidUntil(link?.ends_at ?? null);
  const state = !link ? 'none' : link.state === 'sent' && until && until <= nowIso() ? 'expired' : (link.state as 'pending' | 'sent' | 'revoked');
  // A link the sender held because the day's texts were used up (decision 298): the card says why it waits.
  const held = link?.state === 'pending' && link.held_at !== null;
  const holdReason = !held ? '' : link.sends_day === toShanghai(nowIso()).slice(0, 10) ? CUSTOMER_MSG.linkHeld : CUSTOMER_MSG.linkHeldEarlier;
  const visit = !code ? 'none' : ((code.used_by as 'code' | 'override' | null) ?? 'waiting');
  return {
    link: { state, stateName: LINK_STATE_NAME[state], phone: link?.phone ?? '', sentTime: toShanghai(link?.sent_at), sends: link?.sends ?? 0, holdReason, validUntil: toShanghai(until) },
    appointmentConfirmed: !!link && appointmentConfirmed(o, link.confirmed_door_time),
    confirmTime: toShanghai(link?.confirmed_at),
    visit: { state: visit, stateName: VISIT_STATE_NAME[visit], attempts: code?.attempts ?? 0, usedTime: toShanghai(code?.used_at), overrideReason: code?.override_reason ?? '', operator: code?.operator ?? '' },
    rating: rating ? toRating(rating) : null,
    requests: requests.map(toRequest),
  };
}

/**
 * The merchant sends the link again: a new token (the old link dies at once), to the order's phone
 * as it is now. At most once a minute per order and LINK_SMS_PER_DAY texts a Shanghai day (every text of
 * the link counts, decision 298); refused for an unpaid or cancelled order and once the link's 30 days
 * after the end have passed.
 */
export async function resendCustomerLink(db: DB, sms: SmsSender, publicUrl: string, o: ServiceOrder) {
  const token = newLinkToken();
  // Decided and written under the order's lock, texted after commit: a 修改客户信息 in flight either ran
  // before (its phone gets this link) or kills this link after and texts its own (decision 293).
  const phone = await db.transaction().execute(async (tx) => {
    const now = nowIso();
    const cur = await lockedOrderContact(tx, o.id);
    if (!cur || !SENDABLE(cur.status)) throw badRequest(CUSTOMER_MSG.linkNotForStatus);
    const link = await findLink(tx, o.id);
    const until = linkValidUntil(link?.ends_at ?? null);
    if (until && until <= now) throw badRequest(CUSTOMER_MSG.linkExpired);
    const day = toShanghai(now).slice(0, 10);
    if (textsOn(link, day) >= LINK_SMS_PER_DAY) throw badRequest(CUSTOMER_MSG.linkDailyCap);
    const notBefore = new Date(Date.now() - LINK_RESEND_SECONDS * 1000).toISOString();
    const written = await resendLink(tx, { order_id: o.id, vendor_id: o.vendor_id, token_hash: hashToken(token), phone: cur.phone, now, notBefore, day });
    if (!written) throw badRequest(CUSTOMER_MSG.resendTooSoon);
    // An order dispatched before links existed gets its visit code with its first link, while its work is ahead.
    if (BEFORE_COMPLETION.includes(cur.status)) await insertVisitCodeIfNone(tx, { order_id: o.id, vendor_id: o.vendor_id, code: newVisitCode(), created_at: now });
    return cur.phone;
  });
  await sms.send(phone, linkSmsText(await findCompanyName(db, o.vendor_id), o.order_no, customerPageUrl(publicUrl, token)));
}

export async function revokeCustomerLink(db: DB, o: ServiceOrder) {
  await revokeLink(db, o.id, nowIso());
}
