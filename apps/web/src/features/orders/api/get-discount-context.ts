import { API } from '@portal/domain/api-paths';
import { yuanToFen } from '@portal/domain/money';
import type { DiscountContext } from '@portal/domain/orders';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/request';
import { getConfig } from '../../../lib/site-config';
import type { OrderManufacturerInfo } from './get-manufacturer-info';

/** GET /api/app/dealerOutlet/exitsDealerOutletByDistrictId?districtId → whether a dealer outlet serves the district. */
export const dealerOutletExists = async (districtId: string) =>
  Boolean(await http.get<boolean | number>(API.dealerOutletExists, { query: { districtId } }));

/** GET /api/app/SysManufacturerOutlet/discount/list → the outlet tiers (yuan). */
export const getOutletDiscounts = () =>
  http.page<{ fullReduceAmount: number; discountAmount: number }>(API.outletDiscounts, {}, { lock: false });

/**
 * Everything priceOrder needs besides the lines, so the form's total is the server's total
 * (same function, same inputs). Missing pieces degrade to "no discount".
 */
export function useDiscountContext(info: OrderManufacturerInfo | undefined, districtId: string | undefined) {
  const rate = useQuery({ queryKey: ['orders', 'discountRate'], queryFn: () => getConfig('create_order_discount'), staleTime: 5 * 60_000, retry: false });
  const tiers = useQuery({ queryKey: ['orders', 'outletTiers'], queryFn: getOutletDiscounts, staleTime: 5 * 60_000, retry: false });
  const outlet = useQuery({
    queryKey: ['orders', 'dealerOutlet', districtId],
    queryFn: () => dealerOutletExists(districtId!),
    enabled: !!districtId,
    staleTime: 5 * 60_000,
    retry: false,
  });
  const ctx: DiscountContext = {
    orderDiscountFlag: Number(info?.orderDiscountFlag ?? 0) === 1 || info?.orderDiscountFlag === true,
    createOrderDiscountRate: rate.data?.configValue ?? null,
    hasDealerOutlet: outlet.data ?? false,
    outletDiscountFlag: Number(info?.manufacturerOutletDiscountFlag ?? 0) === 1 || info?.manufacturerOutletDiscountFlag === true,
    outletTiers: (tiers.data?.rows ?? []).map((t) => ({ fullReduceAmountFen: yuanToFen(t.fullReduceAmount), discountAmountFen: yuanToFen(t.discountAmount) })),
  };
  return ctx;
}
