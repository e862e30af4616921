import { Button, Card, Drawer, Space, Table, Tag, type TableColumnsType } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { MSG } from '@portal/domain/messages';
import type { StatementMonth } from '@portal/domain/statements';
import { paths } from '../../../config/paths';
import { formatYuan } from '../../../lib/yuan';
import { exportStatement, statementListQuery, statementMonthQuery } from '../../../features/statements/api/statements';
import { StatementSummary } from '../../../features/statements/components/statement-summary';
import '../../../features/statements/components/statements.css';

/** 月度对账单 (issue 20): every month since the account opened; details, export and a print view. */
export default function StatementScreen() {
  const navigate = useNavigate();
  const list = useQuery(statementListQuery());
  const [open, setOpen] = useState('');
  const detail = useQuery(statementMonthQuery(open));
  const [exporting, setExporting] = useState('');

  const runExport = async (month: string) => {
    setExporting(month);
    try {
      await exportStatement(month);
    } catch {
      // the request layer has shown the failure
    } finally {
      setExporting('');
    }
  };

  const money = (v: number) => formatYuan(v);
  const columns: TableColumnsType<StatementMonth> = [
    { title: '月份', dataIndex: 'month', width: 90 },
    { title: '期初余额', dataIndex: 'openingBalance', align: 'right', render: money },
    { title: '收入', dataIndex: 'income', align: 'right', render: money },
    { title: '支出', dataIndex: 'expense', align: 'right', render: money },
    { title: '期末余额', dataIndex: 'closingBalance', align: 'right', render: money },
    { title: '支付订单', dataIndex: 'ordersPaid', align: 'right', width: 86 },
    {
      title: '状态',
      key: 'state',
      width: 150,
      render: (_, r) => (
        <Space size={4}>
          {r.closed ? <Tag color="green">已结账</Tag> : <Tag color="blue">进行中</Tag>}
          {r.balanced ? <Tag color="green">一致</Tag> : <Tag color="red">不一致</Tag>}
        </Space>
      ),
    },
    {
      title: '操作',
      key: 'actions',
      width: 150,
      render: (_, r) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setOpen(r.month)} aria-label={`查看${r.month}对账单明细`}>
            明细
          </Button>
          <Button type="link" size="small" loading={exporting === r.month} onClick={() => runExport(r.month)} aria-label={`导出${r.month}对账单`}>
            导出
          </Button>
          <Button type="link" size="small" onClick={() => navigate(paths.statementPrint.getHref(r.month))} aria-label={`打印${r.month}对账单`}>
            打印
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <Card title="月度对账单" variant="borderless">
      <p className="wallet-muted" style={{ marginTop: 0 }}>
        金额单位：元。每月按上海时间月末结账，结账后的金额不再变化，之后的更正计入发生当月；期初余额 + 收入 − 支出 = 期末余额，并与账户流水核对。
      </p>
      <Table<StatementMonth>
        rowKey="month"
        size="middle"
        columns={columns}
        dataSource={list.data ?? []}
        loading={list.isFetching}
        locale={{ emptyText: MSG.emptyList }}
        pagination={{ pageSize: 12, hideOnSinglePage: true, showTotal: (t) => `共 ${t} 个月` }}
      />
      <Drawer title={`${open} 对账单`} size="large" open={!!open} onClose={() => setOpen('')} destroyOnHidden>
        {detail.data ? <StatementSummary d={detail.data} /> : null}
      </Drawer>
    </Card>
  );
}
