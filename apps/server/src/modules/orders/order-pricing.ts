import { ORDER_MSG, PricingError, priceOrder, type DiscountContext, type OrderAddInput, type PriceResult } from '@portal/domain/orders';
import { yuanToFen } from '@portal/domain/money';
import type { DB, Tx } from '../../db/database';
import { badRequest } from '../../lib/errors';
import { catalogPricesOf, type ProductRecord } from '../../lib/product-row';
import { findPricingFacts, listOutletDiscountTiers } from './order-create.repository';

// The server's side of pricing: the catalogue and discount facts come from the database, the
// arithmetic is the shared priceOrder(); nothing priced by the browser is ever trusted.


/**
 * The catalogue and discount facts an order is priced with, read together: the passed (check_status 1),
 * live products of the vendor by id (a missing one answers 400) and the discount context.
 */
export async function loadPricingFacts(db: DB | Tx, vendorId: number, ids: number[], districtId: string): Promise<{ products: Map<number, ProductRecord>; discount: DiscountContext }> {
  const unique = [...new Set(ids)];
  const { settings, products } = await findPricingFacts(db, vendorId, unique, districtId);
  if (!settings) throw new Error(`vendor ${vendorId} not found`);
  if (products.length !== unique.length) throw badRequest(ORDER_MSG.productUnavailable);
  // The tiers only count when the switch is on (priceOrder): most orders are priced without reading them.
  const outletDiscountFlag = settings.outlet_discount_flag === 1;
  const tiers = outletDiscountFlag ? await listOutletDiscountTiers(db, vendorId) : [];
  const discount: DiscountContext = {
    orderDiscountFlag: settings.order_discount_flag === 1,
    createOrderDiscountRate: settings.rate ?? null,
    hasDealerOutlet: settings.outlet_id !== null,
    outletDiscountFlag,
    outletTiers: tiers.map((t) => ({ fullReduceAmountFen: Number(t.full_reduce_amount_fen), discountAmountFen: Number(t.discount_amount_fen) })),
  };
  return { products: new Map(products.map((r) => [r.id, r])), discount };
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

/** What an order would cost as created now (fen): the bulk import's preview shows it (decision 299). */
export async function quoteOrderFen(db: DB, vendorId: number, input: OrderAddInput): Promise<number> {
  const { products, discount } = await loadPricingFacts(db, vendorId, input.productList.map((l) => l.productId), input.districtId);
  return priceAddInput(input, products, discount).totalFen;
}
