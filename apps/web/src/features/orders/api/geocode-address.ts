import { API } from '@portal/domain/api-paths';
import { http } from '../../../lib/request';

export interface GeoPoint {
  lng: number | null;
  lat: number | null;
}

/** GET /api/common/maintain/area/getLonlatByAddress; a failure or no point means "not located". */
export async function geocodeAddress(q: { address: string; area: string; city: string }): Promise<GeoPoint | null> {
  try {
    const p = await http.get<GeoPoint | null>(API.geocode, { query: q, silent: true });
    return p && p.lng != null && p.lat != null ? p : null;
  } catch {
    return null;
  }
}
