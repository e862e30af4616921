import { API } from './api-paths';
import { EXTRA_FEE_API } from './extra-fees';

// What an open-API key may call (issue 18, decisions 168, 253, 276): one list, read by the server's
// key check (apps/server/src/lib/api-keys.ts) and by the 开放接口 help box, so the two cannot differ.

export interface ApiKeyCapability {
  /** What the help box calls it. */
  label: string;
  /** The Fastify route URLs (`:id` parameters) it covers. */
  routes: readonly string[];
}

export const API_KEY_CAPABILITIES: readonly ApiKeyCapability[] = [
  { label: '下单', routes: [API.orderAdd] },
  { label: '支付', routes: [API.orderPay(':id')] },
  { label: '订单详情', routes: [API.order(':id')] },
  { label: '订单列表', routes: [API.orderList] },
  { label: '取消订单', routes: [API.orderCancel] },
  { label: '产品列表', routes: [API.productList] },
  // a merchant's systems answer extra fees (issue 46, decision 253)
  { label: '查看与审批加价申请', routes: [EXTRA_FEE_API.ofOrder(':id'), EXTRA_FEE_API.approve(':id'), EXTRA_FEE_API.reject(':id')] },
];
