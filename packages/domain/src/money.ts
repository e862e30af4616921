// Money is integer fen everywhere inside; the API speaks yuan with two decimals.
export type Fen = number;

/** Yuan (number or numeric string, at most 2 decimals) → integer fen, without float arithmetic. */
export function yuanToFen(yuan: number | string): Fen {
  const s = typeof yuan === 'number' ? yuan.toFixed(2) : String(yuan).trim();
  const m = /^(-)?(\d+)(?:\.(\d{1,2}))?$/.exec(s);
  if (!m) throw new RangeError(`not a money amount: ${s}`);
  const fen = Number(m[2]) * 100 + Number((m[3] ?? '').padEnd(2, '0'));
  return m[1] ? -fen : fen;
}

/**
 * Integer fen → yuan number for the API (e.g. 123456 → 1234.56). Dividing a safe integer by 100 rounds
 * to the double nearest the exact quotient, as parsing its text "1234.56" does: the same number as
 * `Number(fenToYuanText(fen))` (money.test.ts), ~50× cheaper for the lists that answer it per field.
 */
export function fenToYuan(fen: Fen): number {
  const yuan = Math.trunc(fen) / 100;
  return yuan === 0 ? 0 : yuan; // never -0
}

/** Integer fen → "1234.56". */
export function fenToYuanText(fen: Fen): string {
  const sign = fen < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(fen));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** Mask a phone with stars: 13812345678 → 138****5678. */
export const maskPhone = (phone: string | null | undefined) =>
  phone && phone.length >= 7 ? `${phone.slice(0, 3)}****${phone.slice(-4)}` : (phone ?? '');
