import type { ComponentType } from 'react';
import { createHashRouter, type RouteObject } from 'react-router';
import { paths } from '../config/paths';
import { RouteError } from './layout/route-error';
import { ErrorScreen, loadFrame, Root } from './router-root';

type ScreenModule = Promise<{ default: ComponentType }>;
/** Every screen is its own chunk, loaded when its route is first visited. */
const screen = (load: () => ScreenModule) => async () => ({ Component: (await load()).default });
// The two menu frames load with their first screen (in parallel), not on the sign-in page (decision 164).
const manageLayout = async () => ({ Component: (await import('./layout/manage-layout')).ManageLayout });
const platformLayout = async () => ({ Component: (await import('../platform/layout/platform-layout')).PlatformLayout });
// antd, its <App>, TanStack Query and the portal's frame come with the first screen behind the two
// sign-in screens, which load none of them (decision 183, app/router-root.tsx).
const appLayout = async () => ({ Component: (await import('./layout/app-layout')).AppLayout });

// Route names (spec 01 §2 / spec 02 §2) are the `id`s, so code can ask useMatches() for them.
const loginRoute: RouteObject = { id: 'login', handle: { title: '登录' }, path: paths.login.path, lazy: screen(() => import('./routes/login')) };
const vendorRoutes: RouteObject[] = [
  { id: 'index', handle: { title: '用户首页' }, path: paths.index.path, lazy: screen(() => import('./routes/index')) },
  { id: 'orderCreate', handle: { title: '一键下单' }, path: paths.orderCreate.path, lazy: screen(() => import('./routes/order-create')) },
  { id: 'orderPay', handle: { title: '订单支付' }, path: paths.orderPay.path, lazy: screen(() => import('./routes/order-pay')) },
  { id: 'statementPrint', handle: { title: '打印对账单' }, path: paths.statementPrint.path, lazy: screen(() => import('./routes/statement-print')) },
  {
    id: 'manage',
    path: paths.manage.path,
    lazy: manageLayout,
    children: [
      { id: 'order', handle: { title: '我的订单' }, path: paths.manage.order.path, lazy: screen(() => import('./routes/manage/order')) },
      { id: 'account', handle: { title: '收支明细' }, path: paths.manage.account.path, lazy: screen(() => import('./routes/manage/account')) },
      { id: 'accountRecharge', handle: { title: '账户充值' }, path: paths.manage.accountRecharge.path, lazy: screen(() => import('./routes/manage/account-recharge')) },
      { id: 'statement', handle: { title: '月度对账单' }, path: paths.manage.statement.path, lazy: screen(() => import('./routes/manage/statement')) },
      { id: 'invoice', handle: { title: '开票申请' }, path: paths.manage.invoice.path, lazy: screen(() => import('./routes/manage/invoice')) },
      { id: 'zhangHaoInfo', handle: { title: '基本信息' }, path: paths.manage.zhangHaoInfo.path, lazy: screen(() => import('./routes/manage/zhang-hao-info')) },
      { id: 'zhangHaoSafety', handle: { title: '账户安全' }, path: paths.manage.zhangHaoSafety.path, lazy: screen(() => import('./routes/manage/zhang-hao-safety')) },
      { id: 'zhangHao', handle: { title: '账户管理' }, path: paths.manage.zhangHao.path, lazy: screen(() => import('./routes/manage/zhang-hao')) },
      { id: 'kaiFangJieKou', handle: { title: '开放接口' }, path: paths.manage.kaiFangJieKou.path, lazy: screen(() => import('./routes/manage/kai-fang-jie-kou')) },
      { id: 'zhiShiKu', handle: { title: '知识库管理' }, path: paths.manage.zhiShiKu.path, lazy: screen(() => import('./routes/manage/zhi-shi-ku')) },
      { id: 'product', handle: { title: '产品管理' }, path: paths.manage.product.path, lazy: screen(() => import('./routes/manage/product')) },
      { id: 'productAdd', handle: { title: '添加产品' }, path: paths.manage.productAdd.path, lazy: screen(() => import('./routes/manage/product-add')) },
      { id: 'wanGongAlbum', handle: { title: '完工图库' }, path: paths.manage.wanGongAlbum.path, lazy: screen(() => import('./routes/manage/wan-gong-album')) },
      { id: 'afterSale', handle: { title: '售后管理' }, path: paths.manage.afterSale.path, lazy: screen(() => import('./routes/manage/after-sale')) },
      { id: 'afterSaleDetail', handle: { title: '售后详情' }, path: paths.manage.afterSaleDetail.path, lazy: screen(() => import('./routes/manage/after-sale-detail')) },
      { id: 'orderDetail', handle: { title: '工单详情' }, path: paths.manage.orderDetail.path, lazy: screen(() => import('./routes/manage/order-detail')) },
      { id: 'notifications', handle: { title: '消息通知' }, path: paths.manage.notifications.path, lazy: screen(() => import('./routes/manage/notifications')) },
      { id: 'jiaJiaShangXian', handle: { title: '加价上限' }, path: paths.manage.jiaJiaShangXian.path, lazy: screen(() => import('./routes/manage/jia-jia-shang-xian')) },
      {
        id: 'afterSaleOrderDetail',
        handle: { title: '工单详情' },
        path: paths.manage.afterSaleOrderDetail.path,
        lazy: screen(() => import('./routes/manage/after-sale-order-detail')),
      },
    ],
  },
];

