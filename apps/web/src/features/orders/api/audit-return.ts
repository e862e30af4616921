import { API } from '@portal/domain/api-paths';
import { http } from '../../../lib/request';
import type { AuditInput } from './audit-praise';
import { useOrderMutation } from './use-order-mutation';

/** POST /api/app/information/audit?orderId&audit&reason (`auditQuery`: audit 1 approve, 2 reject). */
export const auditReturn = (q: AuditInput) => http.post<null>(API.returnAudit, undefined, { query: q, idempotent: true });

export const useAuditReturn = () => useOrderMutation(auditReturn);
