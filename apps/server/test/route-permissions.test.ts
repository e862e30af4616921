import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '@portal/domain/api-paths';
import { MSG } from '@portal/domain/messages';
import { PLATFORM_ORDER_API } from '@portal/domain/orders-platform';
import { CUSTOMER_API } from '@portal/domain/customer-page';
import { APPOINTMENT_API } from '@portal/domain/contract/appointments';
import { PERM } from '@portal/domain/permissions';
import { EXTRA_FEE_API, PLATFORM_EXTRA_FEE_API } from '@portal/domain/extra-fees';
import type { Access } from '../src/plugins/context';
import { addOrder, balanceOf, createProduct, fund, ledgerSum, REGION } from '../src/modules/orders/orders.fixtures';
import { createOperator, createSubAccount, createVendor, get, post, startTestApp, type TestApp } from './helper';
import { SAMPLE, upload } from './upload';
import { fillWorkbook, postFile, validRow } from '../src/modules/order-import/order-import.fixtures';

// Issue 13 finding 4 (docs/decisions/115): every /api route is listed here with the access it must
// declare; a route the app registers that this table does not know fails the first test, so a new route
// comes with its expected access. Every order route is then called by sub-accounts without keys, with
// only the list key, with data scope "own", and with all keys: 403 没有权限 / 404 change nothing.

