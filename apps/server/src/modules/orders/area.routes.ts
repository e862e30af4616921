import type { FastifyInstance } from 'fastify';
import { API } from '@portal/domain/api-paths';
import { addressTextBody } from '@portal/domain/orders';
import { ok } from '../../lib/envelope';
import { parse } from '../../lib/errors';
import { geocode, resolveAddressText } from './address-resolution';

/** Address recognition and the geocoder of the order form (spec 02 §7 Area resolution). */
export default async function areaRoutes(app: FastifyInstance) {
  // A wildcard, not a :param: pasted addresses are far longer than Fastify's parameter limit.
  app.post<{ Params: { '*': string } }>('/api/common/maintain/area/resolution/*', { config: { access: 'user' } }, async (req) => {
    let text = req.params['*'] ?? '';
    try {
      text = decodeURIComponent(text);
    } catch {
      // already decoded by the router, or a stray '%': use it as it came
    }
    return ok(await resolveAddressText(app.db, parse(addressTextBody, text)));
  });
  // An empty text never reaches the parameter route: answer its message rather than HTTP 404.
  app.post('/api/common/maintain/area/resolution', { config: { access: 'user' } }, async () => ok(parse(addressTextBody, '')));
  app.get<{ Querystring: { address?: string; area?: string; city?: string } }>(API.geocode, { config: { access: 'user' } }, async (req) =>
    ok(await geocode(app.db, req.query)),
  );
}
