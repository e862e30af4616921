import { yuanToFen } from '@portal/domain/money';
import { catalogPrices, priceOrder, type DiscountContext, type PriceResult } from '@portal/domain/orders';
import type { ProductRow } from '@portal/domain/products';
import type { OrderFormValues } from './order-form-values';

const fenOrNull = (v: unknown) => (v === null || v === undefined || v === '' ? null : yuanToFen(v as number | string));
const wholeOrZero = (v: unknown) => (/^\d+$/.test(String(v ?? '').trim()) ? Number(String(v).trim()) : 0);

/** The catalogue prices (fen) of a product answer. */
export const productPrices = (p: ProductRow) => catalogPrices(p as unknown as Record<string, unknown>, fenOrNull);

/**
 * The form's total via the domain's priceOrder — the function the server prices with — so the
 * footer shows what will be charged. null while the form cannot be priced yet.
 */
export function computeOrderPrice(v: Partial<OrderFormValues>, products: Map<number, ProductRow>, discount: DiscountContext): PriceResult | null {
  if (!v.parole || !v.serviceType || !v.productList?.length) return null;
  const lines = [];
  for (const l of v.productList) {
    const p = l?.productId ? products.get(l.productId) : undefined;
    if (!p) return null;
    lines.push({
      number: Math.min(10, Math.max(1, Number(l.number) || 1)),
      maintenanceType: v.serviceType === 2 ? (l.maintenanceType ?? 1) : null,
      prices: productPrices(p),
      modelName: p.modelName,
      surcharges: (l.omsSurchargeList ?? []).map((s) => ({ name: (s?.name ?? '').trim(), priceFen: wholeOrZero(s?.price) * 100, num: wholeOrZero(s?.num) })),
    });
  }
  try {
    return priceOrder({
      parole: v.parole,
      serviceType: v.serviceType,
      lines,
      urgentFlag: v.parole === 1 && v.urgentFlag ? '1' : '0',
      urgentPriceFen: wholeOrZero(v.urgentPrice) * 100,
      discount,
    });
  } catch {
    return null;
  }
}
