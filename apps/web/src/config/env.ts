export const SIGN_KEY: string = __SIGN_KEY__;
/** Spec 01 §9: every request times out after 50 s. */
export const REQUEST_TIMEOUT_MS = 50_000;
/** Spec 01 §7: a duplicate request's lock is released 200 ms after the first one completes. */
export const DUPLICATE_LOCK_RELEASE_MS = 200;
export const STORAGE_KEYS = {
  token: 'portal.token',
  platformToken: 'portal.platformToken',
  rememberedLogin: 'portal.rememberedLogin',
} as const;
