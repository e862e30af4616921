import { useSyncExternalStore } from 'react';
import { STORAGE_KEYS } from '../config/env';

const CHANGE = 'portal:token-change';

/** A session token kept in localStorage under its own key (vendor and platform are separate). */
export function tokenStore(key: string) {
  const notify = () => window.dispatchEvent(new CustomEvent(CHANGE, { detail: key }));
  const get = () => localStorage.getItem(key) ?? '';
  const subscribe = (fn: () => void) => {
    const onStorage = (e: StorageEvent) => e.key === key && fn();
    window.addEventListener(CHANGE, fn);
    window.addEventListener('storage', onStorage);
    return () => {
      window.removeEventListener(CHANGE, fn);
      window.removeEventListener('storage', onStorage);
    };
  };
  return {
    get,
    set: (token: string) => {
      localStorage.setItem(key, token);
      notify();
    },
    clear: () => {
      if (localStorage.getItem(key) === null) return;
      localStorage.removeItem(key);
      notify();
    },
    /** React hook: the current token, re-rendering on sign-in and sign-out (also in other tabs). */
    use: () => useSyncExternalStore(subscribe, get),
  };
}

export const vendorToken = tokenStore(STORAGE_KEYS.token);
export const platformToken = tokenStore(STORAGE_KEYS.platformToken);
