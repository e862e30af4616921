import { API } from '@portal/domain/api-paths';
import { http } from '../../../lib/request';

/** GET /api/app/order/showMessage?phone: a warning about this customer phone, or empty. */
export const getPhoneWarning = async (phone: string): Promise<string> => {
  const data = await http.get<string | { message?: string; msg?: string } | null>(API.orderShowMessage, { query: { phone } });
  if (!data) return '';
  return typeof data === 'string' ? data : (data.message ?? data.msg ?? '');
};
