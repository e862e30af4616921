export const OK_MSG = '操作成功';
export const ok = <T>(data?: T, msg = OK_MSG) => ({ code: 200, msg, data: data ?? null });
export const page = <T>(rows: T[], total: number) => ({ code: 200, msg: OK_MSG, rows, total });
/**
 * `page` for rows that are JSON already (the order list's cards, joined by commas): the answer's bytes.
 * `totalBounded`: more than `total` rows match, and only `total` were counted (decision 132).
 */
export const pageOfJson = (rows: Buffer, total: number, totalBounded = false) =>
  Buffer.concat([Buffer.from(`{"code":200,"msg":${JSON.stringify(OK_MSG)},"rows":[`), rows, Buffer.from(`],"total":${total}${totalBounded ? ',"totalBounded":true' : ''}}`)]);
