export const OK_MSG = '操作成功';
export const ok = <T>(data?: T, msg = OK_MSG) => ({ code: 200, msg, data: data ?? null });
export const page = <T>(rows: T[], total: number) => ({ code: 200, msg: OK_MSG, rows, total });
