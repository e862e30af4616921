import { Button, Card, Input, Select, Space, Table, Tabs, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { AFTER_SALE_CHECK, AFTER_SALE_STATUS, PROCESSING_STATUS, type AfterSaleRow } from '@portal/domain/after-sales';
import { afterSaleCheck, afterSaleType, ORDER_STATUS } from '@portal/domain/enums';
import { MSG } from '@portal/domain/messages';
import { usePlatformAfterSaleAction, usePlatformAfterSales } from '../../features/after-sales/api/platform-after-sales';
import { AfterSaleCheckTag, AfterSaleStatusTag } from '../../features/after-sales/components/after-sale-status-tag';
import { PlatformAfterSaleDrawer } from '../../features/after-sales/components/platform-after-sale-drawer';
import { ApproveDialog, RejectAfterSaleDialog } from '../../features/after-sales/components/platform-decision-dialogs';
import '../../features/after-sales/components/after-sales.css';
import { useUrlList, type UrlFields } from '../../lib/url-list-state';
import { useConfirm } from '../../lib/use-confirm';

const ALL = -1;
const newOrderCancelled = (r: AfterSaleRow) => r.newOrderStatus === ORDER_STATUS.cancelled;

/** 售后处理: every vendor's cases; review (compensation is credited at once), handling and completion. */
const URL_FIELDS: UrlFields<{ checkStatus?: number; type?: number; keyword?: string }> = { checkStatus: 'number', type: 'number', keyword: 'string' };

export default function PlatformAfterSalesScreen() {
  const confirm = useConfirm();
  // Tab, type, keyword and page in the URL (decision 161).
  const { filters, setFilters, paging } = useUrlList(URL_FIELDS, 10);
  const checkStatus = filters.checkStatus ?? AFTER_SALE_CHECK.reviewing;
  const { type } = filters;
  const keyword = filters.keyword ?? '';
  const setCheckStatus = (c: number) => setFilters((f) => ({ ...f, checkStatus: c === AFTER_SALE_CHECK.reviewing ? undefined : c }));
  const setType = (t: number | undefined) => setFilters((f) => ({ ...f, type: t }));
  const setKeyword = (k: string) => setFilters((f) => ({ ...f, keyword: k || undefined }));
  const { pageNum, pageSize } = paging;
  const [approving, setApproving] = useState<AfterSaleRow | null>(null);
  const [rejecting, setRejecting] = useState<AfterSaleRow | null>(null);
  const [viewing, setViewing] = useState<number | null>(null);
  const action = usePlatformAfterSaleAction();
  const list = usePlatformAfterSales({ checkStatus: checkStatus === ALL ? undefined : checkStatus, type, keyword: keyword || undefined, pageNum, pageSize });


  const columns: TableColumnsType<AfterSaleRow> = [
    { title: '申请时间', dataIndex: 'createTime', width: 160 },
    { title: '厂家', dataIndex: 'vendorName', width: 160, ellipsis: true },
    { title: '类型', dataIndex: 'typeName', width: 64 },
    {
      title: '工单',
      key: 'order',
      width: 190,
      render: (_, r) => (
        <span>
          {r.orderNo}
          {r.newOrder ? <><br /><span className="as-muted">新：{r.newOrder}{newOrderCancelled(r) ? <span style={{ color: '#c41d1d' }}>（已取消）</span> : null}</span></> : null}
        </span>
      ),
    },
    { title: '客户', key: 'customer', width: 120, render: (_, r) => <span>{r.realName}<br /><span className="as-muted">{r.phone}</span></span> },
    { title: '原因', dataIndex: 'reasons', width: 180, ellipsis: true, render: (v: string) => v.split(',').join('、') },
    { title: '金额', dataIndex: 'money', width: 90, render: (v: number, r) => (r.type === 1 ? <span className="as-money">¥{v.toFixed(2)}</span> : '—') },
    { title: '状态', key: 'state', width: 200, render: (_, r) => <Space size={4} wrap><AfterSaleStatusTag status={r.status} /><AfterSaleCheckTag checkStatus={r.checkStatus} /><span className="as-muted">{r.statusTip}</span></Space> },
    {
      title: '操作',
      key: 'actions',
      width: 200,
      fixed: 'right',
      render: (_, r) => (
        <Space size={4} wrap>
          <Button type="link" size="small" onClick={() => setViewing(r.id)}>详情</Button>
          {r.checkStatus === AFTER_SALE_CHECK.reviewing && (
            <>
              <Button type="link" size="small" onClick={() => setApproving(r)} data-action="approve">通过</Button>
              <Button type="link" size="small" danger onClick={() => setRejecting(r)} data-action="reject">驳回</Button>
            </>
          )}
          {/* The server refuses both while the re-dispatch order is cancelled (decision 281). */}
          {r.status === AFTER_SALE_STATUS.processing && r.processingStatus === PROCESSING_STATUS.redispatching && !newOrderCancelled(r) && (
            <Button type="link" size="small" onClick={() => confirm('新师傅已接单，改为“师傅处理中”？', () => action.mutateAsync({ kind: 'processing', id: r.id }))}>师傅已接单</Button>
          )}
          {r.status === AFTER_SALE_STATUS.processing && !newOrderCancelled(r) && (
            <Button type="link" size="small" onClick={() => confirm(`确认工单 ${r.orderNo} 的售后已处理完成？`, () => action.mutateAsync({ kind: 'complete', id: r.id }))} data-action="complete">
              处理完成
            </Button>
          )}
        </Space>
      ),
    },
  ];

  return (
    <Card title="售后处理" variant="borderless">
      <Tabs
        activeKey={String(checkStatus)}
        onChange={(k) => {
          setCheckStatus(Number(k));
          paging.toFirstPage();
        }}
        items={[...afterSaleCheck.options.map((o) => ({ key: String(o.value), label: o.label })), { key: String(ALL), label: '全部' }]}
      />
      <Space style={{ marginBottom: 12 }} wrap>
        <Input.Search
          allowClear
          placeholder="订单编号/客户/手机号/原因"
          key={keyword}
          defaultValue={keyword}
          onSearch={(v) => {
            setKeyword(v.trim());
            paging.toFirstPage();
          }}
          style={{ width: 280 }}
        />
        <Select allowClear aria-label="售后类型" placeholder="全部类型" options={afterSaleType.options} value={type} onChange={(v) => { setType(v); paging.toFirstPage(); }} style={{ width: 120 }} />
      </Space>
      <Table<AfterSaleRow>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={list.data?.rows ?? []}
        loading={list.isFetching}
        scroll={{ x: 1400 }}
        locale={{ emptyText: MSG.emptyList }}
        pagination={paging.pagination(list.data?.total ?? 0)}
      />
      <ApproveDialog row={approving} onClose={() => setApproving(null)} />
      <RejectAfterSaleDialog row={rejecting} onClose={() => setRejecting(null)} />
      <PlatformAfterSaleDrawer id={viewing} onClose={() => setViewing(null)} />
    </Card>
  );
}
