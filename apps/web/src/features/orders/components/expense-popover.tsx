import { InfoCircleOutlined } from '@ant-design/icons';
import { Popover, Space, Typography } from 'antd';
import type { ReactNode } from 'react';

export interface ExpenseLine {
  name: string;
  /** two-decimal yuan text */
  amount: string;
  /** 1 addition, 2 deduction */
  type: 1 | 2;
}

/** Total with a hover popover breaking the expenses down (create footer, pay screen, detail). */
export function ExpensePopover({ lines, total, children }: { lines: ExpenseLine[]; total: string; children?: ReactNode }) {
  const content = (
    <div style={{ minWidth: 220 }} data-testid="expense-breakdown">
      {lines.length === 0 && <Typography.Text type="secondary">暂无费用</Typography.Text>}
      {lines.map((l, i) => (
        <div key={`${l.name}-${i}`} style={{ display: 'flex', justifyContent: 'space-between', gap: 24, lineHeight: '26px' }}>
          <span>{l.name}</span>
          <Typography.Text type={l.type === 2 ? 'success' : undefined}>
            {l.type === 2 ? '-' : '+'}￥{l.amount}
          </Typography.Text>
        </div>
      ))}
      <div style={{ display: 'flex', justifyContent: 'space-between', borderTop: '1px solid #eee', marginTop: 6, paddingTop: 6 }}>
        <strong>合计</strong>
        <strong>￥{total}</strong>
      </div>
    </div>
  );
  return (
    <Popover title="费用明细" content={content} placement="top">
      <Space size={4} style={{ cursor: 'pointer' }} data-testid="order-total">
        {children ?? <strong>￥{total}</strong>}
        <InfoCircleOutlined style={{ color: '#8c8c8c' }} />
      </Space>
    </Popover>
  );
}
