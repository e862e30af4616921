import { CHANGE_TYPE } from '@portal/domain/enums';
import { fenToYuanText, yuanToFen } from '@portal/domain/money';

/** Yuan for display with two decimals ("1,234.56"), computed in fen. */
export function formatYuan(yuan: number | null | undefined): string {
  if (yuan === null || yuan === undefined) return '—';
  const [int, dec] = fenToYuanText(yuanToFen(yuan)).split('.');
  return `${int!.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${dec}`;
}

/** A ledger amount with a plus sign for income and a minus sign for expense (spec 01 §2). */
export function SignedAmount({ amount, changeType }: { amount: number; changeType: number }) {
  const income = changeType === CHANGE_TYPE.income;
  return <span className={income ? 'wallet-amount wallet-amount--in' : 'wallet-amount wallet-amount--out'}>{`${income ? '+' : '-'}${formatYuan(amount)}`}</span>;
}
