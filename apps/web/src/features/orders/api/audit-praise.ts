import type { z } from 'zod';
import { API } from '@portal/domain/api-paths';
import type { auditQuery } from '@portal/domain/orders';
import { http } from '../../../lib/request';
import { useOrderMutation } from './use-order-mutation';

/** What `auditQuery` accepts (audit 1 approve, 2 reject with a reason). */
export type AuditInput = z.input<typeof auditQuery> & { orderId: number; audit: 1 | 2; reason: string };

/** GET /api/app/praise/audit?orderId&reason&audit — a GET per spec 02 §7. */
export const auditPraise = (q: AuditInput) => http.get<null>(API.praiseAudit, { query: q, lock: true, idempotent: true });

export const useAuditPraise = () => useOrderMutation(auditPraise);
