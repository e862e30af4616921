import { describe, expect, it } from 'vitest';
import { MSG } from './messages';
import {
  ORDER_MSG, PricingError, cancelBody, customerModifyBody, deriveStatusInfo, displayState, doorTimeAllowed, markerBody, orderAddBody,
  priceOrder, progressSteps, rateToBasisPoints, reminderBody, urgentBody, addressTextBody, availableServices, type DiscountContext, type PriceInput,
} from './orders';
import { INPUT_MSG, firstMessage } from './validation';

const noDiscount: DiscountContext = { orderDiscountFlag: false, createOrderDiscountRate: '0.95', hasDealerOutlet: false, outletDiscountFlag: false, outletTiers: [] };
// A product: install 100.00 in warranty / 150.00 guide; repair 80.00 / 120.00; overhaul only out of warranty.
const P = { installation: 10000, guideInstallation: 15000, repair: 8000, guideRepair: 12000, overhaul: null, guideOverhaul: 30000, cleanse: 5050, guideCleanse: null };
const Q = { installation: 39900, guideInstallation: 45000 };

const cases: Array<{ name: string; input: PriceInput; total: number; discount: number }> = [
  { name: 'one in-warranty install line', input: { parole: 1, serviceType: 1, lines: [{ number: 1, prices: P }], discount: noDiscount }, total: 10000, discount: 0 },
  { name: 'number multiplies the unit', input: { parole: 1, serviceType: 1, lines: [{ number: 3, prices: P }], discount: noDiscount }, total: 30000, discount: 0 },
  { name: 'out of warranty uses the guide price', input: { parole: 2, serviceType: 1, lines: [{ number: 2, prices: P }], discount: noDiscount }, total: 30000, discount: 0 },
  { name: 'repair by maintenance type (major, out of warranty)', input: { parole: 2, serviceType: 2, lines: [{ number: 1, maintenanceType: 2, prices: P }], discount: noDiscount }, total: 30000, discount: 0 },
  { name: 'recycle is free', input: { parole: 2, serviceType: 5, lines: [{ number: 4, prices: P }], discount: noDiscount }, total: 0, discount: 0 },
  { name: 'fen precision (50.50 × 3)', input: { parole: 1, serviceType: 3, lines: [{ number: 3, prices: P }], discount: noDiscount }, total: 15150, discount: 0 },
  {
    name: 'complete surcharges only (price × num)',
    input: { parole: 1, serviceType: 1, lines: [{ number: 1, prices: P, surcharges: [{ name: '高空作业费', priceFen: 5000, num: 2 }, { name: '', priceFen: 3000, num: 1 }, { name: '打孔', priceFen: 0, num: 1 }, { name: '铜管', priceFen: 2000, num: 0 }] }], discount: noDiscount },
    total: 20000, discount: 0,
  },
  { name: 'urgent fee in warranty', input: { parole: 1, serviceType: 1, urgentFlag: '1', urgentPriceFen: 3000, lines: [{ number: 1, prices: P }], discount: noDiscount }, total: 13000, discount: 0 },
  { name: 'urgent fee ignored out of warranty', input: { parole: 2, serviceType: 1, urgentFlag: '1', urgentPriceFen: 3000, lines: [{ number: 1, prices: P }], discount: noDiscount }, total: 15000, discount: 0 },
  {
    name: 'create_order_discount: in warranty, 2 lines, flag on, no outlet (5 % of products only)',
    input: { parole: 1, serviceType: 1, urgentFlag: '1', urgentPriceFen: 2000, lines: [{ number: 1, prices: P, surcharges: [{ name: '辅材', priceFen: 1000, num: 1 }] }, { number: 1, prices: Q }], discount: { ...noDiscount, orderDiscountFlag: true } },
    total: 10000 + 39900 + 1000 + 2000 - 2495, discount: 2495,
  },
  { name: 'create_order_discount needs two lines', input: { parole: 1, serviceType: 1, lines: [{ number: 2, prices: P }], discount: { ...noDiscount, orderDiscountFlag: true } }, total: 20000, discount: 0 },
  { name: 'create_order_discount off when an outlet is in the district', input: { parole: 1, serviceType: 1, lines: [{ number: 1, prices: P }, { number: 1, prices: Q }], discount: { ...noDiscount, orderDiscountFlag: true, hasDealerOutlet: true } }, total: 49900, discount: 0 },
  { name: 'create_order_discount off for out of warranty', input: { parole: 2, serviceType: 1, lines: [{ number: 1, prices: P }, { number: 1, prices: Q }], discount: { ...noDiscount, orderDiscountFlag: true } }, total: 60000, discount: 0 },
  {
    name: 'outlet tiers: the best tier the unit meets, per unit',
    input: {
      parole: 1, serviceType: 1, lines: [{ number: 2, prices: P }, { number: 1, prices: Q }],
      discount: { ...noDiscount, hasDealerOutlet: true, orderDiscountFlag: true, outletDiscountFlag: true, outletTiers: [{ fullReduceAmountFen: 10000, discountAmountFen: 500 }, { fullReduceAmountFen: 30000, discountAmountFen: 3000 }, { fullReduceAmountFen: 50000, discountAmountFen: 8000 }] },
    },
    total: 20000 + 39900 - (500 * 2 + 3000), discount: 4000,
  },
  {
    name: 'outlet tiers below every threshold give nothing',
    input: { parole: 1, serviceType: 3, lines: [{ number: 1, prices: P }], discount: { ...noDiscount, outletDiscountFlag: true, outletTiers: [{ fullReduceAmountFen: 10000, discountAmountFen: 500 }] } },
    total: 5050, discount: 0,
  },
  {
    name: 'outlet tiers with the flag off give nothing',
    input: { parole: 1, serviceType: 1, lines: [{ number: 1, prices: P }], discount: { ...noDiscount, outletDiscountFlag: false, outletTiers: [{ fullReduceAmountFen: 100, discountAmountFen: 500 }] } },
    total: 10000, discount: 0,
  },
  {
    name: 'a tier never discounts more than the unit',
    input: { parole: 1, serviceType: 3, lines: [{ number: 2, prices: P }], discount: { ...noDiscount, outletDiscountFlag: true, outletTiers: [{ fullReduceAmountFen: 100, discountAmountFen: 9000 }] } },
    total: 0, discount: 10100,
  },
];