const L = PERM.orderList;
const EXPECTED: Record<string, Access> = {
  // sign-in, site, files
  'GET /api/common/captchaImage': 'public',
  'POST /api/sendCode': 'public',
  'POST /api/sendPhoneSmsCode': 'user',
  'POST /api/login': 'public',
  'POST /api/login/mobile': 'public',
  'POST /api/register': 'public',
  'POST /api/update/forget': 'public',
  'POST /api/quit': 'user',
  'POST /api/logoff': 'main',
  'POST /api/update/pass': PERM.userSafe,
  'POST /api/update/changePhoneCaptcha': PERM.userSafe,
  'POST /api/update/changePhone': PERM.userSafe,
  'GET /api/app/user/getUserInfo': 'user',
  'GET /api/app/config/:key': 'public',
  'GET /api/app/config/agreement/:id': 'public',
  'GET /api/app/notice/list': 'public',
  'POST /api/common/listProvinceCity': 'public',
  'POST /api/common/uploadFile': 'user',
  'POST /api/common/getToken': 'user',
  'GET /api/dev/outbox': 'public',
  'GET /api/dev/captcha/:uuid': 'public',
  // operations probes (decision 134)
  'GET /api/health': 'public',
  'GET /api/ready': 'public',
  // the API's OpenAPI document and its page (decision 150)
  'GET /api/openapi.json': 'public',
  'GET /api/docs': 'public',
  'GET /api/docs/json': 'public',
  'GET /api/docs/yaml': 'public',
  'GET /api/docs/static/index.html': 'public',
  'GET /api/docs/static/swagger-initializer.js': 'public',
  'GET /api/docs/static/*': 'public',
  // accounts
  'GET /api/app/user/getManufacturerInfo': PERM.userInfo,
  'GET /api/app/user/orderFormInfo': PERM.orderAdd,
  'POST /api/app/user/editManufacturerInfo': PERM.userInfo,
  'GET /api/app/user/getSubAccounts': 'main',
  'POST /api/app/user/addSubAccounts': 'main',
  'POST /api/app/user/upSubAccounts': 'main',
  'POST /api/app/user/deleteSubAccounts/:id': 'main',
  'GET /api/app/user/getSubAccountMenu/:id': 'main',
  'POST /api/app/user/addSubAccountsMenu/:id': 'main',
  'POST /api/app/user/delectSubAccountMenu/:menuId/:userId': 'main',
  'POST /api/app/user/setSubAccountMenuAll/:userId/:flag': 'main',
  'POST /api/app/user/upDataSubAccountsMenu/:id': 'main',
  // knowledge, products, wallet, gallery
  'GET /api/app/base/list': PERM.baseList,
  'POST /api/app/base': PERM.baseEdit,
  'POST /api/app/base/edit': PERM.baseEdit,
  'POST /api/app/base/remove/:id': PERM.baseEdit,
  'POST /api/app/base/download': PERM.baseList,
  'GET /api/app/category/list': 'user',
  'GET /api/app/products/list': PERM.productList,
  'POST /api/app/products': PERM.productAdd,
  'POST /api/app/products/update': PERM.productEdit,
  'POST /api/app/products/delete/:ids': PERM.productRemove,
  'GET /api/app/products/lastOrderProduct': PERM.productList,
  'GET /api/app/wallet/getInfo': 'user',
  'POST /api/app/recordss': PERM.accountRecharge,
  'GET /api/app/records/list': PERM.accountList,
  'POST /api/app/records/export': PERM.accountList,
  // statements, invoices, trend (issue 20, decisions 180–182)
  'GET /api/app/statement/list': PERM.accountList,
  'GET /api/app/statement/:month': PERM.accountList,
  'POST /api/app/statement/:month/export': PERM.accountList,
  'POST /api/app/invoice/apply': PERM.invoiceApply,
  'GET /api/app/invoice/list': PERM.accountList,
  'GET /api/app/invoice/invoiceable': PERM.accountList,
  'GET /api/app/order/trend': PERM.accountList,
  'GET /api/platform/invoice/list': 'platform',
  'POST /api/platform/invoice/issue/:id': 'platform',
  'POST /api/platform/invoice/reject/:id': 'platform',
  'POST /api/platform/invoice/red/:id': 'platform',
  'GET /api/app/completion/list': PERM.orderFinish,
  'POST /api/app/completion/download': PERM.orderFinish,
  // after-sales
  'GET /api/app/afterSales/list': PERM.afterSaleList,
  'GET /api/app/afterSales/:id': PERM.afterSaleList,
  'POST /api/app/afterSales/selectCmsReasonList/:type': 'user',
  'POST /api/app/afterSales/application': [L, PERM.orderAfter],
  'POST /api/app/afterSales/cancel/:id': PERM.afterSaleCancel,
  // orders: the list key is the way in, plus the action's own key (spec 02 §6)
  'GET /api/app/order/list': L,
  'POST /api/app/order/add': PERM.orderAdd,
  // bulk import: a way of creating orders (issue 18)
  'GET /api/app/order/import/template': PERM.orderAdd,
  'POST /api/app/order/import': PERM.orderAdd,
  'POST /api/app/order/import/result': PERM.orderAdd,
  'POST /api/app/order/cancel': [L, PERM.orderCancel],
  'POST /api/app/order/customer/modify': [L, PERM.orderModify],
  'POST /api/app/order/orderUrgent': [L, PERM.orderSpeed],
  'POST /api/app/order/reminder': L,
  'POST /api/app/order/marker': L,
  'POST /api/app/order/pay/:id': [L, PERM.orderPay],
  'POST /api/app/order/confirmation/:id': [L, PERM.orderConfirmation],
  'GET /api/app/order/clickCopy/:id': L,
  'GET /api/app/order/showMessage': L,
  'GET /api/app/order/logistics': L,
  'GET /api/app/order/dealtWithOrder': L,
  'GET /api/app/order/orderStatistics': L,
  'GET /api/app/order/quicklyOrder': L,
  'POST /api/app/order/export': [L, PERM.orderExport],
  'GET /api/app/application/list': L,
  'GET /api/app/application/getLast/:id': L,
  'GET /api/app/submission/info/:id': L,
  'POST /api/app/submission/add': L,
  'GET /api/app/detail/information/:id': L,
  'GET /api/app/information/getInfo/:id': L,
  'GET /api/app/information/:id': L,
  'GET /api/common/information/getInfo/:a/:b': L,
  'POST /api/app/information/audit': L,
  'GET /api/app/praise/getInfo/:id': L,
  'GET /api/app/praise/info/:id': L,
  'GET /api/app/praise/audit': L,
  'GET /api/app/fees/:id': L,
  'GET /api/app/surcharge/:id': L,
  'GET /api/app/order/:id': L,
  // the order form's data about the vendor: behind the create key, as the form is (decision 227)
  'GET /api/app/order/getContactInfo': PERM.orderAdd,
  'GET /api/app/SysManufacturerOutlet/discount/list': PERM.orderAdd,
  // the products the form offers: the create key, not 产品管理's (decision 280)
  'GET /api/app/order/products': PERM.orderAdd,
  // reference data of the order form: no order's data (decision 115)
  'GET /api/app/order/receiveOrderAllCount': 'user',
  'GET /api/app/company/list': 'user',
  'GET /api/app/service/list': 'user',
  'GET /api/app/dealerOutlet/exitsDealerOutletByDistrictId': 'user',
  'POST /api/common/maintain/area/resolution/*': 'user',
  'POST /api/common/maintain/area/resolution': 'user',
  'GET /api/common/maintain/area/getLonlatByAddress': 'user',
  // operator console
  'POST /api/platform/login': 'public',
  'POST /api/platform/quit': 'platform',
  'GET /api/platform/me': 'platform',
  'POST /api/platform/uploadFile': 'platform',
  'POST /api/platform/getToken': 'platform',
  'GET /api/platform/products/list': 'platform',
  'GET /api/platform/products/:id': 'platform',
  'POST /api/platform/products/pass': 'platform',
  'POST /api/platform/products/reject': 'platform',
  'GET /api/platform/wallet/recharges': 'platform',
  'POST /api/platform/wallet/recharges/:id/confirm': 'platform',
  'POST /api/platform/wallet/recharges/:id/reject': 'platform',
  'GET /api/platform/wallet/vendors': 'platform',
  'GET /api/platform/wallet/vendors/:vendorId/records': 'platform',
  'POST /api/platform/wallet/adjust': 'platform',
  'GET /api/platform/afterSales/list': 'platform',
  'GET /api/platform/afterSales/:id': 'platform',
  'POST /api/platform/afterSales/approve/:id': 'platform',
  'POST /api/platform/afterSales/reject/:id': 'platform',
  'POST /api/platform/afterSales/processing/:id': 'platform',
  'POST /api/platform/afterSales/complete/:id': 'platform',
  'GET /api/platform/orders/list': 'platform',
  'GET /api/platform/orders/:id': 'platform',
  'POST /api/platform/orders/:id/:action': 'platform',
  'GET /api/platform/masters/list': 'platform',
  // open API keys and webhooks (issue 18, decisions 168–172): main account only
  'POST /api/app/openapi/keys': 'main',
  'GET /api/app/openapi/keys': 'main',
  'POST /api/app/openapi/keys/remove/:id': 'main',
  'POST /api/app/webhooks': 'main',
  'GET /api/app/webhooks': 'main',
  'POST /api/app/webhooks/edit/:id': 'main',
  'POST /api/app/webhooks/remove/:id': 'main',
  'POST /api/app/webhooks/test/:id': 'main',
  'GET /api/app/webhooks/:id/deliveries': 'main',
  'POST /api/app/webhooks/deliveries/redeliver/:id': 'main',
  // notification centre and timeliness (issue 19, decisions 173–178): each user sees what its scope covers
  'GET /api/app/notifications/list': 'user',
  'POST /api/app/notifications/read': 'user',
  'POST /api/app/notifications/ticket': 'user',
  'GET /api/app/notifications/stream': 'public',
  'GET /api/app/notifications/prefs': 'user',
  'POST /api/app/notifications/prefs': 'user',
  'GET /api/app/sla/summary': L,
  'GET /api/platform/sla/targets': 'platform',
  'POST /api/platform/sla/targets': 'platform',
  // the end customer's page (issue 47): public, its link's token in a header; the merchant's and the console's view of it
  'GET /api/customer/order': 'public',
  'POST /api/customer/order/confirm': 'public',
  'POST /api/customer/order/reschedule': 'public',
  'POST /api/customer/order/rate': 'public',
  'POST /api/customer/order/problem': 'public',
  'POST /api/customer/upload': 'public',
  'GET /api/app/order/customerService/:id': L,
  'POST /api/app/order/customerLink/resend/:id': [L, PERM.orderModify],
  'POST /api/app/order/customerLink/revoke/:id': [L, PERM.orderModify],
  'GET /api/app/ratings/summary': L,
  'GET /api/platform/orders/:id/customerService': 'platform',
  // extra fees and price caps (issue 46, decisions 250–254): the order block under the list key, deciding under its own key
  'GET /api/app/extraFees/order/:id': L,
  'POST /api/app/extraFees/approve/:id': [L, PERM.orderExtraFee],
  'POST /api/app/extraFees/reject/:id': [L, PERM.orderExtraFee],
  'GET /api/app/extraFeeCaps': PERM.extraFeeCapList,
  'POST /api/app/extraFeeCaps': PERM.extraFeeCapEdit,
  'POST /api/app/extraFeeCaps/remove/:id': PERM.extraFeeCapEdit,
  'GET /api/app/extraFeeCaps/logs': PERM.extraFeeCapList,
  'GET /api/app/extraFeeCaps/settings': PERM.extraFeeCapList,
  'POST /api/app/extraFeeCaps/settings': PERM.extraFeeCapEdit,
  'GET /api/platform/extraFees/order/:id': 'platform',
  'POST /api/platform/extraFees/order/:id': 'platform',
  'GET /api/platform/extraFees/list': 'platform',
  // appointment windows and the timeliness credit (issue 46, decisions 255–259)
  'GET /api/app/order/appointment/:id': L,
  'POST /api/app/order/reschedule': L,
  'GET /api/platform/orders/:id/appointment': 'platform',
  'GET /api/platform/timeliness/rules': 'platform',
  'POST /api/platform/timeliness/rules': 'platform',
  'POST /api/platform/timeliness/rules/remove/:id': 'platform',
};

