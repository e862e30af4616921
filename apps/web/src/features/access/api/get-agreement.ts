import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { API } from '@portal/domain/api-paths';
import type { agreement } from '@portal/domain/contract/site';
import { http } from '../../../lib/request';
import { accessKeys } from './keys';

/** An agreement page (contract `agreement`: id, title, HTML content). */
export type Agreement = z.infer<typeof agreement>;

/** Agreement types (spec 01 §2): 1 privacy, 2 after-sales, 3 service quality commitment, 4 about us. */
export const AGREEMENT = { privacy: 1, afterSales: 2, serviceQuality: 3, aboutUs: 4 } as const;

export const getAgreement = (id: number) => http.get<Agreement>(API.agreement(id));

/** The agreement page (API.agreement); off while no agreement is chosen. */
export const agreementQuery = (id: number | null) =>
  queryOptions({ queryKey: accessKeys.agreement(id), queryFn: () => getAgreement(id!), enabled: id !== null, staleTime: 10 * 60_000 });
