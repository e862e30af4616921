export declare class UnpackRefused extends Error {
  readonly reason: 'invalid' | 'tooLarge';
  constructor(reason: 'invalid' | 'tooLarge');
}

/**
 * The entries of the zip `bytes` (name → content), inflated to at most `maxBytes` in all, counted on
 * the bytes actually inflated. Throws UnpackRefused.
 */
export declare function unpackBounded(bytes: Uint8Array, maxBytes: number): Promise<Map<string, Buffer>>;
