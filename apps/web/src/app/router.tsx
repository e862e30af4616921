import type { ComponentType } from 'react';
import { createHashRouter, type RouteObject } from 'react-router';
import { paths } from '../config/paths';
import { AppLayout } from './layout/app-layout';
import { ManageLayout } from './layout/manage-layout';
import { RouteError } from './layout/route-error';
import { PlatformLayout } from '../platform/layout/platform-layout';

type ScreenModule = Promise<{ default: ComponentType }>;
/** Every screen is its own chunk, loaded when its route is first visited. */
const screen = (load: () => ScreenModule) => async () => ({ Component: (await load()).default });

// Route names (spec 01 §2 / spec 02 §2) are the `id`s, so code can ask useMatches() for them.
const vendorRoutes: RouteObject[] = [
  { id: 'login', path: paths.login.path, lazy: screen(() => import('./routes/login')) },
  { id: 'index', path: paths.index.path, lazy: screen(() => import('./routes/index')) },
  { id: 'orderCreate', path: paths.orderCreate.path, lazy: screen(() => import('./routes/order-create')) },
  { id: 'orderPay', path: paths.orderPay.path, lazy: screen(() => import('./routes/order-pay')) },
  {
    id: 'manage',
    path: paths.manage.path,
    element: <ManageLayout />,
    children: [
      { id: 'order', path: paths.manage.order.path, lazy: screen(() => import('./routes/manage/order')) },
      { id: 'account', path: paths.manage.account.path, lazy: screen(() => import('./routes/manage/account')) },
      { id: 'accountRecharge', path: paths.manage.accountRecharge.path, lazy: screen(() => import('./routes/manage/account-recharge')) },
      { id: 'zhangHaoInfo', path: paths.manage.zhangHaoInfo.path, lazy: screen(() => import('./routes/manage/zhang-hao-info')) },
      { id: 'zhangHaoSafety', path: paths.manage.zhangHaoSafety.path, lazy: screen(() => import('./routes/manage/zhang-hao-safety')) },
      { id: 'zhangHao', path: paths.manage.zhangHao.path, lazy: screen(() => import('./routes/manage/zhang-hao')) },
      { id: 'zhiShiKu', path: paths.manage.zhiShiKu.path, lazy: screen(() => import('./routes/manage/zhi-shi-ku')) },
      { id: 'product', path: paths.manage.product.path, lazy: screen(() => import('./routes/manage/product')) },
      { id: 'productAdd', path: paths.manage.productAdd.path, lazy: screen(() => import('./routes/manage/product-add')) },
      { id: 'wanGongAlbum', path: paths.manage.wanGongAlbum.path, lazy: screen(() => import('./routes/manage/wan-gong-album')) },
      { id: 'afterSale', path: paths.manage.afterSale.path, lazy: screen(() => import('./routes/manage/after-sale')) },
      { id: 'afterSaleDetail', path: paths.manage.afterSaleDetail.path, lazy: screen(() => import('./routes/manage/after-sale-detail')) },
      { id: 'orderDetail', path: paths.manage.orderDetail.path, lazy: screen(() => import('./routes/manage/order-detail')) },
      {
        id: 'afterSaleOrderDetail',
        path: paths.manage.afterSaleOrderDetail.path,
        lazy: screen(() => import('./routes/manage/after-sale-order-detail')),
      },
    ],
  },
];

const platformRoutes: RouteObject[] = [
  { id: 'platformLogin', path: paths.platform.login.path, lazy: screen(() => import('../platform/routes/login')) },
  {
    id: 'platform',
    path: paths.platform.path,
    element: <PlatformLayout />,
    children: [
      { id: 'platformRecharges', path: paths.platform.recharges.path, lazy: screen(() => import('../platform/routes/recharges')) },
      { id: 'platformVendors', path: paths.platform.vendors.path, lazy: screen(() => import('../platform/routes/vendors')) },
      { id: 'platformProducts', path: paths.platform.products.path, lazy: screen(() => import('../platform/routes/products')) },
      { id: 'platformOrders', path: paths.platform.orders.path, lazy: screen(() => import('../platform/routes/orders')) },
      { id: 'platformOrderDetail', path: paths.platform.orderDetail.path, lazy: screen(() => import('../platform/routes/order-detail')) },
      { id: 'platformMasters', path: paths.platform.masters.path, lazy: screen(() => import('../platform/routes/masters')) },
    ],
  },
];

export const router = createHashRouter([
  { element: <AppLayout />, errorElement: <RouteError />, children: vendorRoutes },
  { errorElement: <RouteError />, children: platformRoutes },
  { path: '*', element: <RouteError notFound /> },
]);
