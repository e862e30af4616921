import { Descriptions, Table, Tag } from 'antd';
import type { StatementDetail, StatementLine } from '@portal/domain/statements';
import { formatYuan } from '../../../lib/yuan';

const lineColumns = [
  { title: '款项类型', dataIndex: 'name', key: 'name' },
  { title: '笔数', dataIndex: 'count', key: 'count', width: 80, align: 'right' as const },
  { title: '金额（元）', dataIndex: 'amount', key: 'amount', width: 140, align: 'right' as const, render: (v: number) => formatYuan(v) },
];

/** A month's statement: the identity on top, then income and expense by payment type. */
export function StatementSummary({ d }: { d: StatementDetail }) {
  return (
    <div className="statement">
      <Descriptions bordered size="small" column={2} className="statement__figures">
        <Descriptions.Item label="月份">{d.month}</Descriptions.Item>
        <Descriptions.Item label="状态">{d.closed ? <Tag color="green">已结账</Tag> : <Tag color="blue">本月进行中</Tag>}</Descriptions.Item>
        <Descriptions.Item label="期初余额">¥{formatYuan(d.openingBalance)}</Descriptions.Item>
        <Descriptions.Item label="期末余额">¥{formatYuan(d.closingBalance)}</Descriptions.Item>
        <Descriptions.Item label="本月收入">¥{formatYuan(d.income)}</Descriptions.Item>
        <Descriptions.Item label="本月支出">¥{formatYuan(d.expense)}</Descriptions.Item>
        <Descriptions.Item label="其中赔偿与退款">¥{formatYuan(d.compensationAndRefunds)}</Descriptions.Item>
        <Descriptions.Item label="支付订单数">{d.ordersPaid}</Descriptions.Item>
        <Descriptions.Item label="核对" span={2}>
          期初 ¥{formatYuan(d.openingBalance)} + 收入 ¥{formatYuan(d.income)} − 支出 ¥{formatYuan(d.expense)} = 期末 ¥{formatYuan(d.closingBalance)}{' '}
          {d.balanced ? <Tag color="green">与账户流水一致</Tag> : <Tag color="red">与账户流水不一致，请联系平台</Tag>}
        </Descriptions.Item>
      </Descriptions>
      <div className="statement__lines">
        <Table<StatementLine> title={() => '收入明细'} rowKey="paymentType" size="small" pagination={false} columns={lineColumns} dataSource={d.incomeLines} />
        <Table<StatementLine> title={() => '支出明细'} rowKey="paymentType" size="small" pagination={false} columns={lineColumns} dataSource={d.expenseLines} />
      </div>
    </div>
  );
}
