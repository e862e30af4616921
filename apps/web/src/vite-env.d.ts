/// <reference types="vite/client" />

/** Request-signature key, injected at build time from SIGN_KEY (vite.config.ts). */
declare const __SIGN_KEY__: string;
