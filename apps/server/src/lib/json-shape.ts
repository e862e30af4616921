/** Deeper than any body a client of ours sends (the order form's is 5 levels). */
export const JSON_MAX_DEPTH = 32;
/** Far more values than any form sends (the order form at its caps: a few thousand). */
export const JSON_MAX_VALUES = 50_000;

/**
 * Whether a JSON text stays within `JSON_MAX_DEPTH` levels and `JSON_MAX_VALUES` values, read in one
 * pass without parsing. `JSON.parse` of a 2 MB body nested 900,000 levels deep blocks the process for
 * about a second, and one of 150,000 keys for a tenth: this pass costs a few milliseconds at most, so a
 * hostile body is refused before it is parsed (decision 284).
 */
export function jsonShape(text: string): 'ok' | 'tooDeep' | 'tooManyValues' {
  let depth = 0;
  let values = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 34 /* " */) {
      // skip the string, escapes included
      for (i++; i < text.length; i++) {
        const s = text.charCodeAt(i);
        if (s === 92 /* \ */) i++;
        else if (s === 34) break;
      }
    } else if (c === 91 /* [ */ || c === 123 /* { */) {
      if (++depth > JSON_MAX_DEPTH) return 'tooDeep';
    } else if (c === 93 /* ] */ || c === 125 /* } */) {
      depth--;
    } else if (c === 44 /* , */) {
      if (++values > JSON_MAX_VALUES) return 'tooManyValues';
    }
  }
  return 'ok';
}
