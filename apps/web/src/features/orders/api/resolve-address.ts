import type { z } from 'zod';
import { API } from '@portal/domain/api-paths';
import type { addressResolution } from '@portal/domain/contract/orders';
import { http } from '../../../lib/request';

/** One person found in a pasted address text (spec 02 §3 Address resolution result). */
export type ResolvedAddress = z.infer<typeof addressResolution>;

/** POST /api/common/maintain/area/resolution/{text}. */
export const resolveAddress = (text: string) => http.post<ResolvedAddress[]>(API.areaResolution(text));
