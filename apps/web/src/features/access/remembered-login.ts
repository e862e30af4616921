import { STORAGE_KEYS } from '../../config/env';

/** Spec 01 §3 session entity: the "记住密码" record. */
export interface RememberedLogin {
  isSubAccountFlag: boolean;
  userName: string;
  password: string;
}

export function readRememberedLogin(): RememberedLogin | null {
  try {
    const raw = localStorage.getItem(STORAGE_KEYS.rememberedLogin);
    if (!raw) return null;
    const v = JSON.parse(raw) as Partial<RememberedLogin>;
    if (typeof v.userName !== 'string' || typeof v.password !== 'string') return null;
    return { isSubAccountFlag: !!v.isSubAccountFlag, userName: v.userName, password: v.password };
  } catch {
    return null;
  }
}

export function writeRememberedLogin(v: RememberedLogin | null) {
  if (v) localStorage.setItem(STORAGE_KEYS.rememberedLogin, JSON.stringify(v));
  else localStorage.removeItem(STORAGE_KEYS.rememberedLogin);
}
