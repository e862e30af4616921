import { Card, Table, type TableColumnsType } from 'antd';
import { useNavigate } from 'react-router';
import { AFTER_SALE_PAGE_SIZE, type AfterSaleRow } from '@portal/domain/after-sales';
import { MSG } from '@portal/domain/messages';
import { PERM } from '@portal/domain/permissions';
import { RequirePermission } from '../../../features/access/components/require-permission';
import { paths } from '../../../config/paths';
import { useAfterSales } from '../../../features/after-sales/api/get-after-sales';
import { AfterSaleFilters, type AfterSaleFilterValues } from '../../../features/after-sales/components/after-sale-filters';
import { AfterSaleCheckTag, AfterSaleStatusTag } from '../../../features/after-sales/components/after-sale-status-tag';
import '../../../features/after-sales/components/after-sales.css';
import { useUrlList, type UrlFields } from '../../../lib/url-list-state';
import { ONE_LINE, STICKY_TABLE } from '../../../lib/table-props';

const columns: TableColumnsType<AfterSaleRow> = [
  { title: '申请时间', dataIndex: 'createTime', width: 170, className: ONE_LINE },
  { title: '类型', dataIndex: 'typeName', width: 70 },
  { title: '订单编号', dataIndex: 'orderNo', width: 210, className: ONE_LINE },
  {
    title: '客户信息',
    key: 'customer',
    width: 140,
    render: (_, r) => (
      <span>
        {r.realName || '—'}
        <br />
        <span className="as-muted">{r.phone}</span>
      </span>
    ),
  },
  { title: '产品', dataIndex: 'productSummary', width: 160, ellipsis: true },
  { title: '申请原因', dataIndex: 'reasons', width: 200, ellipsis: true, render: (v: string) => v.split(',').join('、') },
  // The decision's columns stay in sight, fixed at the right (issue 48 item 3).
  { title: '赔偿金额', dataIndex: 'money', width: 100, fixed: 'right', render: (v: number, r) => (r.type === 1 ? <span className="as-money">¥{v.toFixed(2)}</span> : '—') },
  { title: '售后状态', dataIndex: 'status', width: 100, fixed: 'right', render: (s: number) => <AfterSaleStatusTag status={s} /> },
  { title: '审核状态', dataIndex: 'checkStatus', width: 110, fixed: 'right', render: (s: number) => <AfterSaleCheckTag checkStatus={s} /> },
];

// Applied filters and page in the URL (decision 161).
const URL_FIELDS: UrlFields<AfterSaleFilterValues> = { keyword: 'string', status: 'number', range: 'dateRange' };

/** 售后管理 (spec 02 §2.5): filters, paged list; a row opens afterSaleDetail. Needs app:afterSale:list (decision 274). */
export default function AfterSaleScreen() {
  return (
    <RequirePermission perm={PERM.afterSaleList}>
      <AfterSaleList />
    </RequirePermission>
  );
}

function AfterSaleList() {
  const navigate = useNavigate();
  const { filters, setFilters, paging } = useUrlList(URL_FIELDS, AFTER_SALE_PAGE_SIZE);
  const { pageNum, pageSize } = paging;
  const [from, to] = filters.range ?? [];
  const list = useAfterSales({
    keyword: filters.keyword?.trim() || undefined,
    status: filters.status,
    minTime: from?.format('YYYY-MM-DD'),
    maxTime: to?.format('YYYY-MM-DD'),
    pageNum,
    pageSize,
  });

  return (
    <Card title="售后管理" variant="borderless">
      <AfterSaleFilters
        value={filters}
        onApply={(f) => {
          setFilters(f);
          paging.toFirstPage();
        }}
      />
      <Table<AfterSaleRow>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={list.data?.rows ?? []}
        loading={list.isFetching}
        scroll={{ x: 1260 }}
        sticky={STICKY_TABLE}
        locale={{ emptyText: MSG.emptyList }}
        rowClassName={() => 'as-row'}
        onRow={(r) => ({ onClick: () => navigate(paths.manage.afterSaleDetail.getHref(r.id)), 'data-id': r.id }) as React.HTMLAttributes<HTMLElement>}
        pagination={paging.pagination(list.data?.total ?? 0, { bounded: list.data?.totalBounded })}
      />
    </Card>
  );
}
