import { z } from 'zod';
import { CODE, CODE_TEXT } from '../codes';
import { id } from '../validation';

/**
 * The answer envelope every /api route uses (spec 01 §8), as zod schemas: the server declares them as
 * route response schemas (checked in development and tests, documented in /api/openapi.json), the web
 * may derive its types from them. HTTP is 200 for success and refusal alike; the body `code` tells.
 */

const REFUSAL_CODES = [CODE.badRequest, CODE.unauthorized, CODE.forbidden, CODE.notFound, CODE.serverError, CODE.badSignature] as const;

/** A refusal: a code other than 200, a Chinese message to show as it is, no data. */
export const refusal = z
  .object({
    code: z.literal(REFUSAL_CODES).describe(REFUSAL_CODES.map((c) => `${c} ${CODE_TEXT[c]}`).join('；')),
    msg: z.string().describe('中文提示，原样展示给用户'),
    data: z.null(),
  })
  .meta({ id: 'Refusal', description: 'A refusal (HTTP 200, body code ≠ 200): the message is shown to the user as it is.' });

/** `{code: 200, msg, data}` or a refusal. */
export const envelope = <T extends z.ZodType>(data: T) =>
  z.union([z.object({ code: z.literal(CODE.ok), msg: z.string(), data }), refusal]);

/** `{code: 200, msg, rows, total}` (a page of a list) or a refusal. */
export const pageEnvelope = <T extends z.ZodType>(row: T) =>
  z.union([
    z.object({
      code: z.literal(CODE.ok),
      msg: z.string(),
      rows: z.array(row),
      total: z.number().int().nonnegative(),
      totalBounded: z.boolean().optional().describe('more rows match than `total`; only `total` were counted'),
    }),
    refusal,
  ]);

/** An answer with `data: null` (a write that returns nothing but its message). */
export const noData = envelope(z.null());

/** Path parameter `:id`: a positive id; anything else answers 404 as a missing id does. */
export const idParams = z.object({ id });

/** A time as the API writes it: Asia/Shanghai `YYYY-MM-DD HH:mm:ss`, '' when unset. */
export const time = z.string();
/** Money as the API writes it: yuan (a number with at most two decimals). */
export const yuan = z.number();

/** A file download (xlsx, zip) — or, when refused before the file starts, the JSON refusal. */
export const download = z.union([z.string().meta({ format: 'binary', description: '文件内容' }), refusal]);
