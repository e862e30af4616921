// Every route of spec 01 §2 / spec 02 §2 and of the platform console, written once.
// Links call getHref(...) so no screen ever spells a URL.

const withQuery = (path: string, query: Record<string, string | number | undefined | null>) => {
  const qs = new URLSearchParams(
    Object.entries(query)
      .filter(([, v]) => v !== undefined && v !== null && v !== '')
      .map(([k, v]) => [k, String(v)]),
  ).toString();
  return qs ? `${path}?${qs}` : path;
};

/** Login screen modes (query type): 1 login, 2 register, 3 forgot password. */
export const LOGIN_TYPE = { login: '1', register: '2', forgot: '3' } as const;
export type LoginType = (typeof LOGIN_TYPE)[keyof typeof LOGIN_TYPE];

export const paths = {
  login: { path: '/login', getHref: (type?: LoginType, redirect?: string) => withQuery('/login', { type, redirect }) },
  index: { path: '/', getHref: () => '/' },
  orderCreate: {
    path: '/orderCreate',
    getHref: (type?: 'quicklyOrder' | 'againOrder', query: Record<string, string | number | undefined> = {}) =>
      withQuery('/orderCreate', { type, ...query }),
  },
  orderPay: { path: '/orderPay', getHref: (id: number | string) => withQuery('/orderPay', { id }) },
  statementPrint: { path: '/statementPrint', getHref: (month: string) => withQuery('/statementPrint', { month }) },
  manage: {
    path: '/manage',
    getHref: () => '/manage',
    order: { path: 'order/:status?', getHref: (status?: number | string) => (status === undefined ? '/manage/order' : `/manage/order/${status}`) },
    account: { path: 'account', getHref: () => '/manage/account' },
    accountRecharge: { path: 'accountRecharge', getHref: () => '/manage/accountRecharge' },
    statement: { path: 'statement', getHref: () => '/manage/statement' },
    invoice: { path: 'invoice', getHref: () => '/manage/invoice' },
    zhangHaoInfo: { path: 'zhangHaoInfo', getHref: () => '/manage/zhangHaoInfo' },
    zhangHaoSafety: { path: 'zhangHaoSafety', getHref: () => '/manage/zhangHaoSafety' },
    zhangHao: { path: 'zhangHao', getHref: () => '/manage/zhangHao' },
    kaiFangJieKou: { path: 'kaiFangJieKou', getHref: () => '/manage/kaiFangJieKou' },
    zhiShiKu: { path: 'zhiShiKu', getHref: () => '/manage/zhiShiKu' },
    product: { path: 'product', getHref: () => '/manage/product' },
    productAdd: { path: 'productAdd', getHref: () => '/manage/productAdd' },
    wanGongAlbum: { path: 'wanGongAlbum', getHref: () => '/manage/wanGongAlbum' },
    afterSale: { path: 'afterSale', getHref: () => '/manage/afterSale' },
    notifications: { path: 'notifications', getHref: () => '/manage/notifications' },
    jiaJiaShangXian: { path: 'jiaJiaShangXian', getHref: () => '/manage/jiaJiaShangXian' },
    afterSaleDetail: { path: 'afterSaleDetail', getHref: (id: number | string) => withQuery('/manage/afterSaleDetail', { id }) },
    orderDetail: {
      path: 'orderDetail',
      getHref: (id: number | string, from?: 'orderPay') => withQuery('/manage/orderDetail', { id, from }),
    },
    afterSaleOrderDetail: {
      path: 'afterSaleOrderDetail',
      getHref: (id: number | string) => withQuery('/manage/afterSaleOrderDetail', { id }),
    },
  },
  platform: {
    path: '/platform',
    getHref: () => '/platform',
    login: { path: '/platform/login', getHref: (redirect?: string) => withQuery('/platform/login', { redirect }) },
    recharges: { path: 'recharges', getHref: () => '/platform/recharges' },
    vendors: { path: 'vendors', getHref: () => '/platform/vendors' },
    products: { path: 'products', getHref: () => '/platform/products' },
    orders: { path: 'orders', getHref: () => '/platform/orders' },
    orderDetail: { path: 'orders/:id', getHref: (id: number | string) => `/platform/orders/${id}` },
    masters: { path: 'masters', getHref: () => '/platform/masters' },
    afterSales: { path: 'afterSales', getHref: () => '/platform/afterSales' },
    invoices: { path: 'invoices', getHref: () => '/platform/invoices' },
    sla: { path: 'sla', getHref: () => '/platform/sla' },
    extraFees: { path: 'extraFees', getHref: () => '/platform/extraFees' },
    timelinessCredit: { path: 'timelinessCredit', getHref: () => '/platform/timelinessCredit' },
  },
} as const;

/** Value of the order list's route param meaning "all statuses". */
export const ALL_ORDER_STATUS = -1;
