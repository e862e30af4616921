export const OK_MSG = '操作成功';
/** `data` absent or undefined answers null (typed so, for the route's response schema). */
type DataOf<T> = [T] extends [void | undefined] ? null : Exclude<T, undefined> | (undefined extends T ? null : never);
export const ok = <T = null>(data?: T, msg = OK_MSG) => ({ code: 200 as const, msg, data: (data ?? null) as DataOf<T> });
/** A page of a list; `totalBounded`: more than `total` rows match, and only `total` were counted (decision 132). */
export const page = <T>(rows: T[], total: number, totalBounded = false) => ({ code: 200 as const, msg: OK_MSG, rows, total, ...(totalBounded ? { totalBounded: true as const } : {}) });
