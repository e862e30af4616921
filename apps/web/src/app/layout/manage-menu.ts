import { PERM } from '@portal/domain/permissions';
import { MSG } from '@portal/domain/messages';
import { paths } from '../../config/paths';

export interface SideMenuItem {
  label: string;
  href: string;
  /** Route ids that highlight this entry. */
  routes: string[];
  /** Needed permission; undefined = always shown. */
  perm?: string;
  mainOnly?: boolean;
}
export interface SideMenuGroup {
  key: string;
  label: string;
  items: SideMenuItem[];
}

/**
 * Side menu of /manage (spec 01 §2). Product and knowledge base are always shown; 售后管理 follows the
 * key its list needs (app:afterSale:list), so no entry can only answer 没有权限 (decision 274).
 */
export const MANAGE_MENU: SideMenuGroup[] = [
  {
    key: 'orders',
    label: MSG.navOrders,
    items: [
      { label: '一键下单', href: paths.orderCreate.getHref(), routes: ['orderCreate'], perm: PERM.orderAdd },
      { label: '我的订单', href: paths.manage.order.getHref(), routes: ['order', 'orderDetail'], perm: PERM.orderList },
      { label: '产品管理', href: paths.manage.product.getHref(), routes: ['product', 'productAdd'] },
      { label: MSG.gallery, href: paths.manage.wanGongAlbum.getHref(), routes: ['wanGongAlbum'], perm: PERM.orderFinish },
      { label: '售后管理', href: paths.manage.afterSale.getHref(), routes: ['afterSale', 'afterSaleDetail', 'afterSaleOrderDetail'], perm: PERM.afterSaleList },
      { label: '知识库管理', href: paths.manage.zhiShiKu.getHref(), routes: ['zhiShiKu'] },
      { label: '加价上限', href: paths.manage.jiaJiaShangXian.getHref(), routes: ['jiaJiaShangXian'], perm: PERM.extraFeeCapList },
    ],
  },
  {
    key: 'wallet',
    label: MSG.navWallet,
    items: [
      { label: '收支明细', href: paths.manage.account.getHref(), routes: ['account'], perm: PERM.accountList },
      { label: '账户充值', href: paths.manage.accountRecharge.getHref(), routes: ['accountRecharge'], perm: PERM.accountRecharge },
      { label: '月度对账单', href: paths.manage.statement.getHref(), routes: ['statement'], perm: PERM.accountList },
      { label: '开票申请', href: paths.manage.invoice.getHref(), routes: ['invoice'], perm: PERM.accountList },
    ],
  },
  {
    key: 'account',
    label: MSG.navAccount,
    items: [
      { label: '基本信息', href: paths.manage.zhangHaoInfo.getHref(), routes: ['zhangHaoInfo'], perm: PERM.userInfo },
      { label: '账户安全', href: paths.manage.zhangHaoSafety.getHref(), routes: ['zhangHaoSafety'], perm: PERM.userSafe },
      { label: '消息通知', href: paths.manage.notifications.getHref(), routes: ['notifications'] },
      { label: '账户管理', href: paths.manage.zhangHao.getHref(), routes: ['zhangHao'], mainOnly: true },
      { label: '开放接口', href: paths.manage.kaiFangJieKou.getHref(), routes: ['kaiFangJieKou'], mainOnly: true },
    ],
  },
];

export function visibleMenu(can: (perm: string) => boolean, isMain: boolean): SideMenuGroup[] {
  return MANAGE_MENU.map((g) => ({
    ...g,
    items: g.items.filter((i) => (i.mainOnly ? isMain : i.perm ? can(i.perm) : true)),
  })).filter((g) => g.items.length > 0);
}
