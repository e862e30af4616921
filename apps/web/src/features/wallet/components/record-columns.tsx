import { Tooltip, type TableColumnsType, type ThemeConfig } from 'antd';
import type { ReactNode } from 'react';
import { payMethod, paymentType } from '@portal/domain/enums';
import { RECORD_COLUMNS, type AccountRecord } from '@portal/domain/wallet';
import { ONE_LINE } from '../../../lib/table-props';
import { PayStatusTag } from './pay-status-tag';
import { formatYuan, SignedAmount } from './money-text';

type Key = (typeof RECORD_COLUMNS)[number]['key'];
type Cell = { width: number; align?: 'right'; fixed?: 'right'; oneLine?: boolean; clip?: 'end' | 'start'; blank?: ReactNode; render?: (r: AccountRecord) => ReactNode };

/** A long text cut to its column with an ellipsis; the whole text in a tooltip (and in a copy of the cell). */
const clipped = (text: string, blank: ReactNode = null) => (text ? <Tooltip title={text} placement="topLeft">{text}</Tooltip> : blank);

// All ten columns fit the 932 px the page gives the table at 1366 and 1440 wide (review books #4), in the
// spec's order: 订单号, 交易流水号, 操作人 and 备注 are cut with a tooltip, so 金额 and 余额 stay side by side.
// Order and flow numbers lose their start, not their end: the rows' numbers differ in their last digits.
// 支付状态, 支付方式 and 备注 stay fixed at the right for a narrower box (issue 48 item 3).
const CELL: Record<Key, Cell> = {
  orderNo: { width: 122, clip: 'start', blank: <span className="wallet-muted">—</span> },
  paymentType: { width: 72, render: (r) => paymentType.label(r.paymentType) },
  payTime: { width: 142, oneLine: true },
  payAmount: { width: 90, align: 'right', render: (r) => <SignedAmount amount={r.payAmount} changeType={r.changeType} /> },
  balance: { width: 92, align: 'right', render: (r) => <span className="wallet-num">{formatYuan(r.balance)}</span> },
  transactionFlowNo: { width: 110, clip: 'start' },
  operator: { width: 70, clip: 'end' },
  payStatus: { width: 72, fixed: 'right', render: (r) => <PayStatusTag status={r.payStatus} /> },
  payType: { width: 70, fixed: 'right', render: (r) => payMethod.label(r.payType) },
  remarks: { width: 90, fixed: 'right', clip: 'end' },
};

/** The columns' total: the table's scroll width, so it scrolls only in a box narrower than all of them. */
export const RECORD_TABLE_WIDTH = Object.values(CELL).reduce((s, c) => s + c.width, 0);

/** 6 px instead of 8 px each side of a cell, which the widths above count on. */
export const RECORD_TABLE_THEME: ThemeConfig = { components: { Table: { cellPaddingInline: 6, cellPaddingInlineMD: 6, cellPaddingInlineSM: 6 } } };

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
    className: c.clip === 'start' ? 'wallet-clip-start' : c.oneLine ? ONE_LINE : undefined,
    ellipsis: c.clip ? { showTitle: false } : undefined,
    render: c.clip ? (_: unknown, r: AccountRecord) => clipped(String(r[key] ?? ''), c.blank) : c.render ? (_: unknown, r: AccountRecord) => c.render!(r) : undefined,
  };
});
