import { NODE_NOTIFICATION, SLA_BREACH_RELEVANCE, type NotificationType } from '@portal/domain/notifications';
import { afterSaleType } from '@portal/domain/enums';
import { fenToYuanText } from '@portal/domain/money';
import { webhookGaveUpText } from '@portal/domain/webhook-failures';
import type { Tx } from '../../db/database';
import { onDomainEvent, type DomainEvent } from '../../lib/domain-events';
import { findDecidedCase, findOrderNoAndOwner, findTopUpAmount, insertNotification } from './notifications.repository';

// Which events raise a notification (issue 19, decision 173), written with the same `tx` as the
// change. An event that raises none returns before any query: a payment, a dispatch or a wallet
// movement costs one Map lookup here.

const CUSTOMER_ACTION_NOTIFICATION = { rated: 'customer_rated', reschedule: 'customer_reschedule', problem: 'customer_problem' } as const satisfies Record<string, NotificationType>;

async function notifyOrder(tx: Tx, e: { vendorId: number; orderId: number; at: string }, type: NotificationType, content: string, order?: { order_no: string; created_by: number }) {
  const o = order ?? (await findOrderNoAndOwner(tx, e.orderId));
  if (!o) return;
  await insertNotification(tx, { vendor_id: e.vendorId, type, content, order_id: e.orderId, order_no: o.order_no, order_owner: o.created_by, created_at: e.at });
}

export async function onEvent(tx: Tx, e: DomainEvent): Promise<void> {
  switch (e.type) {
    case 'order.moved': {
      const type = NODE_NOTIFICATION[e.node];
      if (!type) return;
      await notifyOrder(tx, e, type, e.content, { order_no: e.orderNo, created_by: e.createdBy });
      return;
    }
    case 'order.logged':
      if (e.relevanceType !== SLA_BREACH_RELEVANCE) return;
      await notifyOrder(tx, e, 'order_overdue', e.content);
      return;
    case 'after_sales.decided': {
      if (e.orderId === null) return;
      const c = await findDecidedCase(tx, e.caseId);
      const kind = afterSaleType.label(c?.type) || '售后';
      const money = e.approved && c && Number(c.money_fen) > 0 ? `，金额¥${fenToYuanText(Number(c.money_fen))}` : '';
      const content = e.approved ? `${kind}申请已通过${money}` : `${kind}申请被驳回${c?.check_reason ? `：${c.check_reason}` : ''}`;
      await notifyOrder(tx, { vendorId: e.vendorId, orderId: e.orderId, at: e.at }, 'after_sales_decided', content);
      return;
    }
    case 'extra_fee.requested':
      // Issue 46: a request waiting for the merchant; one the cap decided at once is told by its decision.
      if (e.status === 0) await notifyOrder(tx, e, 'extra_fee_requested', e.content, { order_no: e.orderNo, created_by: e.createdBy });
      return;
    case 'extra_fee.decided':
      // The merchant's own decision needs no bell; the cap's and the timeout's do.
      if (e.decidedBy !== 'merchant') await notifyOrder(tx, e, 'extra_fee_decided', e.content, { order_no: e.orderNo, created_by: e.createdBy });
      return;
    case 'customer.acted': {
      const type = CUSTOMER_ACTION_NOTIFICATION[e.action];
      await notifyOrder(tx, e, type, e.content, { order_no: e.orderNo, created_by: e.createdBy });
      return;
    }
    case 'timeliness.credited':
      await notifyOrder(tx, e, 'timeliness_credited', e.content, { order_no: e.orderNo, created_by: e.createdBy });
      return;
    case 'wallet.topup_decided': {
      const r = await findTopUpAmount(tx, e.recordId);
      const amount = r ? `¥${fenToYuanText(Math.abs(Number(r.amount_fen)))}` : '';
      await insertNotification(tx, {
        vendor_id: e.vendorId,
        type: e.confirmed ? 'topup_confirmed' : 'topup_rejected',
        content: e.confirmed ? `充值${amount}已确认到账` : `充值${amount}申请被驳回`,
        order_id: null,
        order_no: '',
        order_owner: null,
        created_at: e.at,
      });
      return;
    }
    case 'invoice.decided':
      // Like a top-up's, an invoice's notification has no order: the wallet's readers see it.
      await insertNotification(tx, {
        vendor_id: e.vendorId,
        type: 'invoice_decided',
        content: e.issued ? `开票申请${e.invoiceNo}已开具，可在开票申请中下载发票` : `开票申请${e.invoiceNo}被驳回`,
        order_id: null,
        order_no: '',
        order_owner: null,
        created_at: e.at,
      });
      return;
    case 'webhook.gave_up':
      // Once a failure episode of the endpoint (decision 297); like a top-up's, it has no order.
      await insertNotification(tx, {
        vendor_id: e.vendorId,
        type: 'webhook_failed',
        content: webhookGaveUpText(e.url, e.reason),
        order_id: null,
        order_no: '',
        order_owner: null,
        created_at: e.at,
      });
      return;
    default:
      return;
  }
}

/** Registered once per process (the name replaces an earlier registration). */
export function listenForNotifications() {
  onDomainEvent('notifications', onEvent);
}