const keysOf = (a: Access): string[] => (typeof a === 'string' ? (a.startsWith('app:') ? [a] : []) : [...a]);
/** Routes that read or act on orders: those whose access names an order key (the gallery's app:order:finish aside). */
const isOrderRoute = (a: Access) => keysOf(a).some((k) => k.startsWith('app:order:') && k !== PERM.orderFinish);

type Res = Awaited<ReturnType<typeof get>>;
interface Ids {
  fresh: number; parts: number; material: number; ret: number; returnRec: number; praise: number; praiseRec: number; confirm: number; done: number; booked: number;
  /** pending extra fees of the main account's orders in service (issue 46): one to approve, one to reject */
  fee: number; fee2: number;
}
/** One call per order route. `act` marks a call that writes when allowed; `key` an action's own key. */
interface OrderCall { act: boolean; call: (token: string, ids: Ids) => Promise<Res> }

const ORDER_CALLS: Record<string, OrderCall> = {
  'GET /api/app/order/list': { act: false, call: (token) => get(t, API.orderList, { token }) },
  'GET /api/app/sla/summary': { act: false, call: (token) => get(t, API.slaSummary, { token }) },
  'POST /api/app/order/add': { act: true, call: (token) => post(t, API.orderAdd, payload(), { token }) },
  'GET /api/app/order/import/template': { act: false, call: (token) => get(t, API.orderImportTemplate, { token }) },
  'GET /api/app/order/getContactInfo': { act: false, call: (token) => get(t, API.orderContactInfo, { token }) },
  'GET /api/app/SysManufacturerOutlet/discount/list': { act: false, call: (token) => get(t, API.outletDiscounts, { token }) },
  'GET /api/app/order/products': { act: false, call: (token) => get(t, API.orderFormProducts, { token }) },
  'GET /api/app/user/orderFormInfo': { act: false, call: (token) => get(t, API.orderFormInfo, { token }) },
  'POST /api/app/order/import': { act: true, call: async (token) => postFile(t, token, await importFile()) },
  'POST /api/app/order/import/result': { act: false, call: async (token) => postFile(t, token, await importFile(), { path: API.orderImportResult }) },
  'GET /api/app/order/:id': { act: false, call: (token, i) => get(t, API.order(i.fresh), { token }) },
  'GET /api/app/order/clickCopy/:id': { act: false, call: (token, i) => get(t, API.orderCopy(i.fresh), { token }) },
  'GET /api/app/order/showMessage': { act: false, call: (token) => get(t, API.orderShowMessage, { token, query: { phone: CUSTOMER_PHONE } }) },
  'GET /api/app/order/logistics': { act: false, call: (token, i) => get(t, API.orderLogistics, { token, query: { orderId: i.parts } }) },
  'GET /api/app/order/dealtWithOrder': { act: false, call: (token) => get(t, API.dealtWithOrder, { token }) },
  'GET /api/app/order/orderStatistics': { act: false, call: (token) => get(t, API.orderStatistics, { token }) },
  'GET /api/app/order/quicklyOrder': { act: false, call: (token) => get(t, API.quicklyOrder, { token }) },
  'GET /api/app/application/list': { act: false, call: (token, i) => get(t, API.applicationList, { token, query: { orderId: i.parts } }) },
  'GET /api/app/application/getLast/:id': { act: false, call: (token, i) => get(t, API.applicationLast(i.parts), { token }) },
  'GET /api/app/submission/info/:id': { act: false, call: (token, i) => get(t, API.submissionInfo(i.material), { token }) },
  'GET /api/app/detail/information/:id': { act: false, call: (token, i) => get(t, API.detailInformation(i.done), { token }) },
  'GET /api/app/information/getInfo/:id': { act: false, call: (token, i) => get(t, API.returnInfo(i.ret), { token }) },
  'GET /api/app/information/:id': { act: false, call: (token, i) => get(t, API.returnRecord(i.returnRec), { token }) },
  'GET /api/common/information/getInfo/:a/:b': { act: false, call: (token, i) => get(t, `/api/common/information/getInfo/${i.ret}/${i.returnRec}`, { token }) },
  'GET /api/app/praise/getInfo/:id': { act: false, call: (token, i) => get(t, API.praiseInfo(i.praise), { token }) },
  'GET /api/app/praise/info/:id': { act: false, call: (token, i) => get(t, API.praiseRecord(i.praiseRec), { token }) },
  'GET /api/app/fees/:id': { act: false, call: (token, i) => get(t, API.fees(i.fresh), { token }) },
  'GET /api/app/surcharge/:id': { act: false, call: (token, i) => get(t, API.surcharge(i.fresh), { token }) },
  'POST /api/app/order/export': { act: false, call: (token, i) => post(t, API.orderExport, { listOrderId: [i.fresh] }, { token }) },
  'POST /api/app/order/marker': { act: true, call: (token, i) => post(t, API.orderMarker, { orderId: i.fresh, markerValue: '重点客户' }, { token }) },
  'POST /api/app/order/customer/modify': {
    act: true,
    call: (token, i) => post(t, API.orderCustomerModify, { orderId: i.fresh, realName: '韩梅梅', phone: '13700001111', ...REGION, detailAddress: '虹梅路1号' }, { token }),
  },
  'POST /api/app/order/orderUrgent': { act: true, call: (token, i) => post(t, API.orderUrgent, { orderId: i.fresh, urgentPrice: '20', urgentType: 1 }, { token }) },
  'POST /api/app/order/pay/:id': { act: true, call: (token, i) => post(t, API.orderPay(i.fresh), {}, { token }) },
  'POST /api/app/order/reminder': { act: true, call: (token, i) => post(t, API.orderReminder, { orderId: i.fresh, reminderContent: '请尽快安排' }, { token }) },
  'POST /api/app/order/cancel': { act: true, call: (token, i) => post(t, API.orderCancel, { ids: [i.fresh], closeRemark: '客户改期' }, { token }) },
  'POST /api/app/submission/add': {
    act: true,
    call: (token, i) => post(t, API.submissionAdd, { orderId: i.parts, materialSubmissionId: i.material, company: '顺丰速运', trackingNum: 'SF9', phone: '13912345678' }, { token }),
  },
  'POST /api/app/information/audit': { act: true, call: (token, i) => post(t, API.returnAudit, {}, { token, query: { orderId: i.ret, audit: 1 } }) },
  'GET /api/app/praise/audit': { act: true, call: (token, i) => get(t, API.praiseAudit, { token, query: { orderId: i.praise, audit: 1 } }) },
  'POST /api/app/order/confirmation/:id': { act: true, call: (token, i) => post(t, API.orderConfirmation(i.confirm), {}, { token }) },
  'GET /api/app/order/customerService/:id': { act: false, call: (token, i) => get(t, CUSTOMER_API.service(i.parts), { token }) },
  'POST /api/app/order/customerLink/revoke/:id': { act: true, call: (token, i) => post(t, CUSTOMER_API.revoke(i.parts), {}, { token }) },
  'POST /api/app/order/customerLink/resend/:id': { act: true, call: (token, i) => post(t, CUSTOMER_API.resend(i.parts), {}, { token }) },
  'GET /api/app/ratings/summary': { act: false, call: (token) => get(t, CUSTOMER_API.ratingSummary, { token }) },
  'GET /api/app/extraFees/order/:id': { act: false, call: (token, i) => get(t, EXTRA_FEE_API.ofOrder(i.parts), { token }) },
  'POST /api/app/extraFees/approve/:id': { act: true, call: (token, i) => post(t, EXTRA_FEE_API.approve(i.fee), {}, { token }) },
  'POST /api/app/extraFees/reject/:id': { act: true, call: (token, i) => post(t, EXTRA_FEE_API.reject(i.fee2), { reason: '不认可' }, { token }) },
  'GET /api/app/order/appointment/:id': { act: false, call: (token, i) => get(t, APPOINTMENT_API.view(i.parts), { token }) },
  'POST /api/app/order/reschedule': {
    act: true,
    call: (token, i) => post(t, APPOINTMENT_API.reschedule, { orderId: i.booked, appointDate: new Date(Date.now() + 3 * 86_400_000 + 8 * 3_600_000).toISOString().slice(0, 10), appointSlot: 'am', reason: '客户改期' }, { token }),
  },
  'POST /api/app/afterSales/application': {
    act: true,
    call: (token, i) => post(t, API.afterSaleApply, { orderId: i.done, type: 1, money: '50', reasons: ['师傅上门损坏客户财物'], description: '安装时磕坏了客户的木地板' }, { token }),
  },
};

