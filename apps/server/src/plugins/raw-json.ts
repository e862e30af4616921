import type { FastifyInstance } from 'fastify';
import { badRequest } from '../lib/errors';
import { MSG } from '@portal/domain/messages';
import { jsonShape } from '../lib/json-shape';

/**
 * Parse JSON ourselves so the signature check can hash the body exactly as it was sent; a body too deep
 * or of too many values is refused unparsed (decision 284).
 */
export function registerRawJson(app: FastifyInstance) {
  app.decorateRequest('rawBody', '');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 2 * 1024 * 1024 }, (req, body, done) => {
    const text = body as string;
    req.rawBody = text;
    if (text.trim() === '') return done(null, {});
    const shape = jsonShape(text);
    if (shape !== 'ok') return done(badRequest(shape === 'tooDeep' ? MSG.apiError : MSG.requestTooLarge), undefined);
    try {
      done(null, JSON.parse(text));
    } catch {
      done(badRequest(MSG.apiError), undefined);
    }
  });
}