const platformLoginRoute: RouteObject = {
  id: 'platformLogin',
  handle: { title: '运营登录' },
  path: paths.platform.login.path,
  lazy: screen(() => import('../platform/routes/login')),
};
const platformRoutes: RouteObject[] = [
  {
    id: 'platform',
    path: paths.platform.path,
    lazy: platformLayout,
    children: [
      { id: 'platformRecharges', handle: { title: '充值审核' }, path: paths.platform.recharges.path, lazy: screen(() => import('../platform/routes/recharges')) },
      { id: 'platformVendors', handle: { title: '厂家资金' }, path: paths.platform.vendors.path, lazy: screen(() => import('../platform/routes/vendors')) },
      { id: 'platformProducts', handle: { title: '产品审核' }, path: paths.platform.products.path, lazy: screen(() => import('../platform/routes/products')) },
      { id: 'platformOrders', handle: { title: '订单调度' }, path: paths.platform.orders.path, lazy: screen(() => import('../platform/routes/orders')) },
      { id: 'platformOrderDetail', handle: { title: '订单处理' }, path: paths.platform.orderDetail.path, lazy: screen(() => import('../platform/routes/order-detail')) },
      { id: 'platformMasters', handle: { title: '师傅管理' }, path: paths.platform.masters.path, lazy: screen(() => import('../platform/routes/masters')) },
      { id: 'platformAfterSales', handle: { title: '售后处理' }, path: paths.platform.afterSales.path, lazy: screen(() => import('../platform/routes/after-sales')) },
      { id: 'platformInvoices', handle: { title: '开票管理' }, path: paths.platform.invoices.path, lazy: screen(() => import('../platform/routes/invoices')) },
      { id: 'platformSla', handle: { title: '服务时效' }, path: paths.platform.sla.path, lazy: screen(() => import('../platform/routes/sla')) },
      { id: 'platformExtraFees', handle: { title: '加价申请' }, path: paths.platform.extraFees.path, lazy: screen(() => import('../platform/routes/extra-fees')) },
      { id: 'platformTimelinessCredit', handle: { title: '时效赔付规则' }, path: paths.platform.timelinessCredit.path, lazy: screen(() => import('../platform/routes/timeliness-credit')) },
    ],
  },
];

export const router = createHashRouter([
  {
    id: 'root',
    element: <Root />,
    // The first screen loads lazily: nothing to show meanwhile, said out loud so React Router does not
    // warn "No HydrateFallback" on every load (issue 48 item 11).
    HydrateFallback: () => null,
    errorElement: <ErrorScreen />,
    children: [
      { ...loginRoute, errorElement: <ErrorScreen /> },
      { ...platformLoginRoute, errorElement: <ErrorScreen /> },
      {
        id: 'frame',
        lazy: loadFrame,
        errorElement: <ErrorScreen />,
        children: [
          { id: 'portal', lazy: appLayout, errorElement: <RouteError />, children: vendorRoutes },
          { errorElement: <RouteError />, children: platformRoutes },
        ],
      },
      { path: '*', element: <ErrorScreen notFound /> },
    ],
  },
]);
