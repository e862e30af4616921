// Permission keys (spec 01 §6, spec 02 §6) and the menu tree a main account hands to sub-accounts.
export const ALL_PERMISSIONS = '*:*:*';

export const PERM = {
  orderAdd: 'app:order:add',
  orderList: 'app:order:list',
  orderCancel: 'app:order:cancel',
  orderExport: 'app:order:export',
  orderModify: 'app:order:modify',
  orderConfirmation: 'app:order:confirmation',
  orderSpeed: 'app:order:speed',
  orderAfter: 'app:order:after',
  orderPay: 'app:order:pay',
  orderFinish: 'app:order:finish',
  accountList: 'app:account:list',
  accountRecharge: 'app:account:recharge',
  userInfo: 'app:user:info',
  userSafe: 'app:user:safe',
  productList: 'app:product:list',
  productAdd: 'app:product:add',
  productEdit: 'app:product:edit',
  productRemove: 'app:product:remove',
  afterSaleList: 'app:afterSale:list',
  afterSaleCancel: 'app:afterSale:cancel',
  baseList: 'app:base:list',
  baseEdit: 'app:base:edit',
  // extra fees and price caps (issue 46, decision 252)
  orderExtraFee: 'app:order:extraFee',
  extraFeeCapList: 'app:extraFeeCap:list',
  extraFeeCapEdit: 'app:extraFeeCap:edit',
  // invoice requests are a financial write of their own, under 收支明细 (decision 273)
  invoiceApply: 'app:invoice:apply',
} as const;
export type Permission = (typeof PERM)[keyof typeof PERM];

export interface MenuDef {
  id: number;
  name: string;
  menuType: 'M' | 'C' | 'F';
  permissions: Permission | '';
  /** 1: a data-scope radio (all / own) is offered for this entry. */
  dataFlag: 0 | 1;
  child?: MenuDef[];
}

/** The menu tree of spec 01 §2 side menu, with button-level entries under the order list. */
export const MENU_TREE: MenuDef[] = [
  {
    id: 1, name: '订单管理', menuType: 'M', permissions: '', dataFlag: 0,
    child: [
      { id: 11, name: '一键下单', menuType: 'C', permissions: PERM.orderAdd, dataFlag: 0 },
      {
        id: 12, name: '我的订单', menuType: 'C', permissions: PERM.orderList, dataFlag: 1,
        child: [
          { id: 121, name: '取消订单', menuType: 'F', permissions: PERM.orderCancel, dataFlag: 0 },
          { id: 122, name: '导出订单', menuType: 'F', permissions: PERM.orderExport, dataFlag: 0 },
          { id: 123, name: '修改客户信息', menuType: 'F', permissions: PERM.orderModify, dataFlag: 0 },
          { id: 124, name: '确认完工', menuType: 'F', permissions: PERM.orderConfirmation, dataFlag: 0 },
          { id: 125, name: '加急', menuType: 'F', permissions: PERM.orderSpeed, dataFlag: 0 },
          { id: 126, name: '申请售后', menuType: 'F', permissions: PERM.orderAfter, dataFlag: 0 },
          { id: 127, name: '支付', menuType: 'F', permissions: PERM.orderPay, dataFlag: 0 },
          { id: 128, name: '审批加价', menuType: 'F', permissions: PERM.orderExtraFee, dataFlag: 0 },
        ],
      },
      {
        id: 13, name: '产品管理', menuType: 'C', permissions: PERM.productList, dataFlag: 1,
        child: [
          { id: 131, name: '添加产品', menuType: 'F', permissions: PERM.productAdd, dataFlag: 0 },
          { id: 132, name: '编辑产品', menuType: 'F', permissions: PERM.productEdit, dataFlag: 0 },
          { id: 133, name: '删除产品', menuType: 'F', permissions: PERM.productRemove, dataFlag: 0 },
        ],
      },
      { id: 14, name: '完工图库', menuType: 'C', permissions: PERM.orderFinish, dataFlag: 1 },
      {
        id: 15, name: '售后管理', menuType: 'C', permissions: PERM.afterSaleList, dataFlag: 1,
        child: [{ id: 151, name: '撤回售后', menuType: 'F', permissions: PERM.afterSaleCancel, dataFlag: 0 }],
      },
      {
        id: 16, name: '知识库管理', menuType: 'C', permissions: PERM.baseList, dataFlag: 1,
        child: [{ id: 161, name: '编辑知识库', menuType: 'F', permissions: PERM.baseEdit, dataFlag: 0 }],
      },
      {
        id: 17, name: '加价上限', menuType: 'C', permissions: PERM.extraFeeCapList, dataFlag: 0,
        child: [{ id: 171, name: '修改加价上限', menuType: 'F', permissions: PERM.extraFeeCapEdit, dataFlag: 0 }],
      },
    ],
  },
  {
    id: 2, name: '我的钱包', menuType: 'M', permissions: '', dataFlag: 0,
    child: [
      {
        id: 21, name: '收支明细', menuType: 'C', permissions: PERM.accountList, dataFlag: 0,
        child: [{ id: 211, name: '申请开票', menuType: 'F', permissions: PERM.invoiceApply, dataFlag: 0 }],
      },
      { id: 22, name: '账户充值', menuType: 'C', permissions: PERM.accountRecharge, dataFlag: 0 },
    ],
  },
  {
    id: 3, name: '账户信息', menuType: 'M', permissions: '', dataFlag: 0,
    child: [
      { id: 31, name: '基本信息', menuType: 'C', permissions: PERM.userInfo, dataFlag: 0 },
      { id: 32, name: '账户安全', menuType: 'C', permissions: PERM.userSafe, dataFlag: 0 },
    ],
  },
];

export function flattenMenu(tree: MenuDef[] = MENU_TREE): MenuDef[] {
  return tree.flatMap((m) => [m, ...flattenMenu(m.child ?? [])]);
}

export const hasPermission = (held: readonly string[], key: string) =>
  held.includes(ALL_PERMISSIONS) || held.includes(key);