const CUSTOMER_PHONE = '13912345678';
/** Routes that create orders: a create key, not the list key (sub-accounts without it are refused, not scoped). */
const CREATE_ROUTES = new Set([
  'POST /api/app/order/add', 'GET /api/app/order/import/template', 'POST /api/app/order/import', 'POST /api/app/order/import/result',
  'GET /api/app/order/getContactInfo', 'GET /api/app/SysManufacturerOutlet/discount/list', 'GET /api/app/order/products',
  'GET /api/app/user/orderFormInfo',
]);
/** Routes answering a file. */
const FILE_ROUTES = new Set(['POST /api/app/order/export', 'GET /api/app/order/import/template', 'POST /api/app/order/import/result']);
const importFile = async () => {
  const { model_name } = await t.db.selectFrom('products').select('model_name').where('id', '=', product).executeTakeFirstOrThrow();
  return fillWorkbook([validRow(model_name, { phone: CUSTOMER_PHONE })]);
};
let t: TestApp;
let v: Awaited<ReturnType<typeof createVendor>>;
let op: Awaited<ReturnType<typeof createOperator>>;
let product: number;
let ids: Ids;
const payload = () => ({
  parole: 1, serviceType: 1, realName: '李雷', phone: CUSTOMER_PHONE, ...REGION, detailAddress: '莲花南路1500弄3号', productList: [{ productId: product, number: 1 }],
});

