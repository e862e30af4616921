import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { API } from '@portal/domain/api-paths';
import type { manufacturerInfo } from '@portal/domain/contract/accounts';
import type { outletDiscount } from '@portal/domain/contract/orders';
import { yuanToFen } from '@portal/domain/money';
import type { DiscountContext } from '@portal/domain/orders';
import { http } from '../../../lib/request';
import { getConfig } from '../../../lib/site-config';
import { orderKeys } from './keys';

/**
 * The parts of GET /api/app/user/getManufacturerInfo (`manufacturerInfo`) order creation uses; the
 * screen reads it through accounts' `manufacturerInfoQuery` (one wrapper of the endpoint).
 */
export type OrderManufacturerInfo = Pick<z.infer<typeof manufacturerInfo>, 'technicalUserVoList' | 'umsUserAddressList' | 'manufacturerOutletDiscountFlag' | 'orderDiscountFlag'>;

/** GET /api/app/dealerOutlet/exitsDealerOutletByDistrictId?districtId → whether a dealer outlet serves the district. */
export const dealerOutletExists = async (districtId: string) => Boolean(await http.get<boolean>(API.dealerOutletExists, { query: { districtId } }));

/** GET /api/app/SysManufacturerOutlet/discount/list → the outlet tiers (yuan). */
export const getOutletDiscounts = () => http.page<z.infer<typeof outletDiscount>>(API.outletDiscounts, {}, { lock: false });

const fiveMinutes = { staleTime: 5 * 60_000, retry: false } as const;
export const discountRateQuery = () => queryOptions({ queryKey: [...orderKeys.all, 'discountRate'], queryFn: () => getConfig('create_order_discount'), ...fiveMinutes });
export const outletTiersQuery = () => queryOptions({ queryKey: [...orderKeys.all, 'outletTiers'], queryFn: getOutletDiscounts, ...fiveMinutes });
export const dealerOutletQuery = (districtId: string | undefined) =>
  queryOptions({ queryKey: [...orderKeys.all, 'dealerOutlet', districtId], queryFn: () => dealerOutletExists(districtId!), enabled: !!districtId, ...fiveMinutes });

/**
 * Everything priceOrder needs besides the lines, so the form's total is the server's total
 * (same function, same inputs). Missing pieces degrade to "no discount".
 */
export function useDiscountContext(info: OrderManufacturerInfo | undefined, districtId: string | undefined) {
  const rate = useQuery(discountRateQuery());
  const tiers = useQuery(outletTiersQuery());
  const outlet = useQuery(dealerOutletQuery(districtId));
  const ctx: DiscountContext = {
    orderDiscountFlag: Number(info?.orderDiscountFlag ?? 0) === 1,
    createOrderDiscountRate: rate.data?.configValue ?? null,
    hasDealerOutlet: outlet.data ?? false,
    outletDiscountFlag: Number(info?.manufacturerOutletDiscountFlag ?? 0) === 1,
    outletTiers: (tiers.data?.rows ?? []).map((t) => ({ fullReduceAmountFen: yuanToFen(t.fullReduceAmount), discountAmountFen: yuanToFen(t.discountAmount) })),
  };
  return ctx;
}
