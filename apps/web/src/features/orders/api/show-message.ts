import type { z } from 'zod';
import { API } from '@portal/domain/api-paths';
import type { phoneWarning } from '@portal/domain/contract/orders';
import { http } from '../../../lib/request';

/** GET /api/app/order/showMessage?phone: a warning about this customer phone, or empty. */
export const getPhoneWarning = async (phone: string): Promise<string> => {
  const data = await http.get<z.infer<typeof phoneWarning> | null>(API.orderShowMessage, { query: { phone } });
  return data?.message ?? '';
};
