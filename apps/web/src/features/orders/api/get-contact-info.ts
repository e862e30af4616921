import { API } from '@portal/domain/api-paths';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/request';

export interface ContactInfo {
  contactName: string;
  contactPhone: string;
}

/** GET /api/app/order/getContactInfo: the order contact the form starts with. */
export const getContactInfo = () => http.get<ContactInfo>(API.orderContactInfo);

export const useContactInfo = () => useQuery({ queryKey: ['orders', 'contactInfo'], queryFn: getContactInfo, staleTime: 60_000 });
