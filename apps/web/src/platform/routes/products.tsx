import { Button, Card, Input, Space, Table, Tabs, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { PRODUCT_CHECK, productCheck } from '@portal/domain/enums';
import { MSG } from '@portal/domain/messages';
import type { PlatformProductRow } from '@portal/domain/products';
import { useReviewProducts } from '../../features/products/api/review-products';
import { CheckStatusTag } from '../../features/products/components/check-status-tag';
import { PassDialog } from '../../features/products/components/pass-dialog';
import { PriceList } from '../../features/products/components/price-list';
import { ProductMedia, ProductPicture } from '../../features/products/components/product-media';
import { RejectDialog } from '../../features/products/components/reject-dialog';
import '../../features/products/components/products.css';
import { useUrlList, type UrlFields } from '../../lib/url-list-state';

/** 产品审核: vendors' products by review status; pass with guide prices and rules, or reject with a reason. */
const URL_FIELDS: UrlFields<{ checkStatus?: number; keywords?: string }> = { checkStatus: 'number', keywords: 'string' };

export default function ProductsReviewScreen() {
  // Tab, keywords and page in the URL (decision 161).
  const { filters, setFilters, paging } = useUrlList(URL_FIELDS, 10);
  const checkStatus = filters.checkStatus ?? PRODUCT_CHECK.reviewing;
  const keywords = filters.keywords ?? '';
  const setCheckStatus = (c: number) => setFilters((f) => ({ ...f, checkStatus: c === PRODUCT_CHECK.reviewing ? undefined : c }));
  const setKeywords = (k: string) => setFilters((f) => ({ ...f, keywords: k || undefined }));
  const { pageNum, pageSize } = paging;
  const [passing, setPassing] = useState<PlatformProductRow | null>(null);
  const [rejecting, setRejecting] = useState<PlatformProductRow | null>(null);
  const list = useReviewProducts({ checkStatus, keywords: keywords || undefined, pageNum, pageSize });

  const columns: TableColumnsType<PlatformProductRow> = [
    { title: '厂家', dataIndex: 'vendorCompany', width: 160 },
    { title: '提交时间', dataIndex: 'createTime', width: 110 },
    { title: '图片', dataIndex: 'productPicture', width: 88, render: (p: string, r) => <ProductPicture path={p} alt={r.modelName} /> },
    { title: '分类 / 型号', key: 'model', width: 170, render: (_, r) => <span>{r.categoryPath}<br /><b>{r.modelName}</b></span> },
    { title: '服务价格（保内 / 保外指导价）', key: 'prices', width: 270, render: (_, r) => <PriceList product={r} /> },
    { title: '操作视频', dataIndex: 'productVideo', width: 120, render: (v: PlatformProductRow['productVideo']) => <ProductMedia files={v} /> },
    { title: '完工样图', dataIndex: 'finishedDrawing', width: 120, render: (v: PlatformProductRow['finishedDrawing']) => <ProductMedia files={v} /> },
    { title: '状态', dataIndex: 'checkStatus', width: 150, render: (s: number, r) => <CheckStatusTag status={s} reason={r.rejectReason} /> },
    {
      title: '操作',
      key: 'actions',
      width: 130,
      fixed: 'right',
      render: (_, r) =>
        r.checkStatus === PRODUCT_CHECK.reviewing ? (
          <Space size={4}>
            <Button type="link" size="small" onClick={() => setPassing(r)}>通过</Button>
            <Button type="link" size="small" danger onClick={() => setRejecting(r)}>驳回</Button>
          </Space>
        ) : (
          <span className="product-muted">已处理</span>
        ),
    },
  ];

  return (
    <Card title="产品审核" variant="borderless">
      <Space style={{ marginBottom: 12 }} wrap>
        <Tabs
          activeKey={String(checkStatus)}
          onChange={(k) => {
            setCheckStatus(Number(k));
            paging.toFirstPage();
          }}
          items={productCheck.options.map((o) => ({ key: String(o.value), label: o.label }))}
        />
        <Input.Search
          allowClear
          placeholder="厂家/型号/分类"
          key={keywords}
          defaultValue={keywords}
          enterButton="搜索"
          onSearch={(v) => {
            setKeywords(v.trim());
            paging.toFirstPage();
          }}
          style={{ width: 320 }}
        />
      </Space>
      <Table<PlatformProductRow>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={list.data?.rows ?? []}
        loading={list.isFetching}
        scroll={{ x: 1300 }}
        locale={{ emptyText: MSG.emptyList }}
        pagination={paging.pagination(list.data?.total ?? 0)}
      />
      <PassDialog product={passing} onClose={() => setPassing(null)} />
      <RejectDialog product={rejecting} onClose={() => setRejecting(null)} />
    </Card>
  );
}
