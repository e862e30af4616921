// Idempotent writes (decisions 127–129): the header a client sends once per user action, its shape,
// and the refusals of the server. Both the server and the web take them from here.

/** Request header carrying the key; lower case as Node and fetch present it. */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** Answer header set on a replayed (stored) answer. */
export const IDEMPOTENCY_REPLAYED_HEADER = 'idempotent-replayed';
/** How long a key and its stored answer live. */
export const IDEMPOTENCY_TTL_MS = 24 * 3600 * 1000;
/** A key: 8–64 letters, digits, `-`, `_`, `.` or `:` (a UUID is 36). */
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9._:-]{8,64}$/;

export const IDEMPOTENCY_MSG = {
  /** The key was used before for another request (another path or body). */
  keyReused: '幂等键已用于其他请求，请刷新页面后重新操作',
  /** The first request with this key is still running. */
  inProgress: '请求处理中，请勿重复提交',
  /** The header is present but is not a key. */
  badKey: '幂等键格式不正确',
} as const;
