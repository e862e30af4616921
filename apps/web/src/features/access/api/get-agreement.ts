import { API } from '@portal/domain/api-paths';
import { http } from '../../../lib/request';

export interface Agreement {
  id: number;
  title: string;
  content: string;
}

/** Agreement types (spec 01 §2): 1 privacy, 2 after-sales, 3 service quality commitment, 4 about us. */
export const AGREEMENT = { privacy: 1, afterSales: 2, serviceQuality: 3, aboutUs: 4 } as const;

export const getAgreement = (id: number) => http.get<Agreement>(API.agreement(id));
