import { API } from '@portal/domain/api-paths';
import { http } from '../../../lib/request';

/** GET /api/app/order/clickCopy/{id}: the text to put on the clipboard. */
export const getOrderCopyText = (id: number) => http.get<string>(API.orderCopy(id));
