import { describe, expect, it } from 'vitest';
import { ORDER_TRANSITIONS, REVIEW_MSG, canTransit, guardRefusal, platformActionAllowed, startsFrom, type OrderMoveState } from './order-transitions';
import { PLATFORM_ORDER_ACTIONS } from './orders-platform';

const order = (over: Partial<OrderMoveState>): OrderMoveState => ({ status: 200, node: 210, serviceType: 1, parole: 1, returnParts: false, praiseFlag: false, outWarrantyFee: 0,
  praisePending: false, praiseApproved: false, returnPending: false, returnApproved: false, ...over });
const offered = (o: OrderMoveState) => PLATFORM_ORDER_ACTIONS.filter((a) => platformActionAllowed(a.action, o)).map((a) => a.action);

describe('order transition table', () => {
  it('every console action but the picture upload is a transition', () => {
    for (const { action } of PLATFORM_ORDER_ACTIONS) if (action !== 'uploadPictures') expect(ORDER_TRANSITIONS).toHaveProperty(action);
  });

  it('offers dispatch only on a paid order, then the master moves', () => {
    expect(offered(order({ status: 100, node: 110 }))).toEqual([]);
    expect(offered(order({}))).toEqual(['dispatch']);
    expect(offered(order({ node: 220 }))).toEqual(['dispatch', 'confirmAssignment', 'refuseAssignment', 'accept']);
    expect(offered(order({ node: 230, serviceType: 5 }))).toEqual(['refuseAssignment', 'recycleApply']);
  });

  it('out-of-warranty fee: one request at a time, completion waits for payment', () => {
    const asked = order({ status: 500, node: 570, parole: 2, outWarrantyFee: 80 });
    expect(offered(order({ status: 500, node: 510, parole: 2 }))).toContain('requestOutWarrantyPay');
    expect(offered(asked)).toEqual(['submitMaterials', 'requestParts', 'outWarrantyPaid', 'uploadPictures']);
    expect(guardRefusal('requestCompletion', asked)).toBe('保外费用尚未支付');
    expect(guardRefusal('requestOutWarrantyPay', order({ status: 500, node: 510 }))).toBe('仅保外订单可申请保外费用');
  });

  it('returned parts: again only after a rejection', () => {
    const flags = { returnParts: true };
    expect(canTransit('requestReturn', order({ status: 600, node: 560, ...flags }))).toBe(true);
    expect(startsFrom('requestReturn', order({ status: 650, node: 630, ...flags }))).toBe(false);
    expect(canTransit('requestReturn', order({ status: 650, node: 634, ...flags }))).toBe(true);
    expect(canTransit('requestReturn', order({ status: 600, node: 560 }))).toBe(false);
  });

  it('returned parts: never a second after one was approved, nor while a praise waits (decision 277)', () => {
    const flags = { returnParts: true, praiseFlag: true };
    expect(guardRefusal('requestReturn', order({ status: 600, node: 640, ...flags, returnApproved: true }))).toBe(REVIEW_MSG.returnApproved);
    expect(guardRefusal('requestReturn', order({ status: 600, node: 650, ...flags, praisePending: true }))).toBe(REVIEW_MSG.returnWhilePraisePending);
    expect(offered(order({ status: 600, node: 650, ...flags, praisePending: true }))).toEqual(['uploadPictures']);
    // after an approved praise a return is still due
    expect(canTransit('requestReturn', order({ status: 600, node: 670, ...flags, praiseApproved: true }))).toBe(true);
  });

  it('praise: never a second after one was approved, whatever node a later return left (decision 277)', () => {
    const flags = { returnParts: true, praiseFlag: true, praiseApproved: true, returnApproved: true };
    expect(guardRefusal('requestPraise', order({ status: 600, node: 640, ...flags }))).toBe(REVIEW_MSG.praiseApproved);
    expect(offered(order({ status: 600, node: 640, ...flags }))).toEqual(['complete', 'uploadPictures']);
    expect(guardRefusal('requestPraise', order({ status: 600, node: 650, praiseFlag: true, praisePending: true }))).toBe(REVIEW_MSG.praisePending);
    expect(guardRefusal('complete', order({ status: 600, node: 640, praisePending: true }))).toBe(REVIEW_MSG.completeWhilePraisePending);
  });

  it('praise: not while pending or after approval; completion waits for the review', () => {
    const flags = { praiseFlag: true };
    expect(canTransit('requestPraise', order({ status: 600, node: 562, ...flags }))).toBe(true);
    expect(canTransit('requestPraise', order({ status: 600, node: 650, ...flags, praisePending: true }))).toBe(false);
    for (const node of [660, 670]) expect(canTransit('requestPraise', order({ status: 600, node, ...flags, praiseApproved: true }))).toBe(false);
    expect(canTransit('requestPraise', order({ status: 600, node: 664, ...flags }))).toBe(true);
    expect(guardRefusal('complete', order({ status: 600, node: 650, praisePending: true }))).toBe('好评推广待审核，请先审核');
    expect(offered(order({ status: 600, node: 650, ...flags, praisePending: true }))).not.toContain('complete');
  });

  it('pictures from work until completion, never before', () => {
    expect(platformActionAllowed('uploadPictures', order({ status: 400, node: 410 }))).toBe(false);
    for (const status of [500, 510, 600, 650, 700]) expect(platformActionAllowed('uploadPictures', order({ status }))).toBe(true);
  });
});
