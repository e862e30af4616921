import { PlusOutlined } from '@ant-design/icons';
import { Alert, App, Button, Card, Checkbox, Space, Table, type TableColumnsType } from 'antd';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { MSG } from '@portal/domain/messages';
import { PERM } from '@portal/domain/permissions';
import { PRODUCT_TEXT, type ProductRow } from '@portal/domain/products';
import { paths } from '../../../config/paths';
import { useDeleteProducts } from '../../../features/products/api/delete-products';
import { useProducts, type ProductListParams } from '../../../features/products/api/get-products';
import { CheckStatusTag } from '../../../features/products/components/check-status-tag';
import { InstructorDialog } from '../../../features/products/components/instructor-dialog';
import { PriceList } from '../../../features/products/components/price-list';
import { ProductFilters, type ProductFilterValues } from '../../../features/products/components/product-filters';
import { ProductMedia, ProductPicture } from '../../../features/products/components/product-media';
import '../../../features/products/components/products.css';
import { useUrlList, type UrlFields } from '../../../lib/url-list-state';
import { STICKY_TABLE } from '../../../lib/table-props';
import { useConfirm } from '../../../lib/use-confirm';
import { useAccess } from '../../../lib/access';

function toParams(f: ProductFilterValues): Omit<ProductListParams, 'pageNum' | 'pageSize'> {
  const [categoryId1, categoryId2, categoryId] = f.category ?? [];
  return {
    keywords: f.keywords?.trim() || undefined,
    categoryId1,
    categoryId2,
    categoryId,
    minPrice: f.minPrice ?? undefined,
    maxPrice: f.maxPrice ?? undefined,
  };
}

// Applied filters and page in the URL (decision 161).
const URL_FIELDS: UrlFields<ProductFilterValues> = { keywords: 'string', category: 'numbers', minPrice: 'number', maxPrice: 'number' };

/** 产品管理 (spec 02 §2.6): filters, list with selection, batch delete, instructor edit. */
export default function ProductScreen() {
  const { message } = App.useApp();
  const confirm = useConfirm();
  // A sub-account sees only the actions its keys allow (the server refuses the others with 没有权限).
  const { can } = useAccess();
  const canEdit = can(PERM.productEdit);
  const canRemove = can(PERM.productRemove);
  const { filters, setFilters, paging } = useUrlList(URL_FIELDS, 10);
  const { pageNum, pageSize } = paging;
  const [selected, setSelected] = useState<number[]>([]);
  const [editing, setEditing] = useState<ProductRow | null>(null);
  const list = useProducts({ ...toParams(filters), pageNum, pageSize });
  const remove = useDeleteProducts();
  const rows = useMemo(() => list.data?.rows ?? [], [list.data]);
  const allChecked = rows.length > 0 && rows.every((r) => selected.includes(r.id));

  const confirmDelete = (ids: number[]) => {
    if (!ids.length) return void message.warning(PRODUCT_TEXT.selectToDelete);
    // A refusal (e.g. which products are in use) is the server's answer, shown by the request layer.
    confirm(MSG.confirmDeleteProduct, async () => {
      await remove.mutateAsync(ids);
      message.success(MSG.deleteOk);
      setSelected((s) => s.filter((id) => !ids.includes(id)));
    });
  };

  const columns: TableColumnsType<ProductRow> = [
    { title: '产品图片', dataIndex: 'productPicture', width: 76, render: (p: string, r) => <ProductPicture path={p} alt={r.modelName} /> },
    { title: '产品分类', dataIndex: 'categoryPath', width: 92 },
    {
      title: '型号',
      dataIndex: 'modelName',
      width: 112,
      render: (m: string, r) => (
        <div>
          <div className="product-model">{m}</div>
          {r.name && <div className="product-muted product-instructor">技术指导：{r.name} {r.phone}</div>}
        </div>
      ),
    },
    { title: '服务价格（保内 / 保外指导价）', key: 'prices', width: 200, render: (_, r) => <PriceList product={r} /> },
    { title: '操作视频', dataIndex: 'productVideo', width: 88, render: (v: ProductRow['productVideo']) => <ProductMedia files={v} /> },
    { title: '完工样图', dataIndex: 'finishedDrawing', width: 88, render: (v: ProductRow['finishedDrawing']) => <ProductMedia files={v} /> },
    { title: '审核状态', dataIndex: 'checkStatus', width: 100, render: (s: number, r) => <CheckStatusTag status={s} reason={r.rejectReason} /> },
    ...(canEdit || canRemove
      ? [
          {
            title: '操作',
            key: 'actions',
            width: 96,
            fixed: 'right' as const,
            render: (_: unknown, r: ProductRow) => (
              <Space size={4}>
                {canEdit && (
                  <Button type="link" size="small" onClick={() => setEditing(r)}>
                    编辑
                  </Button>
                )}
                {canRemove && (
                  <Button type="link" size="small" danger onClick={() => confirmDelete([r.id])}>
                    删除
                  </Button>
                )}
              </Space>
            ),
          },
        ]
      : []),
  ];

  return (
    <Card title="产品管理" variant="borderless">
      <ProductFilters
        value={filters}
        onApply={(f) => {
          // 搜索 with unchanged filters still asks the server again.
          if (JSON.stringify(toParams(f)) === JSON.stringify(toParams(filters)) && pageNum === 1) void list.refetch();
          setFilters(f);
          paging.toFirstPage();
          setSelected([]);
        }}
      />
      <div className="product-toolbar">
        <Space>
          {canRemove && (
            <Checkbox
              checked={allChecked}
              indeterminate={!allChecked && rows.some((r) => selected.includes(r.id))}
              onChange={(e) => setSelected(e.target.checked ? rows.map((r) => r.id) : [])}
            >
              全选
            </Checkbox>
          )}
          {canRemove && (
            <Button danger onClick={() => confirmDelete(selected)} loading={remove.isPending}>
              批量删除
            </Button>
          )}
          {can(PERM.productAdd) && (
            <Link to={paths.manage.productAdd.getHref()}>
              <Button type="primary" icon={<PlusOutlined />}>
                添加产品
              </Button>
            </Link>
          )}
        </Space>
        <Alert type="info" showIcon title={PRODUCT_TEXT.inProgressHint} className="product-hint" />
      </div>
      <Table<ProductRow>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={rows}
        loading={list.isFetching}
        scroll={{ x: 860 }}
        sticky={STICKY_TABLE}
        tableLayout="fixed"
        locale={{ emptyText: MSG.emptyList }}
        rowSelection={canRemove ? { selectedRowKeys: selected, onChange: (keys) => setSelected(keys as number[]) } : undefined}
        pagination={paging.pagination(list.data?.total ?? 0, { bounded: list.data?.totalBounded, onChange: () => setSelected([]) })}
      />
      <InstructorDialog product={editing} onClose={() => setEditing(null)} />
    </Card>
  );
}
