import type { ZodType } from 'zod';
import { CODE } from '@portal/domain/codes';
import { MSG } from '@portal/domain/messages';
import { firstMessage } from '@portal/domain/validation';

/** A business error: answered as HTTP 200 with this body code and message. */
export class AppError extends Error {
  constructor(
    public readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

export const badRequest = (msg: string) => new AppError(CODE.badRequest, msg);
export const notFound = (msg = '数据不存在') => new AppError(CODE.notFound, msg);
export const forbidden = () => new AppError(CODE.forbidden, MSG.forbidden);
export const unauthorized = () => new AppError(CODE.unauthorized, MSG.notLoggedIn);

/** Parse input with a domain schema; a failure answers 400 with the first rule's spec message. */
export function parse<T>(schema: ZodType<T>, input: unknown): T {
  const r = schema.safeParse(input ?? {});
  if (!r.success) throw badRequest(firstMessage(r.error));
  return r.data;
}
