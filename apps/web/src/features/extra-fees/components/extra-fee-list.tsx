import { Image, Space, Table, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { MSG } from '@portal/domain/messages';
import { fileUrlOf } from '../../../components/upload';
import type { ExtraFeeRow, OrderExtraFees } from '../api/extra-fees';

const STATUS_COLOR: Record<number, string> = { 0: 'orange', 1: 'green', 2: 'red' };
export const yuanText = (v: number | null) => (v === null ? '未设置' : `¥${v.toFixed(2)}`);

/**
 * What happens to a request on this order. Without a cap every request waits for the merchant, and one
 * left unanswered is refused whatever the timeout rule says (the server's timeout approves only within a cap).
 */
export function ruleText(cap: OrderExtraFees['cap']): string {
  if (cap.cap === null) return `未设置加价上限：每笔加价都需厂家审批，${cap.timeoutHours}小时未处理自动驳回`;
  return `超出上限${cap.overCap === 'refuse' ? '直接驳回' : '需厂家审批'}，${cap.timeoutHours}小时未处理${cap.timeoutAction === 'approve' ? '上限内自动通过' : '自动驳回'}`;
}

/** The cap that applies to the order, used and left (shown to the merchant and, before asking, to the master). */
export function CapLine({ cap }: { cap: OrderExtraFees['cap'] }) {
  return (
    <Space size={16} wrap data-testid="extra-fee-cap">
      <span>加价上限：<strong>{yuanText(cap.cap)}</strong></span>
      <span>已通过：{yuanText(cap.used)}</span>
      <span>剩余额度：<strong data-testid="extra-fee-left">{cap.left === null ? '—' : yuanText(cap.left)}</strong></span>
      <Typography.Text type="secondary" data-testid="extra-fee-rules">{ruleText(cap)}</Typography.Text>
    </Space>
  );
}

/** An order's extra-fee requests, newest first; `actions` draws the buttons of a pending one. */
export function ExtraFeeList({ rows, actions }: { rows: ExtraFeeRow[]; actions?: (r: ExtraFeeRow) => ReactNode }) {
  return (
    <Table<ExtraFeeRow>
      size="small"
      rowKey="id"
      pagination={false}
      dataSource={rows}
      locale={{ emptyText: MSG.emptyList }}
      onRow={(r) => ({ 'data-fee-status': r.status } as React.HTMLAttributes<HTMLElement>)}
      columns={[
        { title: '申请时间', dataIndex: 'createTime', width: 160 },
        { title: '加价原因', dataIndex: 'reasonName', width: 140 },
        { title: '金额', dataIndex: 'amount', width: 100, render: (v: number) => <strong>¥{v.toFixed(2)}</strong> },
        {
          title: '照片',
          dataIndex: 'photos',
          render: (p: string[]) => (p.length ? <Image.PreviewGroup>{p.map((u) => <Image key={u} src={fileUrlOf(u)} width={40} height={40} style={{ objectFit: 'cover' }} alt="加价照片" />)}</Image.PreviewGroup> : '—'),
        },
        { title: '备注', dataIndex: 'note', render: (v: string) => v || '—' },
        {
          title: '状态',
          render: (_, r) => (
            <Space direction="vertical" size={0}>
              <Tag color={STATUS_COLOR[r.status]} data-testid="extra-fee-status">{r.statusName}</Tag>
              {r.decidedByName && <Typography.Text type="secondary" style={{ fontSize: 12 }}>{r.decidedByName}{r.decider && r.decidedBy === 'merchant' ? `（${r.decider}）` : ''}</Typography.Text>}
              {r.rejectReason && <Typography.Text type="danger" style={{ fontSize: 12 }}>原因：{r.rejectReason}</Typography.Text>}
              {r.status === 0 && r.dueTime && <Typography.Text type="secondary" style={{ fontSize: 12 }}>{r.dueTime} 前未处理将自动处理</Typography.Text>}
            </Space>
          ),
        },
        ...(actions ? [{ title: '操作', width: 150, render: (_: unknown, r: ExtraFeeRow) => actions(r) }] : []),
      ]}
    />
  );
}
