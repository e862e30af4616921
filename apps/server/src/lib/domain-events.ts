import type { Tx } from '../db/database';

// What happened to an order, a wallet or an after-sales case, told inside the transaction that made
// it happen. A listener writes its own rows (a webhook outbox, a notification) with the same `tx`,
// so the event commits or rolls back together with the change — nothing is lost and nothing is told
// that did not happen. Listeners register by name (registering a name again replaces it), so a module
// imported by several test apps in one process registers once. Features register from their own
// module; the code that emits never knows who listens (features do not import each other).

export type DomainEvent =
  | {
      /** A line of the order's operation log: a node change (transit) or an action logged at the current node. */
      type: 'order.logged';
      vendorId: number;
      orderId: number;
      node: number;
      content: string;
      relevanceType: string;
      at: string;
    }
  | {
      /**
       * The order moved by a transition of the state machine (after its 'order.logged' line): only
       * moves, never the actions logged at the node the order stays at. Added for issue 19.
       */
      type: 'order.moved';
      vendorId: number;
      orderId: number;
      orderNo: string;
      /** the order's creator (a sub-account's data scope "own") */
      createdBy: number;
      transition: string;
      status: number;
      node: number;
      content: string;
      at: string;
      /** the running stage it left (or whose due time it moved) after that stage's due time (issue 46) */
      missed?: { stage: string; dueAt: string };
    }
  | {
      /** A settled balance movement (the ledger record is written). */
      type: 'wallet.moved';
      vendorId: number;
      recordId: number;
      amountFen: number;
      balanceAfterFen: number;
      paymentType: number;
      orderId: number | null;
      at: string;
    }
  | {
      /** The platform confirmed (settled) or rejected a pending top-up. */
      type: 'wallet.topup_decided';
      vendorId: number;
      recordId: number;
      confirmed: boolean;
      at: string;
    }
  | {
      /** The platform decided an after-sales case (approved or rejected). */
      type: 'after_sales.decided';
      vendorId: number;
      caseId: number;
      orderId: number | null;
      approved: boolean;
      at: string;
    }
  | {
      /** The platform issued (with its PDF) or rejected an invoice request (issue 20). */
      type: 'invoice.decided';
      vendorId: number;
      requestId: number;
      invoiceNo: string;
      issued: boolean;
      at: string;
    }
  | {
      /** 修改客户信息 changed the phone the order's customer is reached at (decision 293). */
      type: 'order.phone_changed';
      vendorId: number;
      orderId: number;
      phone: string;
      at: string;
    }
  | CustomerActed
  | ExtraFeeEvent
  | AppointmentFailed
  | TimelinessCredited
  | WebhookGaveUp;

/** A webhook endpoint's delivery was given up, the first of the endpoint's failure episode (decision 297). */
export interface WebhookGaveUp {
  type: 'webhook.gave_up';
  vendorId: number;
  endpointId: number;
  url: string;
  /** why its last attempt failed (webhookFailureText) */
  reason: string;
  at: string;
}

/** The console recorded a failed booking (issue 46): the reason of the fixed list and its note. */
export interface AppointmentFailed {
  type: 'appointment.failed';
  vendorId: number;
  orderId: number;
  orderNo: string;
  createdBy: number;
  reason: string;
  reasonName: string;
  note: string;
  at: string;
}

/** A missed timeliness stage was credited to the merchant's wallet (issue 46, decision 257). */
export interface TimelinessCredited {
  type: 'timeliness.credited';
  vendorId: number;
  orderId: number;
  orderNo: string;
  createdBy: number;
  creditId: number;
  stage: string;
  amountFen: number;
  dueAt: string;
  recordId: number;
  content: string;
  at: string;
}

/** What the customer did on the order's page (issue 47): the merchant's bell, and a webhook per rating. */
export interface CustomerActed {
  type: 'customer.acted';
  vendorId: number;
  orderId: number;
  orderNo: string;
  /** the order's creator (a sub-account's data scope "own") */
  createdBy: number;
  action: 'rated' | 'reschedule' | 'problem';
  /** what the merchant is told, in a line */
  content: string;
  /** with action 'rated' */
  rating?: { score: number; tags: string[]; comment: string };
  at: string;
}

/** A master's extra fee (issue 46): asked for (status 0 pending, or decided at once by the cap), or decided. */
export interface ExtraFeeEvent {
  type: 'extra_fee.requested' | 'extra_fee.decided';
  vendorId: number;
  orderId: number;
  orderNo: string;
  /** the order's creator (a sub-account's data scope "own") */
  createdBy: number;
  feeId: number;
  amountFen: number;
  reason: string;
  /** 0 pending, 1 approved, 2 rejected */
  status: number;
  /** '' | merchant | cap | cap_refused | timeout */
  decidedBy: string;
  rejectReason: string;
  /** what the merchant is told, in a line */
  content: string;
  at: string;
}

export type DomainEventListener = (tx: Tx, event: DomainEvent) => Promise<void>;

const listeners = new Map<string, DomainEventListener>();

export function onDomainEvent(name: string, listener: DomainEventListener): void {
  listeners.set(name, listener);
}

export async function emitDomainEvent(tx: Tx, event: DomainEvent): Promise<void> {
  for (const listener of listeners.values()) await listener(tx, event);
}
