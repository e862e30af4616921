import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { API } from '@portal/domain/api-paths';
import type { contactInfo } from '@portal/domain/contract/orders';
import { http } from '../../../lib/request';
import { orderKeys } from './keys';

export type ContactInfo = z.infer<typeof contactInfo>;

/** GET /api/app/order/getContactInfo: the order contact the form starts with. */
export const getContactInfo = () => http.get<ContactInfo>(API.orderContactInfo);

export const contactInfoQuery = () => queryOptions({ queryKey: [...orderKeys.all, 'contactInfo'], queryFn: getContactInfo, staleTime: 60_000 });
export const useContactInfo = () => useQuery(contactInfoQuery());
