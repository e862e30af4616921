import type { FastifyBaseLogger } from 'fastify';
import { customerPageUrl } from '@portal/domain/customer-page';
import type { DB } from '../../db/database';
import type { SmsSender } from '../../lib/sms';
import { hashToken } from '../../lib/passwords';
import { nowIso, toShanghai } from '../../lib/time';
import { claimPendingLink, holdUsedUpLink, lockedOrderContact, pendingLinks } from './customer-links.repository';
import { newLinkToken } from './link-tokens';

// The first SMS of each link, sent after the dispatch committed (decision 261). The token is made at
// the moment of sending and only its hash is written, by a conditional UPDATE that one process wins:
// no process sends a link twice, and no table ever holds a token. Each server process looks for
// pending links once a second. A link whose order has used up the day's texts (LINK_SMS_PER_DAY) is not
// sent: it is held for the merchant's 重新发送, never texted by this loop at midnight (decision 298).

export const LINK_POLL_MS = 1000;

/** The SMS text of a link. */
export const linkSmsText = (company: string, orderNo: string, url: string) =>
  `【厂家服务下单门户】${company}为您预约的上门服务（订单${orderNo}）已安排师傅。查看进度、确认上门时间、核销码与评价：${url} 请勿转发他人。`;

/** Sends the pending links' first SMS; answers how many this process sent. */
export async function sendPendingLinks(db: DB, sms: SmsSender, publicUrl: string): Promise<number> {
  let sent = 0;
  for (const l of await pendingLinks(db, 20)) {
    const token = newLinkToken();
    // The phone under the order's lock: a 修改客户信息 in flight either ran before or re-pends the link after (decision 293).
    const phone = await db.transaction().execute(async (tx) => {
      const o = await lockedOrderContact(tx, l.order_id);
      if (!o) return null;
      const now = nowIso();
      const day = toShanghai(now).slice(0, 10);
      if (await claimPendingLink(tx, l.order_id, hashToken(token), o.phone, now, day)) return o.phone;
      await holdUsedUpLink(tx, l.order_id, day, now);
      return null;
    });
    if (phone === null) continue;
    await sms.send(phone, linkSmsText(l.company, l.order_no, customerPageUrl(publicUrl, token)));
    sent++;
  }
  return sent;
}

/** The loop of one server process; `stop` ends it. */
export function startLinkSender(db: DB, sms: SmsSender, publicUrl: string, log: FastifyBaseLogger) {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    sendPendingLinks(db, sms, publicUrl)
      .catch((err) => log.error({ err }, 'customer link SMS failed'))
      .finally(() => (running = false));
  }, LINK_POLL_MS);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
