import { orderNode, orderStatus, paymentType } from '@portal/domain/enums';
import { fenToYuan } from '@portal/domain/money';
import { slaStageLabel } from '@portal/domain/sla';
import { toShanghai } from '../../lib/time';
import type { WebhookEventType } from '@portal/domain/integrations';
import type { Tx } from '../../db/database';
import { onDomainEvent, type DomainEvent } from '../../lib/domain-events';
import { insertDeliveries, liveEndpointsOf, orderForEvent } from './integrations.repository';
import { newMessageId } from './webhook-signing';

// The webhook outbox (decision 170): a domain event becomes one delivery row per endpoint of the
// vendor subscribed to its type, written with the transaction's own `tx`, so it commits or rolls back
// with the change. Cost for a vendor without webhooks: one indexed lookup of its live endpoints a
// transaction (the answer is kept for that transaction only, which sees one state of the endpoints).

type Endpoint = { id: number; events: string };
const endpointsByTx = new WeakMap<object, Map<number, Promise<readonly Endpoint[]>>>();

function endpointsOf(tx: Tx, vendorId: number): Promise<readonly Endpoint[]> {
  let byVendor = endpointsByTx.get(tx);
  if (!byVendor) endpointsByTx.set(tx, (byVendor = new Map()));
  let list = byVendor.get(vendorId);
  if (!list) byVendor.set(vendorId, (list = liveEndpointsOf(tx, vendorId)));
  return list;
}

/** The webhook event a domain event becomes (null: nothing to tell, e.g. a log line at the same node). */
async function webhookEventOf(tx: Tx, e: DomainEvent): Promise<{ type: WebhookEventType; data: Record<string, unknown> } | null> {
  switch (e.type) {
    case 'order.logged': {
      const o = await orderForEvent(tx, e.orderId);
      if (!o || (o.prev_node !== null && Number(o.prev_node) === e.node)) return null;
      return {
        type: 'order.node_changed',
        data: {
          orderId: e.orderId, orderNo: o.order_no, status: o.status, statusName: orderStatus.label(o.status),
          node: e.node, nodeName: orderNode.label(e.node), previousNode: o.prev_node === null ? null : Number(o.prev_node), content: e.content, at: e.at,
        },
      };
    }
    case 'wallet.moved':
      return {
        type: 'wallet.moved',
        data: { recordId: e.recordId, amount: fenToYuan(e.amountFen), balanceAfter: fenToYuan(e.balanceAfterFen), paymentType: e.paymentType, paymentTypeName: paymentType.label(e.paymentType), orderId: e.orderId, at: e.at },
      };
    case 'wallet.topup_decided':
      return { type: 'wallet.topup_decided', data: { recordId: e.recordId, confirmed: e.confirmed, at: e.at } };
    case 'after_sales.decided':
      return { type: 'after_sales.decided', data: { caseId: e.caseId, orderId: e.orderId, approved: e.approved, at: e.at } };
    case 'customer.acted':
      // A customer's rating (issue 47); its other actions reach the merchant's bell only.
      if (e.action !== 'rated' || !e.rating) return null;
      return { type: 'order.rated', data: { orderId: e.orderId, orderNo: e.orderNo, score: e.rating.score, tags: e.rating.tags, comment: e.rating.comment, at: e.at } };
    case 'extra_fee.requested':
    case 'extra_fee.decided':
      return {
        type: e.type,
        data: {
          extraFeeId: e.feeId, orderId: e.orderId, orderNo: e.orderNo, reason: e.reason, amount: fenToYuan(e.amountFen), status: e.status,
          decidedBy: e.decidedBy, rejectReason: e.rejectReason, content: e.content, at: e.at,
        },
      };
    case 'appointment.failed':
      return { type: 'order.appointment_failed', data: { orderId: e.orderId, orderNo: e.orderNo, reason: e.reason, reasonName: e.reasonName, note: e.note, at: e.at } };
    case 'timeliness.credited':
      return {
        type: 'order.timeliness_credited',
        data: { orderId: e.orderId, orderNo: e.orderNo, stage: e.stage, stageName: slaStageLabel(e.stage), amount: fenToYuan(e.amountFen), dueAt: toShanghai(e.dueAt), recordId: e.recordId, at: e.at },
      };
    default:
      return null;
  }
}

/** The webhook type a domain event may become, where the names differ. */
const CANDIDATE: Partial<Record<DomainEvent['type'], WebhookEventType>> = {
  'order.logged': 'order.node_changed',
  'customer.acted': 'order.rated',
  'appointment.failed': 'order.appointment_failed',
  'timeliness.credited': 'order.timeliness_credited',
};

/** The JSON body every endpoint receives: {type, id, createdAt, data}. */
export const eventBody = (type: string, id: string, createdAt: string, data: Record<string, unknown>) => JSON.stringify({ type, id, createdAt, data });

export const RETRY_WINDOW_MS = 24 * 3600_000;

async function onEvent(tx: Tx, e: DomainEvent) {
  const endpoints = await endpointsOf(tx, e.vendorId);
  if (!endpoints.length) return;
  const wanted = (type: string) => endpoints.filter((ep) => ep.events.includes(`,${type},`));
  // The cheap test first: an order log line needs a query to know whether it changed the node.
  const candidate = CANDIDATE[e.type] ?? e.type;
  if (!wanted(candidate).length) return;
  const ev = await webhookEventOf(tx, e);
  if (!ev) return;
  const targets = wanted(ev.type);
  const id = newMessageId();
  const now = Date.now();
  const createdAt = new Date(now).toISOString();
  const payload = eventBody(ev.type, id, createdAt, ev.data);
  await insertDeliveries(
    tx,
    targets.map((ep) => ({ vendor_id: e.vendorId, endpoint_id: ep.id, message_id: id, event_type: ev.type, payload, status: 'pending' as const, next_at: now, retry_until: now + RETRY_WINDOW_MS, created_at: createdAt })),
  );
}

export function registerWebhookOutbox() {
  onDomainEvent('webhooks.outbox', onEvent);
}
