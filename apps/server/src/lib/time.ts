// Stored times are UTC ISO text (sorts and compares the same on SQLite and PostgreSQL);
// the API shows YYYY-MM-DD HH:mm:ss in Asia/Shanghai, which has had no DST since 1991.
const SHANGHAI_OFFSET_MS = 8 * 3600 * 1000;

export const nowIso = () => new Date().toISOString();
export const isoIn = (ms: number) => new Date(Date.now() + ms).toISOString();

const CANONICAL_ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{3})?Z$/;

export function toShanghai(iso: string | null | undefined): string {
  if (!iso) return '';
  // Most stored times are canonical and before 16:00 UTC: the date stays, the hour moves by 8.
  // (Answers run this for every time of every row; the Date round trip is several times slower.)
  if (CANONICAL_ISO.test(iso)) {
    const hour = Number(iso.slice(11, 13)) + 8;
    if (hour < 24) return `${iso.slice(0, 10)} ${hour < 10 ? '0' : ''}${hour}${iso.slice(13, 19)}`;
  }
  const text = new Date(Date.parse(iso) + SHANGHAI_OFFSET_MS).toISOString();
  return `${text.slice(0, 10)} ${text.slice(11, 19)}`;
}

const SHANGHAI_TEXT = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/;
const DAY_MS = 86_400_000;
const LAST_ISO_MS = Date.UTC(9999, 11, 31, 23, 59, 59, 999);

/** The UTC instant a Shanghai text names, and how long the day, minute or second it names lasts. */
function readShanghai(text: string | null | undefined): { ms: number; span: number } | null {
  const m = text ? SHANGHAI_TEXT.exec(text.trim()) : null;
  if (!m) return null;
  const [, y, mo, d, h, mi, s] = m;
  const ms = Date.UTC(+y!, +mo! - 1, +d!, h ? +h : 0, mi ? +mi : 0, s ? +s : 0) - SHANGHAI_OFFSET_MS;
  if (Number.isNaN(ms)) return null;
  return { ms, span: h === undefined ? DAY_MS : s === undefined ? 60_000 : 1000 };
}

/** 'YYYY-MM-DD' or 'YYYY-MM-DD HH:mm:ss' in Shanghai time → UTC ISO; null when not a date. */
export function fromShanghai(text: string | null | undefined): string | null {
  const t = readShanghai(text);
  return t ? new Date(t.ms).toISOString() : null;
}

/**
 * The exclusive end of a range that ends at `text`: the first instant after the day, minute or second it
 * names, so 'YYYY-MM-DD' and 'YYYY-MM-DD 23:59:59' both take in the whole day — stored times carry
 * milliseconds, and a `<= …23:59:59.000` left out 23:59:59.001–.999. Filter with `<`. Null when not a
 * date, or when the range ends after the last time ISO text can hold (no end).
 */
export function untilShanghai(text: string | null | undefined): string | null {
  const t = readShanghai(text);
  return t && t.ms + t.span <= LAST_ISO_MS ? new Date(t.ms + t.span).toISOString() : null;
}

/**
 * 'YYYYMMDDHHmmss' in Asia/Shanghai: the one clock every number and file name we make starts with
 * (order, flow and invoice numbers, export names; issue 48 item 9).
 */
export const shanghaiStamp = (iso: string = nowIso()) => toShanghai(iso).replace(/\D/g, '');

/** Shanghai calendar date of now, 'YYYY-MM-DD'. */
export const shanghaiToday = () => toShanghai(nowIso()).slice(0, 10);
