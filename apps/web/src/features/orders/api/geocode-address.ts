import type { z } from 'zod';
import { API } from '@portal/domain/api-paths';
import type { geocodeResult } from '@portal/domain/contract/orders';
import { http } from '../../../lib/request';

export type GeoPoint = Pick<z.infer<typeof geocodeResult>, 'lng' | 'lat'>;

/** GET /api/common/maintain/area/getLonlatByAddress; a failure or no point means "not located". */
export async function geocodeAddress(q: { address: string; area: string; city: string }): Promise<GeoPoint | null> {
  try {
    const p = await http.get<z.infer<typeof geocodeResult> | null>(API.geocode, { query: q, silent: true });
    return p && p.lng != null && p.lat != null ? p : null;
  } catch {
    return null;
  }
}
