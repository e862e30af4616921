/**
 * A v4 UUID from getRandomValues: crypto.randomUUID exists only in secure contexts, and the portal
 * may be served over plain http inside a company network.
 */
export function newIdempotencyKey(): string {
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/**
 * One Idempotency-Key per user action (decision 128). An action is identified by its request (method,
 * path, query, body): a double click, a request the duplicate-lock refused, and a retry after a network
 * error or timeout all carry the key of the first try. Once the server has answered the action for
 * good (success or refusal), the key is dropped after the duplicate-lock window: the next identical
 * request is a new action with a new key.
 */
export function createActionKeys(settleDelayMs: number) {
  const keys = new Map<string, string>();
  return {
    keyFor(action: string): string {
      let key = keys.get(action);
      if (!key) {
        key = newIdempotencyKey();
        keys.set(action, key);
      }
      return key;
    },
    settle(action: string, key: string) {
      setTimeout(() => {
        if (keys.get(action) === key) keys.delete(action);
      }, settleDelayMs);
    },
  };
}
