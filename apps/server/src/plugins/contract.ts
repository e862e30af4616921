import type { FastifyInstance } from 'fastify';
import { $ZodType, safeParse } from 'zod/v4/core';
import { firstMessage } from '@portal/domain/validation';
import { badRequest, notFound } from '../lib/errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * 'query+body': the body schema checks the query string and the JSON body merged (body wins):
     * the exports and the return audit take their filters either way (the web's POST-blob download).
     */
    input?: 'query+body';
  }
}

type Schemas = { params?: unknown; querystring?: unknown; body?: unknown };
const notChecked = new WeakSet<object>();
const zodOf = (s: unknown) => (s instanceof $ZodType && !notChecked.has(s) ? s : null);

/**
 * A request schema for the document only: the handler parses the input itself (a body whose rules
 * depend on who calls, a multipart form). The handler receives the input as sent.
 */
export function documentedOnly<T extends object>(schema: T): T {
  notChecked.add(schema);
  return schema;
}

/** A handler answered a shape its response schema does not describe (development and tests only). */
export class ResponseShapeError extends Error {
  constructor(method: string, url: string, status: number, issues: unknown) {
    super(`${method} ${url} answered HTTP ${status} with a body its response schema does not describe: ${JSON.stringify(issues)}`);
  }
}

/**
 * Route schemas (decision 150): every route declares `schema: { params, querystring, body, response }`
 * with the domain package's zod schemas (`@portal/domain/contract/*` for answers).
 *
 * - Input is checked by one preHandler hook, registered after the signature, session and input-guard
 *   hooks and before the idempotency claim — the order refusals had when handlers called `parse`:
 *   an unsigned or signed-out call is refused as such before its body is looked at. Fastify's own
 *   validation phase runs before every preHandler, so its validator compiler is a no-op here.
 *   A path parameter that fails answers 404 数据不存在 (as a missing id does, decision 125); a query or
 *   body that fails answers 400 with the first rule's (spec) message. The handler gets the parsed
 *   values (defaults, coercions and transforms applied).
 * - Answers: the response schema of the status is checked with zod before `JSON.stringify` when
 *   `checkResponses` is on (development and tests): a handler answering a shape its schema does not
 *   describe fails with HTTP 500 (a failing test, not silent drift). In production the answer is
 *   serialised without the check.
 */
export function registerContract(app: FastifyInstance, checkResponses: boolean) {
  app.setValidatorCompiler(() => () => true);
  app.setSerializerCompiler(({ schema, method, url, httpStatus }) => {
    const zod = zodOf(schema);
    if (!checkResponses || !zod) return (data) => JSON.stringify(data);
    return (data) => {
      const r = safeParse(zod, data);
      if (!r.success) throw new ResponseShapeError(method, url, Number(httpStatus), r.error.issues);
      return JSON.stringify(data);
    };
  });

  app.addHook('preHandler', async (req) => {
    const s = req.routeOptions.schema as Schemas | undefined;
    if (!s) return;
    const params = zodOf(s.params);
    if (params) {
      const r = safeParse(params, req.params ?? {});
      if (!r.success) throw notFound();
      req.params = r.data;
    }
    const query = zodOf(s.querystring);
    if (query) {
      const r = safeParse(query, req.query ?? {});
      if (!r.success) throw badRequest(firstMessage(r.error));
      req.query = r.data;
    }
    const body = zodOf(s.body);
    if (body) {
      const input = req.routeOptions.config?.input === 'query+body' ? { ...(req.query as object), ...(req.body as object) } : (req.body ?? {});
      const r = safeParse(body, input);
      if (!r.success) throw badRequest(firstMessage(r.error));
      req.body = r.data;
    }
  });
}
