import type { OrderProductRow, OrderRow } from '@portal/domain/orders';

/** Spec 02 §9: the list shows price in warranty, else guidePrice; recycle orders show 0. */
export function lineUnitPrice(order: Pick<OrderRow, 'parole' | 'serviceType'>, line: Pick<OrderProductRow, 'price' | 'guidePrice'>): number {
  if (order.serviceType === 5) return 0;
  return order.parole === 1 ? line.price : (line.guidePrice ?? line.price);
}

export const yuan = (v: number | null | undefined) => `￥${Number(v ?? 0).toFixed(2)}`;
