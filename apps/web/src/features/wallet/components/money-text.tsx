import { CHANGE_TYPE } from '@portal/domain/enums';
import { formatYuan } from '../../../lib/yuan';

export { formatYuan };

/** A ledger amount with a plus sign for income and a minus sign for expense (spec 01 §2). */
export function SignedAmount({ amount, changeType }: { amount: number; changeType: number }) {
  const income = changeType === CHANGE_TYPE.income;
  return <span className={income ? 'wallet-amount wallet-amount--in' : 'wallet-amount wallet-amount--out'}>{`${income ? '+' : '-'}${formatYuan(amount)}`}</span>;
}
