import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import type { CustomerService, RatingSummary } from '@portal/domain/contract/customer-page';
import { CUSTOMER_API, CUSTOMER_MSG } from '@portal/domain/customer-page';
import { http } from '../../../lib/request';
import { platformHttp } from '../../../platform/lib/platform-request';
import { customerServiceKeys } from './keys';

export type { CustomerService, RatingSummary };

/**
 * A link waiting for its SMS (after the dispatch, or after 修改客户信息 changed the phone, decision 293) is
 * texted by the server a second or so later, with no order change to tell the open card: it asks again.
 */
export const PENDING_LINK_REFRESH_MS = 2000;
export const refreshWhileLinkPending = (s: CustomerService | undefined) =>
  // A link held for the merchant (the day's texts used up, decision 298) waits for them, not for the sender.
  s?.link.state === 'pending' && !s.link.holdReason ? PENDING_LINK_REFRESH_MS : false;

/** GET /api/app/order/customerService/{id}: the link, the appointment's confirmation, the visit code's use, the rating. */
export const customerServiceQuery = (id: number | string) =>
  queryOptions({
    queryKey: [...customerServiceKeys.all, String(id)],
    queryFn: () => http.get<CustomerService>(CUSTOMER_API.service(id)),
    refetchInterval: (q) => refreshWhileLinkPending(q.state.data),
  });

/** GET /api/platform/orders/{id}/customerService: the same, for the console. */
export const platformCustomerServiceQuery = (id: number | string) =>
  queryOptions({
    queryKey: [...customerServiceKeys.platform, String(id)],
    queryFn: () => platformHttp.get<CustomerService>(CUSTOMER_API.platformService(id)),
    refetchInterval: (q) => refreshWhileLinkPending(q.state.data),
  });

export const useCustomerService = (id: number | string, console = false) => useQuery(console ? platformCustomerServiceQuery(id) : customerServiceQuery(id));

/** POST resend / revoke: a new link by SMS (the old one dies), or the link dead now. */
export function useLinkMutation(kind: 'resend' | 'revoke') {
  const qc = useQueryClient();
  const { message } = App.useApp();
  return useMutation({
    mutationFn: (id: number) => http.post<null>(kind === 'resend' ? CUSTOMER_API.resend(id) : CUSTOMER_API.revoke(id), {}),
    onSuccess: async () => {
      message.success(kind === 'resend' ? CUSTOMER_MSG.linkSent : CUSTOMER_MSG.linkRevoked);
      await qc.invalidateQueries({ queryKey: customerServiceKeys.all });
    },
  });
}

/** GET /api/app/ratings/summary: averages by service type and by product model. */
export const ratingSummaryQuery = (days: number) =>
  queryOptions({ queryKey: [...customerServiceKeys.ratings, days], queryFn: () => http.get<RatingSummary>(CUSTOMER_API.ratingSummary, { query: { days }, silent: true }) });
