import type { FastifyInstance } from 'fastify';
import { INPUT_MSG, containsControlChars } from '@portal/domain/validation';
import { badRequest } from '../lib/errors';

/**
 * No /api call carries a NUL byte or another control character (tab and line breaks aside) in its
 * path, query or JSON body: no form sends one, and PostgreSQL refuses a NUL in text. One check
 * for every route, before any handler reads the input (decision 125).
 */
export function registerInputGuard(app: FastifyInstance) {
  app.addHook('preHandler', async (req) => {
    if (!req.routeOptions.config?.access) return;
    if (containsControlChars(req.params) || containsControlChars(req.query) || containsControlChars(req.body)) {
      throw badRequest(INPUT_MSG.illegalText);
    }
  });
}