describe('priceOrder (fen)', () => {
  it.each(cases)('$name', ({ input, total, discount }) => {
    const r = priceOrder(input);
    expect(r.totalFen).toBe(total);
    expect(r.discountFen).toBe(discount);
    const sum = r.expenses.reduce((a, e) => a + (e.type === 1 ? e.price : -e.price), 0);
    expect(sum).toBe(total);
  });
  it('refuses a service the product does not offer for the warranty type', () => {
    expect(() => priceOrder({ parole: 1, serviceType: 2, lines: [{ number: 1, maintenanceType: 2, prices: P }], discount: noDiscount })).toThrow(PricingError);
    expect(() => priceOrder({ parole: 2, serviceType: 3, lines: [{ number: 1, prices: P }], discount: noDiscount })).toThrow(ORDER_MSG.serviceUnavailable);
    expect(() => priceOrder({ parole: 1, serviceType: 5, lines: [{ number: 1, prices: P }], discount: noDiscount })).toThrow(PricingError);
  });
  it('reads the create_order_discount rate', () => {
    expect(rateToBasisPoints('0.95')).toBe(9500);
    expect(rateToBasisPoints('0.9')).toBe(9000);
    expect(rateToBasisPoints('1')).toBe(10000);
    expect(rateToBasisPoints('1.2')).toBeNull();
    expect(rateToBasisPoints('abc')).toBeNull();
  });
  it('offers only the services with a price for the warranty type', () => {
    expect(availableServices(P, 1)).toEqual({ services: [1, 2, 3], maintenanceTypes: [1] });
    expect(availableServices(P, 2)).toEqual({ services: [1, 2, 5], maintenanceTypes: [1, 2] });
  });
});

const msg = (schema: { safeParse(v: unknown): any }, v: unknown) => {
  const r = schema.safeParse(v);
  return r.success ? 'ok' : firstMessage(r.error);
};
const region = { provinceId: '310000', provinceName: '上海市', cityId: '310100', cityName: '上海市', districtId: '310112', districtName: '闵行区' };
const validAdd = { parole: 1, serviceType: 1, productList: [{ productId: 1, number: 1 }], realName: '李雷', phone: '13912345678', ...region, detailAddress: '申长路1号' };

