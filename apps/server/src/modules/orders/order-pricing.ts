import { ORDER_MSG, PricingError, priceOrder, type DiscountContext, type OrderAddInput, type PriceResult } from '@portal/domain/orders';
import { yuanToFen } from '@portal/domain/money';
import type { DB, Tx } from '../../db/database';
import { badRequest } from '../../lib/errors';
import { catalogPricesOf, type ProductRecord } from '../../lib/product-row';
import { findDiscountSettings, findOrderableProducts, listOutletDiscountTiers } from './order-create.repository';

// The server's side of pricing: the catalogue and discount facts come from the database, the
// arithmetic is the shared priceOrder(); nothing priced by the browser is ever trusted.


/** Passed (check_status 1), live products of the vendor, by id; a missing one answers 400. */
export async function loadOrderableProducts(db: DB | Tx, vendorId: number, ids: number[]): Promise<Map<number, ProductRecord>> {
  const unique = [...new Set(ids)];
  const rows = await findOrderableProducts(db, vendorId, unique);
  if (rows.length !== unique.length) throw badRequest(ORDER_MSG.productUnavailable);
  return new Map(rows.map((r) => [r.id, r]));
}

export async function discountContext(db: DB | Tx, vendorId: number, districtId: string): Promise<DiscountContext> {
  const vendor = await findDiscountSettings(db, vendorId, districtId);
  // The tiers only count when the switch is on (priceOrder): most orders are priced without reading them.
  const outletDiscountFlag = vendor.outlet_discount_flag === 1;
  const tiers = outletDiscountFlag ? await listOutletDiscountTiers(db, vendorId) : [];
  return {
    orderDiscountFlag: vendor.order_discount_flag === 1,
    createOrderDiscountRate: vendor.rate ?? null,
    hasDealerOutlet: vendor.outlet_id !== null,
    outletDiscountFlag,
    outletTiers: tiers.map((t) => ({ fullReduceAmountFen: Number(t.full_reduce_amount_fen), discountAmountFen: Number(t.discount_amount_fen) })),
  };
}

/** Price a parsed add payload against the catalogue; 400 with a clear text when a service is not offered. */
export function priceAddInput(input: OrderAddInput, products: Map<number, ProductRecord>, discount: DiscountContext): PriceResult {
  try {
    return priceOrder({
      parole: input.parole,
      serviceType: input.serviceType,
      urgentFlag: input.urgentFlag,
      urgentPriceFen: yuanToFen(input.urgentPrice),
      discount,
      lines: input.productList.map((l) => {
        const p = products.get(l.productId)!;
        return {
          number: l.number,
          maintenanceType: l.maintenanceType,
          prices: catalogPricesOf(p),
          modelName: p.model_name,
          surcharges: l.omsSurchargeList.map((s) => ({ name: s.name, priceFen: yuanToFen(s.price), num: s.num })),
        };
      }),
    });
  } catch (e) {
    if (e instanceof PricingError) throw badRequest(e.message);
    throw e;
  }
}
