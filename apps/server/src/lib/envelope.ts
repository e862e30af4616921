export const OK_MSG = '操作成功';
/** `data` absent or undefined answers null (typed so, for the route's response schema). */
type DataOf<T> = [T] extends [void | undefined] ? null : Exclude<T, undefined> | (undefined extends T ? null : never);
export const ok = <T = null>(data?: T, msg = OK_MSG) => ({ code: 200 as const, msg, data: (data ?? null) as DataOf<T> });
export const page = <T>(rows: T[], total: number) => ({ code: 200 as const, msg: OK_MSG, rows, total });
/**
 * `page` for rows that are JSON already (the order list's cards, joined by commas): the answer's bytes.
 * `totalBounded`: more than `total` rows match, and only `total` were counted (decision 132).
 */
export const pageOfJson = (rows: Buffer, total: number, totalBounded = false) =>
  Buffer.concat([Buffer.from(`{"code":200,"msg":${JSON.stringify(OK_MSG)},"rows":[`), rows, Buffer.from(`],"total":${total}${totalBounded ? ',"totalBounded":true' : ''}}`)]);
