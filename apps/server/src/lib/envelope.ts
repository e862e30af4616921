export const OK_MSG = '操作成功';
export const ok = <T>(data?: T, msg = OK_MSG) => ({ code: 200, msg, data: data ?? null });
export const page = <T>(rows: T[], total: number) => ({ code: 200, msg: OK_MSG, rows, total });
const COMMA = Buffer.from(',');
/** `page` for rows that are JSON already (the order list's cards), each row given in pieces: the answer's bytes. */
export const pageOfJson = (rows: ReadonlyArray<readonly Buffer[]>, total: number) => {
  const parts: Buffer[] = [Buffer.from(`{"code":200,"msg":${JSON.stringify(OK_MSG)},"rows":[`)];
  rows.forEach((pieces, i) => {
    if (i) parts.push(COMMA);
    parts.push(...pieces);
  });
  parts.push(Buffer.from(`],"total":${total}}`));
  return Buffer.concat(parts);
};
