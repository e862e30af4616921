import { App, Button, Card, Table, Tabs, Tag, Tooltip, type TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { MSG } from '@portal/domain/messages';
import { PERM } from '@portal/domain/permissions';
import { useAccess } from '../../../lib/access';
import { INVOICE_MSG, INVOICE_STATUS, invoiceStatus, invoiceType, type InvoiceRow } from '@portal/domain/statements';
import { useUrlList, type UrlFields } from '../../../lib/url-list-state';
import { ONE_LINE, STICKY_TABLE } from '../../../lib/table-props';
import { formatYuan } from '../../../lib/yuan';
import { invoiceListQuery } from '../../../features/statements/api/statements';
import { InvoiceApplyDialog } from '../../../features/statements/components/invoice-apply-dialog';
import { InvoiceContent } from '../../../features/statements/components/invoice-content';
import '../../../features/statements/components/statements.css';

const STATUS_COLOR: Record<number, string> = { [INVOICE_STATUS.requested]: 'blue', [INVOICE_STATUS.issued]: 'green', [INVOICE_STATUS.rejected]: 'red', [INVOICE_STATUS.void]: 'default' };
const URL_FIELDS: UrlFields<{ tab?: string }> = { tab: 'string' };
const TABS = [{ key: 'all', label: '全部' }, ...invoiceStatus.options.map((o) => ({ key: String(o.value), label: o.label }))];

/** 开票申请 (issue 20): the vendor's invoice requests, a new request, and the issued PDF. */
export default function InvoiceScreen() {
  // Tab and page in the URL (decision 161).
  const { filters, setFilters, paging } = useUrlList(URL_FIELDS, 10);
  const tab = filters.tab ?? 'all';
  const [applying, setApplying] = useState(false);
  const { message } = App.useApp();
  // Filing is the button 申请开票 (decision 273); a sub-account whose orders are 本人数据 files by its own orders only.
  const { can, isMain, user } = useAccess();
  const mayApply = can(PERM.invoiceApply);
  const ordersOnly = !isMain && user?.dataScopes?.[PERM.orderList] === 1;
  const list = useQuery(invoiceListQuery({ status: tab === 'all' ? undefined : Number(tab), pageNum: paging.pageNum, pageSize: paging.pageSize }));

  const columns: TableColumnsType<InvoiceRow> = [
    {
      title: '申请编号 / 时间',
      key: 'no',
      width: 220,
      className: ONE_LINE,
      render: (_, r) => (
        <span>
          {r.invoiceNo}
          <br />
          <span className="wallet-muted">{r.createdAt}</span>
        </span>
      ),
    },
    { title: '发票抬头', dataIndex: 'title', ellipsis: true },
    { title: '类型', dataIndex: 'invoiceType', width: 90, render: (v: number) => invoiceType.label(v) },
    {
      title: '金额（元）',
      dataIndex: 'amount',
      width: 120,
      align: 'right',
      render: (v: number, r) => (
        <span>
          {formatYuan(v)}
          {r.redAmount > 0 ? (
            <>
              <br />
              <span className="wallet-muted">
                {r.redPending > 0 ? `开票后退款 ${formatYuan(r.redAmount)}，待红冲` : `已红冲 ${formatYuan(r.redAmount)}`}
              </span>
            </>
          ) : null}
        </span>
      ),
    },
    { title: '开票内容', key: 'what', width: 200, render: (_, r) => <InvoiceContent row={r} /> },
    {
      title: '状态',
      dataIndex: 'status',
      width: 80,
      render: (v: number, r) =>
        v === INVOICE_STATUS.rejected || v === INVOICE_STATUS.void ? (
          <Tooltip title={v === INVOICE_STATUS.void ? r.rejectReason : `驳回原因：${r.rejectReason}`}>
            <Tag color={STATUS_COLOR[v]}>{invoiceStatus.label(v)}</Tag>
          </Tooltip>
        ) : (
          <Tag color={STATUS_COLOR[v]}>{invoiceStatus.label(v)}</Tag>
        ),
    },
    {
      title: '操作',
      key: 'actions',
      width: 90,
      render: (_, r) =>
        r.pdfUrl ? (
          <span>
            <a href={r.pdfUrl} target="_blank" rel="noreferrer" aria-label={`下载发票 ${r.invoiceNo}`}>
              下载发票
            </a>
            {r.redInvoices.map((x, i) => (
              <span key={x.pdfUrl}>
                <br />
                <a href={x.pdfUrl} target="_blank" rel="noreferrer" aria-label={`下载红字发票 ${r.invoiceNo} ¥${formatYuan(x.amount)}`}>
                  红字发票{r.redInvoices.length > 1 ? i + 1 : ''}
                </a>
              </span>
            ))}
          </span>
        ) : r.status === INVOICE_STATUS.void ? (
          // The reason is on the status tag; the content column names the orders taken out.
          <span className="wallet-muted">—</span>
        ) : r.status === INVOICE_STATUS.rejected ? (
          <span className="wallet-muted">{r.rejectReason}</span>
        ) : (
          <span className="wallet-muted">—</span>
        ),
    },
  ];

  return (
    <Card
      title="开票申请"
      variant="borderless"
      extra={
        mayApply ? (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setApplying(true)}>
            申请开票
          </Button>
        ) : undefined
      }
    >
      <Tabs
        activeKey={tab}
        items={TABS}
        onChange={(k) => setFilters({ tab: k === 'all' ? undefined : k })}
      />
      <Table<InvoiceRow>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={list.data?.rows ?? []}
        loading={list.isFetching}
        scroll={{ x: 920 }}
        sticky={STICKY_TABLE}
        locale={{ emptyText: MSG.emptyList }}
        pagination={paging.pagination(list.data?.total ?? 0)}
      />
      <InvoiceApplyDialog
        open={applying && mayApply}
        ordersOnly={ordersOnly}
        onClose={(done) => {
          setApplying(false);
          if (done) message.success(INVOICE_MSG.applyOk);
        }}
      />
    </Card>
  );
}
