import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CODE } from '@portal/domain/codes';
import { MSG } from '@portal/domain/messages';
import { INPUT_MSG } from '@portal/domain/validation';
import { AppError } from '../lib/errors';

/** One error handler: business errors answer HTTP 200 with their code; nothing leaks a stack. */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((err: any, req, reply) => {
    if (err instanceof AppError) return reply.status(200).send({ code: err.code, msg: err.message, data: null });
    // Fastify's own client errors (bad JSON, too large, wrong content type) are the caller's fault.
    const status = typeof err.statusCode === 'number' ? err.statusCode : 500;
    if (status >= 400 && status < 500) {
      const msg = err.code === 'FST_REQ_FILE_TOO_LARGE' || err.code === 'FST_ERR_CTP_BODY_TOO_LARGE' ? tooLargeMessage(req) : MSG.apiError;
      return reply.status(200).send({ code: CODE.badRequest, msg, data: null });
    }
    // A PostgreSQL data exception (SQLSTATE class 22: a number out of range, a NUL in text, a bad
    // date) can only come from a value the caller sent that no rule caught: refused, the
    // transaction rolled back. Logged, since a rule should have caught it first (decision 125).
    if (typeof err.code === 'string' && err.code.startsWith('22') && typeof err.severity === 'string') {
      req.log.warn({ err, url: req.url }, 'input reached the database unchecked');
      return reply.status(200).send({ code: CODE.badRequest, msg: INPUT_MSG.outOfRange, data: null });
    }
    req.log.error({ err }, 'unhandled error');
    return reply.status(500).send({ code: CODE.serverError, msg: MSG.serverError, data: null });
  });
  app.setNotFoundHandler((req, reply) => {
    if (req.url.startsWith('/api')) return reply.status(404).send({ code: CODE.notFound, msg: MSG.notFound, data: null });
    return reply.status(404).type('text/plain; charset=utf-8').send('Not Found');
  });
}

/** Only a multipart request uploads a file; any other body over the limit is a request too large. */
function tooLargeMessage(req: FastifyRequest) {
  return String(req.headers['content-type'] ?? '').toLowerCase().startsWith('multipart/') ? MSG.uploadTooLarge : MSG.requestTooLarge;
}

/**
 * A path parameter longer than the router's bound, or a URL whose percent-encoding is broken, is
 * answered by Fastify before any route or error handler (HTTP 414 / 400 with English JSON): the
 * `frameworkErrors` option of the server answers it as a refusal in the envelope instead.
 */
export function frameworkErrors(_err: Error, _req: FastifyRequest, reply: FastifyReply) {
  return reply.status(200).send({ code: CODE.badRequest, msg: INPUT_MSG.badFormat, data: null });
}

/** Longest path parameter: a batch of IDS_MAX ten-digit ids, comma-joined (products/delete/{ids}). */
export const PATH_PARAM_MAX = 11_000;
