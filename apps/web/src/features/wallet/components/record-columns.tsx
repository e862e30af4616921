import type { TableColumnsType } from 'antd';
import type { ReactNode } from 'react';
import { payMethod, paymentType } from '@portal/domain/enums';
import { RECORD_COLUMNS, type AccountRecord } from '@portal/domain/wallet';
import { ONE_LINE } from '../../../lib/table-props';
import { PayStatusTag } from './pay-status-tag';
import { formatYuan, SignedAmount } from './money-text';

type Key = (typeof RECORD_COLUMNS)[number]['key'];
// 支付状态, 支付方式 and 备注 are fixed at the right, so a narrow box still shows them (issue 48 item 3).
const CELL: Record<Key, { width: number; align?: 'right'; fixed?: 'right'; oneLine?: boolean; render?: (r: AccountRecord) => ReactNode }> = {
  orderNo: { width: 200, oneLine: true, render: (r) => r.orderNo || <span className="wallet-muted">—</span> },
  paymentType: { width: 90, render: (r) => paymentType.label(r.paymentType) },
  payTime: { width: 170, oneLine: true },
  payAmount: { width: 115, align: 'right', render: (r) => <SignedAmount amount={r.payAmount} changeType={r.changeType} /> },
  balance: { width: 110, align: 'right', render: (r) => <span className="wallet-num">{formatYuan(r.balance)}</span> },
  transactionFlowNo: { width: 215, oneLine: true },
  operator: { width: 110 },
  payStatus: { width: 90, fixed: 'right', render: (r) => <PayStatusTag status={r.payStatus} /> },
  payType: { width: 80, fixed: 'right', render: (r) => payMethod.label(r.payType) },
  remarks: { width: 160, fixed: 'right' },
};

/**
 * The ledger's columns (spec 01 §2) with the same titles as the exported sheet (RECORD_COLUMNS),
 * shared by the vendor's screen and the console's detail drawer.
 */
export const recordColumns: TableColumnsType<AccountRecord> = RECORD_COLUMNS.map(({ key, title }) => {
  const c = CELL[key];
  return {
    key,
    dataIndex: key,
    title: key === 'payAmount' || key === 'balance' ? `${title}（元）` : title,
    width: c.width,
    align: c.align,
    fixed: c.fixed,
    className: c.oneLine ? ONE_LINE : undefined,
    ellipsis: key === 'remarks' ? { showTitle: true } : undefined,
    render: c.render ? (_: unknown, r: AccountRecord) => c.render!(r) : undefined,
  };
});
