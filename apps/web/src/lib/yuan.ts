import { fenToYuanText, yuanToFen } from '@portal/domain/money';

/** Yuan for display with two decimals ("1,234.56"), computed in fen. */
export function formatYuan(yuan: number | null | undefined): string {
  if (yuan === null || yuan === undefined) return '—';
  const [int, dec] = fenToYuanText(yuanToFen(yuan)).split('.');
  return `${int!.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${dec}`;
}