const act = async (id: number, action: string, body: Record<string, unknown> = {}) => {
  const r = await post(t, PLATFORM_ORDER_API.action(id, action as never), body, { token: op.token, role: 'platform' });
  if (r.body.code !== 200) throw new Error(`${action}: ${r.body.msg}`);
};
const opPic = async () => (await upload(t, op.token, { name: 'p.png', content: SAMPLE.png }, 'order', { platform: true })).body.data!.fileUrl as string;

/** An order of the main account walked by the operator console up to `stage`. */
async function orderAt(stage: 'fresh' | 'booked' | 'parts' | 'completion' | 'return' | 'praise' | 'done') {
  const id = await addOrder(t, v.token, [product], { phone: CUSTOMER_PHONE, returnParts: '1', praiseFlag: '1', praisePrice: '10' });
  if (stage === 'fresh') return id;
  expect((await post(t, API.orderPay(id), {}, { token: v.token })).body.code).toBe(200);
  const masters = (await get(t, PLATFORM_ORDER_API.masters, { token: op.token, role: 'platform', query: { cityCode: '310100' } })).body.data;
  await act(id, 'dispatch', { masterId: masters[0].id });
  await act(id, 'accept');
  await act(id, 'appointment', { doorTime: '2099-01-01 15:30:00' });
  if (stage === 'booked') return id;
  await act(id, 'checkIn');
  await act(id, 'submitMaterials', { remarks: '安装支架一套', pictures: [{ fileUrl: await opPic() }] });
  await act(id, 'requestParts', { applyAccessories: '遥控器一个' });
  if (stage === 'parts') return id;
  const material = (await get(t, API.applicationLast(id), { token: v.token })).body.data;
  await post(t, API.submissionAdd, { orderId: id, materialSubmissionId: material.id, company: '顺丰速运', trackingNum: 'SF1', phone: '13912345678' }, { token: v.token });
  await act(id, 'partsArrived');
  const lineId = (await get(t, API.order(id), { token: v.token })).body.data.productList[0].id;
  await act(id, 'requestCompletion', { pictures: [{ fileUrl: await opPic(), orderProductId: lineId }], visitOverride: '客户不在场' });
  if (stage === 'completion') return id;
  await act(id, 'requestReturn', { expressCompanyName: '中通快递', expressNumber: 'ZT100', expressFee: '12', paymentType: 0 });
  if (stage === 'return') return id;
  expect((await post(t, API.returnAudit, {}, { token: v.token, query: { orderId: id, audit: 1 } })).body.code).toBe(200);
  await act(id, 'requestPraise', { pictures: [{ fileUrl: await opPic() }] });
  if (stage === 'praise') return id;
  expect((await get(t, API.praiseAudit, { token: v.token, query: { orderId: id, audit: 1 } })).body.code).toBe(200);
  expect((await post(t, API.orderConfirmation(id), {}, { token: v.token })).body.code).toBe(200);
  return id;
}

