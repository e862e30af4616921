import { API } from '@portal/domain/api-paths';
import { http } from '../../../lib/request';
import { useOrderMutation } from './use-order-mutation';

/** POST /api/app/information/audit?orderId&audit&reason (audit 1 approve, 2 reject). */
export const auditReturn = (q: { orderId: number; audit: 1 | 2; reason: string }) => http.post<unknown>(API.returnAudit, undefined, { query: q, idempotent: true });

export const useAuditReturn = () => useOrderMutation(auditReturn);
