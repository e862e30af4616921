import { API } from '@portal/domain/api-paths';
import { http } from '../../../lib/request';
import { useOrderMutation } from './use-order-mutation';

/** GET /api/app/praise/audit?orderId&reason&audit (audit 1 approve, 2 reject) — a GET per spec 02 §7. */
export const auditPraise = (q: { orderId: number; audit: 1 | 2; reason: string }) => http.get<unknown>(API.praiseAudit, { query: q, lock: true, idempotent: true });

export const useAuditPraise = () => useOrderMutation(auditPraise);
