import { describe, expect, it } from 'vitest';
import { ORDER_TRANSITIONS, canTransit, guardRefusal, platformActionAllowed, startsFrom, type OrderMoveState } from './order-transitions';
import { PLATFORM_ORDER_ACTIONS } from './orders-platform';

const order = (over: Partial<OrderMoveState>): OrderMoveState => ({ status: 200, node: 210, serviceType: 1, parole: 1, returnParts: false, praiseFlag: false, outWarrantyFee: 0, ...over });
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

  it('praise: not while pending or after approval; completion waits for the review', () => {
    const flags = { praiseFlag: true };
    expect(canTransit('requestPraise', order({ status: 600, node: 562, ...flags }))).toBe(true);
    for (const node of [650, 660, 670]) expect(startsFrom('requestPraise', order({ status: 600, node, ...flags }))).toBe(false);
    expect(canTransit('requestPraise', order({ status: 600, node: 664, ...flags }))).toBe(true);
    expect(guardRefusal('complete', order({ status: 600, node: 650 }))).toBe('好评推广待审核，请先审核');
    expect(offered(order({ status: 600, node: 650, ...flags }))).not.toContain('complete');
  });

  it('pictures from work until completion, never before', () => {
    expect(platformActionAllowed('uploadPictures', order({ status: 400, node: 410 }))).toBe(false);
    for (const status of [500, 510, 600, 650, 700]) expect(platformActionAllowed('uploadPictures', order({ status }))).toBe(true);
  });
});