describe('order add payload', () => {
  it.each([
    ['valid', {}, 'ok'],
    ['phone missing', { phone: '' }, MSG.customerPhoneRequired],
    ['phone letters', { phone: '1391234567a' }, MSG.digitsOnly],
    ['phone short', { phone: '1391234567' }, MSG.phoneLength],
    ['number 0', { productList: [{ productId: 1, number: 0 }] }, ORDER_MSG.numberRange],
    ['number 11', { productList: [{ productId: 1, number: 11 }] }, ORDER_MSG.numberRange],
    ['remarks > 400', { remarks: 'x'.repeat(401) }, ORDER_MSG.text400],
    ['urgent price letters', { urgentFlag: '1', urgentType: 1, urgentPrice: '1a' }, MSG.positiveInteger],
    ['urgent price decimal', { urgentFlag: '1', urgentType: 1, urgentPrice: '1.5' }, MSG.positiveInteger],
    ['praise price zero', { praiseFlag: '1', praisePrice: 0 }, MSG.positiveInteger],
    ['surcharge price letters', { productList: [{ productId: 1, number: 1, omsSurchargeList: [{ name: '辅材', price: 'x', num: 1 }] }] }, MSG.positiveInteger],
    ['logistics half row', { logisticsVoList: [{ productId: 1, courierCompany: '中通快递', courierNum: '' }] }, MSG.logisticsIncomplete],
    ['顺丰 without phone', { logisticsVoList: [{ productId: 1, courierCompany: '顺丰速运', courierNum: 'SF1' }] }, MSG.logisticsIncomplete],
    ['顺丰 with phone', { logisticsVoList: [{ productId: 1, courierCompany: '顺丰速运', courierNum: 'SF1', phone: '13912345678' }] }, 'ok'],
    ['door time two days ago', { doorTime: '2000-01-01 15:30:00' }, ORDER_MSG.doorTimeInvalid],
    ['recycle in warranty', { serviceType: 5 }, ORDER_MSG.recycleOutOfWarrantyOnly],
    ['urgent out of warranty', { parole: 2, urgentFlag: '1', urgentType: 1, urgentPrice: 10 }, ORDER_MSG.extrasInWarrantyOnly],
    ['praise for repair', { serviceType: 2, productList: [{ productId: 1, number: 1, maintenanceType: 1 }], praiseFlag: '1', praisePrice: 5 }, ORDER_MSG.praiseInstallOnly],
    ['region missing', { districtId: '' }, MSG.regionRequired],
  ])('%s', (_n, patch, expected) => {
    expect(msg(orderAddBody, { ...validAdd, ...patch })).toBe(expected);
  });
  it('drops incomplete surcharges, empty logistics rows and empty technician contacts', () => {
    const r = orderAddBody.parse({
      ...validAdd,
      productList: [{ productId: 1, number: 2, omsSurchargeList: [{ name: '辅材', price: '30', num: 1 }, { name: '', price: 10, num: 1 }, { name: '高空', price: 0, num: 1 }] }],
      logisticsVoList: [{ productId: '', courierCompany: '', courierNum: '' }],
      technicalContacts: [{ name: '', phone: '' }, { name: '李工', phone: '13700137000' }],
    });
    expect(r.productList[0]!.omsSurchargeList).toEqual([{ id: null, pzId: null, name: '辅材', price: 30, num: 1 }]);
    expect(r.logisticsVoList).toEqual([]);
    expect(r.technicalContacts).toEqual([{ name: '李工', phone: '13700137000' }]);
  });
  it('allows a door time from yesterday on, in Shanghai days', () => {
    const now = Date.UTC(2026, 5, 10, 1, 0, 0); // 09:00 on 10 June in Shanghai
    expect(doorTimeAllowed('2026-06-09 00:00:00', now)).toBe(true);
    expect(doorTimeAllowed('2026-06-08 23:59:59', now)).toBe(false);
    expect(doorTimeAllowed('2026-06-10 15:30', now)).toBe(true);
  });
});

describe('other payloads', () => {
  const cm = { orderId: 1, realName: '韩梅梅', phone: '13912345678', ...region, detailAddress: '莲花路2号' };
  it.each([
    [{}, 'ok'],
    [{ realName: '' }, MSG.nameRequired],
    [{ realName: '韩'.repeat(51) }, INPUT_MSG.customerNameTooLong],
    [{ phone: '' }, MSG.phoneRequiredShort],
    [{ phone: '139-1234567' }, MSG.digitsOnly],
    [{ phone: '139123456789' }, MSG.phoneLength],
    [{ cityId: '' }, MSG.regionRequired],
    [{ detailAddress: '' }, MSG.nameRequired],
  ])('customer modify %o', (patch, expected) => expect(msg(customerModifyBody, { ...cm, ...patch })).toBe(expected));

  it('urgent: fee required, positive integer, name always 加急费', () => {
    expect(msg(urgentBody, { orderId: 1, urgentType: 1 })).toBe(MSG.feeRequired);
    expect(msg(urgentBody, { orderId: 1, urgentType: 1, urgentPrice: '' })).toBe(MSG.feeRequired);
    expect(msg(urgentBody, { orderId: 1, urgentType: 1, urgentPrice: '-3' })).toBe(MSG.positiveInteger);
    expect(urgentBody.parse({ orderId: 1, urgentType: 2, urgentPrice: '20', urgentName: 'x' })).toMatchObject({ urgentName: '加急费', urgentPrice: 20, urgentType: 2 });
  });
  it('reminder, marker, cancel, address text', () => {
    expect(msg(reminderBody, { orderId: 1, reminderContent: ' ' })).toBe(MSG.reminderRequired);
    expect(msg(reminderBody, { orderId: 1, reminderContent: 'x'.repeat(401) })).toBe(ORDER_MSG.text400);
    expect(markerBody.parse({ orderId: 1 }).markerType).toBe('gray');
    expect(msg(markerBody, { orderId: 1, markerType: 'pink' })).not.toBe('ok');
    expect(msg(markerBody, { orderId: 1, markerValue: 'x'.repeat(401) })).toBe(ORDER_MSG.text400);
    expect(msg(cancelBody, { ids: [], closeRemark: 'x' })).toBe(MSG.selectOrdersToCancel);
    expect(msg(cancelBody, { ids: '3,4', closeRemark: '' })).toBe(MSG.contentRequired);
    expect(cancelBody.parse({ ids: '3,4', closeRemark: '客户取消' }).ids).toEqual([3, 4]);
    expect(msg(addressTextBody, '  ')).toBe(MSG.addressTextRequired);
    expect(msg(addressTextBody, 'x'.repeat(401))).toBe(ORDER_MSG.text400);
  });
});

