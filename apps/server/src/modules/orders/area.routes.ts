import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '@portal/domain/contract/envelope';
import { addressResolution, geocodeResult } from '@portal/domain/contract/orders';
import { documentedOnly } from '../../plugins/contract';
import { API } from '@portal/domain/api-paths';
import { addressTextBody } from '@portal/domain/orders';
import { ok } from '../../lib/envelope';
import { parse } from '../../lib/errors';
import { geocode, resolveAddressText } from './address-resolution';

/** Address recognition and the geocoder of the order form (spec 02 §7 Area resolution). */
export default async function areaRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // A wildcard, not a :param: pasted addresses are far longer than Fastify's parameter limit.
  // The text is decoded and checked by the handler (addressTextBody's messages).
  const resolved = { 200: envelope(z.array(addressResolution)) };
  const textParam = documentedOnly(z.object({ '*': z.string().describe('粘贴的地址文本（URL 编码）') }));
  app.post('/api/common/maintain/area/resolution/*', { config: { access: 'user' }, schema: { params: textParam, response: resolved } }, async (req) => {
    let text = req.params['*'] ?? '';
    try {
      text = decodeURIComponent(text);
    } catch {
      // already decoded by the router, or a stray '%': use it as it came
    }
    return ok(await resolveAddressText(app.db, parse(addressTextBody, text)));
  });
  // An empty text never reaches the parameter route: answer its message rather than HTTP 404.
  app.post('/api/common/maintain/area/resolution', { config: { access: 'user' }, schema: { response: resolved } }, async () => ok(parse(addressTextBody, '')) as never);
  const geocodeQuery = documentedOnly(z.object({ address: z.string().optional(), area: z.string().optional(), city: z.string().optional() }));
  app.get(API.geocode, { config: { access: 'user' }, schema: { querystring: geocodeQuery, response: { 200: envelope(geocodeResult) } } }, async (req) =>
    ok(await geocode(app.db, req.query)),
  );
}