/** Everything an order route could write or charge for the vendor. */
async function snapshot() {
  const vid = v.vendorId;
  const rows = (table: 'orders' | 'account_records' | 'after_sales' | 'order_reminders' | 'material_submissions' | 'return_records' | 'praise_records' | 'order_operate_records' | 'extra_fees') =>
    t.db.selectFrom(table).selectAll().where('vendor_id', '=', vid).orderBy('id').execute();
  const [orders, ledger, cases, reminders, materials, returns, praises, logs, fees] = await Promise.all(
    (['orders', 'account_records', 'after_sales', 'order_reminders', 'material_submissions', 'return_records', 'praise_records', 'order_operate_records', 'extra_fees'] as const).map(rows),
  );
  return { balance: await balanceOf(t, vid), orders, ledger, cases, reminders, materials, returns, praises, logs, fees };
}

const routeKeys = () => t.app.routeAccess.filter((r) => r.method !== 'HEAD').map((r) => `${r.method} ${r.url}`);

beforeAll(async () => {
  t = await startTestApp();
  v = await createVendor(t);
  op = await createOperator(t);
  product = await createProduct(t, v.vendorId, v.userId);
  await fund(t, v.vendorId, 1_000_000);
  const [fresh, parts, ret, praise, confirm, done] = [
    await orderAt('fresh'), await orderAt('parts'), await orderAt('return'), await orderAt('praise'), await orderAt('completion'), await orderAt('done'),
  ];
  const material = await t.db.selectFrom('material_submissions').select('id').where('order_id', '=', parts).executeTakeFirstOrThrow();
  const returnRec = await t.db.selectFrom('return_records').select('id').where('order_id', '=', ret).executeTakeFirstOrThrow();
  const praiseRec = await t.db.selectFrom('praise_records').select('id').where('order_id', '=', praise).executeTakeFirstOrThrow();
  const parts2 = await orderAt('parts');
  const askFee = async (orderId: number) => {
    const r = await post(t, PLATFORM_EXTRA_FEE_API.ofOrder(orderId), { reason: 'remote', amount: '30' }, { token: op.token, role: 'platform' });
    if (r.body.code !== 200) throw new Error(`extra fee: ${r.body.msg}`);
    return r.body.data.id as number;
  };
  ids = { fresh, parts, material: material.id, ret, returnRec: returnRec.id, praise, praiseRec: praiseRec.id, confirm, done, fee: await askFee(parts), fee2: await askFee(parts2), booked: await orderAt('booked') };
}, 60_000);
afterAll(async () => t?.close());

describe('the route table (every /api route declares the access this table expects)', () => {
  it('lists every registered route, and each declares exactly the expected access', () => {
    const registered = routeKeys();
    const missing = registered.filter((k) => !(k in EXPECTED));
    expect(missing, 'routes without an expected access in route-permissions.test.ts').toEqual([]);
    const gone = Object.keys(EXPECTED).filter((k) => !registered.includes(k));
    expect(gone, 'expected routes the app does not register').toEqual([]);
    for (const r of t.app.routeAccess) {
      const key = `${r.method === 'HEAD' ? 'GET' : r.method} ${r.url}`;
      expect(r.access, key).toEqual(EXPECTED[key]);
    }
  });

  it('has a call for every order route below, so each one is proved', () => {
    const orderRoutes = Object.entries(EXPECTED).filter(([, a]) => isOrderRoute(a)).map(([k]) => k).sort();
    expect(Object.keys(ORDER_CALLS).sort()).toEqual(orderRoutes);
  });
});

/** Routes that name no order: for a sub-account with data scope "own" and no orders of its own, nothing. */
const OWN_COLLECTIONS: Record<string, (res: Res) => void> = {
  'GET /api/app/order/list': (r) => expect(r.body).toMatchObject({ code: 200, total: 0, rows: [] }),
  'GET /api/app/order/quicklyOrder': (r) => expect(r.body).toMatchObject({ code: 200, total: 0, rows: [] }),
  'GET /api/app/order/orderStatistics': (r) => expect(r.body).toMatchObject({ code: 200, data: { total: 0 } }),
  'GET /api/app/order/dealtWithOrder': (r) => expect(r.body).toMatchObject({ code: 200, data: 0 }),
  'GET /api/app/order/showMessage': (r) => expect(r.body).toMatchObject({ code: 200, data: { warn: false, orders: [] } }),
  'GET /api/app/sla/summary': (r) => expect(r.body).toMatchObject({ code: 200, data: { overdue: 0, soon: 0 } }),
  'GET /api/app/ratings/summary': (r) => expect(r.body).toMatchObject({ code: 200, data: { total: { count: 0 } } }),
  // an export of none of its own orders: the header row only
  'POST /api/app/order/export': (r) => expect(r.res.headers['content-type']).toContain('spreadsheet'),
};

