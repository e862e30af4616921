import { API } from '@portal/domain/api-paths';
import { http } from '../../../lib/request';

/** One person found in a pasted address text (spec 02 §3 Address resolution result). */
export interface ResolvedAddress {
  name: string;
  mobile: string[];
  xzq: { province: string; provinceCode: string; city: string; pCode: string; district: string; code: string; subArea: string };
  detail?: string;
}

/** POST /api/common/maintain/area/resolution/{text}. */
export const resolveAddress = (text: string) => http.post<ResolvedAddress[]>(API.areaResolution(text));
