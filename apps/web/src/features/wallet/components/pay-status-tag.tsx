import { Tag, Tooltip } from 'antd';
import { PAY_STATUS, PAY_STATUS_REJECTED } from '@portal/domain/enums';
import { payStatusLabel } from '@portal/domain/wallet';

const COLOR: Record<number, string> = {
  [PAY_STATUS.paid]: 'blue',
  [PAY_STATUS.awaitingConfirm]: 'gold',
  [PAY_STATUS.confirmed]: 'green',
  [PAY_STATUS.refunded]: 'purple',
  [PAY_STATUS_REJECTED]: 'red',
};

/** Pay status as a coloured tag; a refusal shows its reason on hover. */
export function PayStatusTag({ status, reason }: { status: number; reason?: string }) {
  const tag = <Tag color={COLOR[status] ?? 'default'}>{payStatusLabel(status) || '—'}</Tag>;
  return reason ? <Tooltip title={reason}>{tag}</Tooltip> : tag;
}