describe('order routes for sub-accounts (finding 4)', () => {
  const forbidden = { code: 403, msg: MSG.forbidden };

  it('refuses a sub-account with no permission keys on every order route, writing and charging nothing', async () => {
    const none = await createSubAccount(t, v.vendorId, []);
    const before = await snapshot();
    const results = await Promise.all(Object.entries(ORDER_CALLS).map(async ([k, c]) => [k, (await c.call(none.token, ids)).body] as const));
    for (const [k, body] of results) expect(body, k).toMatchObject(forbidden);
    expect(await snapshot()).toEqual(before);
  });

  it('refuses a sub-account holding only the action keys (no app:order:list) on every order route but create', async () => {
    const actionsOnly = await createSubAccount(t, v.vendorId, [121, 122, 123, 124, 125, 126, 127, 128]);
    const before = await snapshot();
    for (const [k, c] of Object.entries(ORDER_CALLS)) {
      if (CREATE_ROUTES.has(k)) continue;
      expect((await c.call(actionsOnly.token, ids)).body, k).toMatchObject(forbidden);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('lets a sub-account with only app:order:list read, but not act where the spec names an action key', async () => {
    const listOnly = await createSubAccount(t, v.vendorId, [[12, 0]]);
    const before = await snapshot();
    for (const [k, c] of Object.entries(ORDER_CALLS)) {
      const needsActionKey = keysOf(EXPECTED[k]!).some((key) => key !== L);
      if (c.act && !needsActionKey) continue; // list-gated actions are proved by the last test
      const res = await c.call(listOnly.token, ids);
      if (needsActionKey) expect(res.body, k).toMatchObject(forbidden);
      else expect(res.body, k).toMatchObject({ code: 200 });
    }
    expect(await snapshot()).toEqual(before);
  });

  it('answers 404 to a sub-account with data scope "own" on every order route that names another user’s order', async () => {
    const own = await createSubAccount(t, v.vendorId, [[12, 1], 121, 122, 123, 124, 125, 126, 127, 128]);
    const before = await snapshot();
    for (const [k, c] of Object.entries(ORDER_CALLS)) {
      if (CREATE_ROUTES.has(k)) continue;
      const res = await c.call(own.token, ids);
      const collection = OWN_COLLECTIONS[k];
      if (collection) collection(res);
      else expect(res.body.code, k).toBe(404);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('lets a sub-account with the list key and every action key do each of them (so the refusals above were the keys)', async () => {
    const full = await createSubAccount(t, v.vendorId, [[11, 0], [12, 0], 121, 122, 123, 124, 125, 126, 127, 128]);
    for (const [k, c] of Object.entries(ORDER_CALLS)) {
      const res = await c.call(full.token, ids);
      if (FILE_ROUTES.has(k)) expect(res.status, k).toBe(200);
      else expect(res.body, k).toMatchObject({ code: 200 });
    }
    expect(await balanceOf(t, v.vendorId)).toBe(await ledgerSum(t, v.vendorId));
  });
});

// Issue 44 (decision 227): every read is walked too. Each GET a vendor user can call (and each POST that
// only reads: downloads, exports, look-ups) has a call below; a sub-account holding no keys gets 403 on
// every one the route table puts behind a key or the main account, and only the reads in OPEN_READS
// answer it — each open on purpose: what every signed-in user needs, or what is its own.
type ReadCall = (token: string) => Promise<Res>;
const MONTH = '2026-11';
const READ_CALLS: Record<string, ReadCall> = {
  'GET /api/app/user/getUserInfo': (token) => get(t, API.userInfo, { token }),
  'GET /api/app/user/getManufacturerInfo': (token) => get(t, API.manufacturerInfo, { token }),
  'GET /api/app/user/orderFormInfo': (token) => get(t, API.orderFormInfo, { token }),
  'GET /api/app/user/getSubAccounts': (token) => get(t, API.subAccounts, { token }),
  'GET /api/app/user/getSubAccountMenu/:id': (token) => get(t, API.subAccountMenu(v.userId), { token }),
  'GET /api/app/base/list': (token) => get(t, API.baseList, { token }),
  'POST /api/app/base/download': (token) => post(t, API.baseDownload, { ids: [1] }, { token }),
  'GET /api/app/category/list': (token) => get(t, API.categoryList, { token }),
  'GET /api/app/products/list': (token) => get(t, API.productList, { token }),
  'GET /api/app/products/lastOrderProduct': (token) => get(t, API.lastOrderProduct, { token }),
  'GET /api/app/wallet/getInfo': (token) => get(t, API.wallet, { token }),
  'GET /api/app/records/list': (token) => get(t, API.records, { token }),
  'POST /api/app/records/export': (token) => post(t, API.recordsExport, {}, { token }),
  'GET /api/app/statement/list': (token) => get(t, '/api/app/statement/list', { token }),
  'GET /api/app/statement/:month': (token) => get(t, `/api/app/statement/${MONTH}`, { token }),
  'POST /api/app/statement/:month/export': (token) => post(t, `/api/app/statement/${MONTH}/export`, {}, { token }),
  'GET /api/app/invoice/list': (token) => get(t, '/api/app/invoice/list', { token }),
  'GET /api/app/invoice/invoiceable': (token) => get(t, '/api/app/invoice/invoiceable', { token }),
  'GET /api/app/order/trend': (token) => get(t, '/api/app/order/trend', { token }),
  'GET /api/app/completion/list': (token) => get(t, API.galleryList, { token }),
  'POST /api/app/completion/download': (token) => post(t, API.galleryDownload, { ids: [1] }, { token }),
  'GET /api/app/afterSales/list': (token) => get(t, API.afterSaleList, { token }),
  'GET /api/app/afterSales/:id': (token) => get(t, API.afterSale(1), { token }),
  'POST /api/app/afterSales/selectCmsReasonList/:type': (token) => post(t, API.afterSaleReasons(1), {}, { token }),
  'GET /api/app/order/receiveOrderAllCount': (token) => get(t, API.receiveOrderAllCount, { token }),
  'GET /api/app/company/list': (token) => get(t, API.companyList, { token }),
  'GET /api/app/service/list': (token) => get(t, API.serviceList, { token }),
  'GET /api/app/dealerOutlet/exitsDealerOutletByDistrictId': (token) => get(t, API.dealerOutletExists, { token, query: { districtId: REGION.districtId } }),
  'POST /api/common/maintain/area/resolution/*': (token) => post(t, API.areaResolution('上海市闵行区莲花南路1号'), {}, { token }),
  'POST /api/common/maintain/area/resolution': (token) => post(t, '/api/common/maintain/area/resolution', { text: '上海市闵行区莲花南路1号' }, { token }),
  'GET /api/common/maintain/area/getLonlatByAddress': (token) => get(t, API.geocode, { token, query: { address: '莲花南路1号', city: '上海市' } }),
  'GET /api/app/openapi/keys': (token) => get(t, API.openapiKeys, { token }),
  'GET /api/app/webhooks': (token) => get(t, API.webhooks, { token }),
  'GET /api/app/webhooks/:id/deliveries': (token) => get(t, API.webhookDeliveries(1), { token }),
  'GET /api/app/notifications/list': (token) => get(t, API.notifications, { token }),
  'GET /api/app/notifications/prefs': (token) => get(t, API.notificationPrefs, { token }),
  'GET /api/app/extraFeeCaps': (token) => get(t, EXTRA_FEE_API.caps, { token }),
  'GET /api/app/extraFeeCaps/logs': (token) => get(t, EXTRA_FEE_API.capLogs, { token }),
  'GET /api/app/extraFeeCaps/settings': (token) => get(t, EXTRA_FEE_API.settings, { token }),
};

/** The reads a sub-account without any key may make, and why. */
const OPEN_READS: Record<string, string> = {
  'GET /api/app/user/getUserInfo': 'who is signed in and which menus it holds: the app needs it to show anything',
  'GET /api/app/wallet/getInfo': 'the balance: spec 01 shows it on 账户充值 to every account',
  'GET /api/app/category/list': 'the platform’s product categories (reference data)',
  'POST /api/app/afterSales/selectCmsReasonList/:type': 'the platform’s after-sales reasons (reference data)',
  'GET /api/app/order/receiveOrderAllCount': 'the platform-wide published order count on the home page',
  'GET /api/app/company/list': 'logistics companies (reference data)',
  'GET /api/app/service/list': 'the platform’s surcharge catalogue (reference data)',
  'GET /api/app/dealerOutlet/exitsDealerOutletByDistrictId': 'whether a district has a dealer outlet (platform data, yes or no)',
  'POST /api/common/maintain/area/resolution/*': 'address recognition of the text sent',
  'POST /api/common/maintain/area/resolution': 'address recognition of the text sent',
  'GET /api/common/maintain/area/getLonlatByAddress': 'geocoding of the address sent',
  'GET /api/app/notifications/list': 'its own notifications, filtered by the keys it holds (decision 173)',
  'GET /api/app/notifications/prefs': 'its own notification settings',
};

/** A read: a GET, or a POST that writes nothing (downloads, exports, look-ups). */
const READ_POSTS = new Set([
  'POST /api/app/base/download', 'POST /api/app/records/export', 'POST /api/app/statement/:month/export', 'POST /api/app/completion/download',
  'POST /api/app/afterSales/selectCmsReasonList/:type', 'POST /api/common/maintain/area/resolution/*', 'POST /api/common/maintain/area/resolution',
  'POST /api/app/order/export', 'POST /api/app/order/import/result',
]);
const isVendorRead = ([k, a]: [string, Access]) => (k.startsWith('GET ') || READ_POSTS.has(k)) && a !== 'public' && a !== 'platform';

describe('every read for a sub-account without keys (issue 44)', () => {
  it('has a call for every read a vendor user can make', () => {
    const reads = Object.entries(EXPECTED).filter(isVendorRead).map(([k]) => k);
    const called = new Set([...Object.keys(READ_CALLS), ...Object.keys(ORDER_CALLS)]);
    expect(reads.filter((k) => !called.has(k)), 'reads without a call in route-permissions.test.ts').toEqual([]);
    expect(Object.keys(OPEN_READS).filter((k) => EXPECTED[k] !== 'user' && EXPECTED[k] !== 'public')).toEqual([]);
  });

  it('answers 403 没有权限 on every read behind a key or the main account, and only the open reads otherwise', async () => {
    const none = await createSubAccount(t, v.vendorId, []);
    const reads = Object.entries(EXPECTED).filter(isVendorRead);
    const answers = await Promise.all(
      reads.map(async ([k]) => [k, await (READ_CALLS[k] ?? ((token: string) => ORDER_CALLS[k]!.call(token, ids)))(none.token)] as const),
    );
    const open: string[] = [];
    for (const [k, res] of answers) {
      const keyed = EXPECTED[k] !== 'user';
      if (keyed) expect(res.body, k).toMatchObject({ code: 403, msg: MSG.forbidden });
      else {
        expect(res.status, k).toBe(200);
        expect(res.body?.code ?? 200, k).not.toBe(403);
        open.push(k);
      }
    }
    expect(open.sort()).toEqual(Object.keys(OPEN_READS).sort());
    // 账户充值 shows the balance to every account (spec 01 §2)
    const wallet = answers.find(([k]) => k === 'GET /api/app/wallet/getInfo')![1];
    expect(wallet.body).toMatchObject({ code: 200, data: { balance: expect.any(Number) } });
  });

  it('answers each of those reads to the main account (so the 403s above were the missing keys)', async () => {
    for (const [k] of Object.entries(EXPECTED).filter(isVendorRead)) {
      const res = await (READ_CALLS[k] ?? ((token: string) => ORDER_CALLS[k]!.call(token, ids)))(v.token);
      expect(res.body?.code ?? 200, k).not.toBe(403);
    }
  });
});
