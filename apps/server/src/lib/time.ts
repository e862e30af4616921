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

/** 'YYYY-MM-DD' or 'YYYY-MM-DD HH:mm:ss' in Shanghai time → UTC ISO; null when not a date. */
export function fromShanghai(text: string | null | undefined, endOfDay = false): string | null {
  if (!text) return null;
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/.exec(text.trim());
  if (!m) return null;
  const [, y, mo, d, h, mi, s] = m;
  const hasTime = h !== undefined;
  const ms = Date.UTC(+y!, +mo! - 1, +d!, hasTime ? +h! : endOfDay ? 23 : 0, hasTime ? +mi! : endOfDay ? 59 : 0, s ? +s : endOfDay && !hasTime ? 59 : 0);
  if (Number.isNaN(ms)) return null;
  return new Date(ms - SHANGHAI_OFFSET_MS + (endOfDay && !hasTime ? 999 : 0)).toISOString();
}

/**
 * 'YYYYMMDDHHmmss' in Asia/Shanghai: the one clock every number and file name we make starts with
 * (order, flow and invoice numbers, export names; issue 48 item 9).
 */
export const shanghaiStamp = (iso: string = nowIso()) => toShanghai(iso).replace(/\D/g, '');

/** Shanghai calendar date of now, 'YYYY-MM-DD'. */
export const shanghaiToday = () => toShanghai(nowIso()).slice(0, 10);
