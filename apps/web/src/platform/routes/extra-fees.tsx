import { Card, Radio, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { extraFeeStatus } from '@portal/domain/extra-fees';
import { MSG } from '@portal/domain/messages';
import { paths } from '../../config/paths';
import { usePlatformExtraFees, type PlatformExtraFeeRow } from '../../features/extra-fees/api/extra-fees';

const COLOR: Record<number, string> = { 0: 'orange', 1: 'green', 2: 'red' };

/** 加价申请 (issue 46): every vendor's requests the console made for masters, by status — a rejection and its reason included. */
export default function PlatformExtraFeesScreen() {
  const [status, setStatus] = useState<number | undefined>(undefined);
  const [pageNum, setPageNum] = useState(1);
  const q = usePlatformExtraFees(status, pageNum);
  return (
    <Card title="加价申请" extra={<Radio.Group value={status ?? -1} onChange={(e) => (setStatus(e.target.value === -1 ? undefined : e.target.value), setPageNum(1))} options={[{ value: -1, label: '全部' }, ...extraFeeStatus.options]} optionType="button" />}>
      <Table<PlatformExtraFeeRow>
        size="small"
        rowKey="id"
        loading={q.isPending}
        dataSource={q.data?.rows ?? []}
        locale={{ emptyText: MSG.emptyList }}
        pagination={{ current: pageNum, pageSize: 20, total: q.data?.total ?? 0, onChange: setPageNum, showSizeChanger: false }}
        columns={[
          { title: '申请时间', dataIndex: 'createTime', width: 170 },
          { title: '订单', render: (_, r) => <Link to={paths.platform.orderDetail.getHref(r.orderId)}>{r.orderNo}</Link> },
          { title: '厂家', dataIndex: 'vendorName' },
          { title: '原因', dataIndex: 'reasonName' },
          { title: '金额', dataIndex: 'amount', render: (v: number) => `¥${v.toFixed(2)}` },
          { title: '状态', render: (_, r) => <Tag color={COLOR[r.status]}>{r.statusName}</Tag> },
          { title: '处理', render: (_, r) => <Typography.Text type={r.status === 2 ? 'danger' : 'secondary'}>{[r.decidedByName, r.rejectReason].filter(Boolean).join('：') || '—'}</Typography.Text> },
        ]}
      />
    </Card>
  );
}
