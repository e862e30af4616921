import { expect } from 'vitest';

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/** What an answer carries for a stored path: its short-lived signed URL under /files (decision 121). */
export const signedFile = (path: string) => expect.stringMatching(new RegExp(`^/files${escape(path)}\\?expires=\\d+&sig=[0-9a-f]{64}$`));

/** The stored path of a signed URL from an answer (the root and the signature removed). */
export const pathOf = (url: string) => url.replace(/^\/files(?=\/)/, '').replace(/\?.*$/, '');
