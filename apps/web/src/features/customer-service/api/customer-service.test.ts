import { describe, expect, test } from 'vitest';
import { CUSTOMER_MSG } from '@portal/domain/customer-page';
import { PENDING_LINK_REFRESH_MS, customerServiceQuery, refreshWhileLinkPending, type CustomerService } from './customer-service';

// Decision 293: after 修改客户信息 changes the phone the link waits for the server's sender; the open
// 客户服务 card asks again until it shows the new send.

const withLink = (state: CustomerService['link']['state'], holdReason = '') => ({ link: { state, holdReason } }) as CustomerService;

describe('the 客户服务 card’s query', () => {
  test('asks again while the link waits for its SMS, and stops once it is sent (or revoked, or there is none)', () => {
    expect(refreshWhileLinkPending(withLink('pending'))).toBe(PENDING_LINK_REFRESH_MS);
    for (const state of ['sent', 'revoked', 'expired', 'none'] as const) expect(refreshWhileLinkPending(withLink(state))).toBe(false);
    expect(refreshWhileLinkPending(undefined)).toBe(false);
  });
  test('does not ask again for a link held because the day’s texts are used up (decision 298): it waits for the merchant', () => {
    expect(refreshWhileLinkPending(withLink('pending', CUSTOMER_MSG.linkHeld))).toBe(false);
  });
  test('is the rule of the merchant’s card', () => {
    const q = customerServiceQuery(7);
    const interval = q.refetchInterval as (query: { state: { data: CustomerService | undefined } }) => number | false;
    expect(interval({ state: { data: withLink('pending') } })).toBe(PENDING_LINK_REFRESH_MS);
    expect(interval({ state: { data: withLink('sent') } })).toBe(false);
  });
});