describe('state rules', () => {
  it('derives the action flags from the state', () => {
    expect(deriveStatusInfo({ status: 100, node: 110, parole: 1, urgentFlag: '0' })).toMatchObject({ isPay: true, isCancell: true, isUrgent: true, isReminder: false });
    expect(deriveStatusInfo({ status: 200, node: 210, parole: 1, urgentFlag: '1' })).toMatchObject({ isPay: false, isCancell: true, isUrgent: false, isReminder: true });
    expect(deriveStatusInfo({ status: 200, node: 210, parole: 1, followUpOfOpenCase: true })).toMatchObject({ isCancell: false, isReminder: true }); // decision 281
    expect(deriveStatusInfo({ status: 510, node: 530, parole: 2 })).toMatchObject({ isApprovalAccessories: true, isUrgent: false, isCancell: false });
    expect(deriveStatusInfo({ status: 650, node: 630 }).isFanJian).toBe(true);
    expect(deriveStatusInfo({ status: 600, node: 650 })).toMatchObject({ isPromotePositive: true, isCompletionConfirmation: true });
    expect(deriveStatusInfo({ status: 700, node: 710 })).toMatchObject({ isAfterSales: true, isCancell: false, isReminder: false });
  });
  it('shows virtual-taking orders as accepted or working', () => {
    expect(displayState({ status: 200, node: 210, virtualTaking: 1, doorTime: '2026-01-01 15:30:00' })).toEqual({ status: 500, node: 510 });
    expect(displayState({ status: 200, node: 210, virtualTaking: 1, doorTime: null })).toEqual({ status: 300, node: 310 });
    expect(displayState({ status: 200, node: 210, virtualTaking: 0 })).toEqual({ status: 200, node: 210 });
    expect(displayState({ status: 700, node: 710, virtualTaking: 1 })).toEqual({ status: 700, node: 710 });
  });
  it('draws the progress bar by spec 02 §4', () => {
    const states = (s: number) => progressSteps(s).steps.map((x) => x.state[0]).join('');
    expect(states(100)).toBe('fpwwww');
    expect(states(200)).toBe('ffpwww');
    expect(states(300)).toBe('fffwww');
    expect(states(500)).toBe('fffpww');
    expect(states(510)).toBe('fffpww');
    expect(states(600)).toBe('ffffpw');
    expect(states(700)).toBe('ffffff');
    expect(progressSteps(800).closed).toBe(true);
    expect(progressSteps(200).current).toBe(2);
  });
  it('makes the step the spec calls active the current one, for every status (step 3 until 500)', () => {
    // [status, step states f/p/w, current step index (0-based), closed]
    const table: Array<[number, string, number, boolean]> = [
      [100, 'fpwwww', 1, false],
      [200, 'ffpwww', 2, false],
      [210, 'ffpwww', 2, false],
      [300, 'fffwww', 2, false],
      [400, 'fffwww', 2, false],
      [310, 'fffpww', 3, false],
      [500, 'fffpww', 3, false],
      [510, 'fffpww', 3, false],
      [600, 'ffffpw', 4, false],
      [650, 'ffffpw', 4, false],
      [700, 'ffffff', 5, false],
      [900, 'ffffff', 5, false],
      [800, 'fwwwww', 1, true],
    ];
    for (const [status, states, current, closed] of table) {
      const p = progressSteps(status);
      expect([status, p.steps.map((x) => x.state[0]).join(''), p.current, p.closed]).toEqual([status, states, current, closed]);
    }
  });
});
