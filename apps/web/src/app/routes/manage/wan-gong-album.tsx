import { DownloadOutlined } from '@ant-design/icons';
import { App, Button, Card, Checkbox, Empty, Pagination, Space, Spin } from 'antd';
import { useMemo, useState } from 'react';
import { AFTER_SALE_MSG, GALLERY_PAGE_SIZE } from '@portal/domain/after-sales';
import { MSG } from '@portal/domain/messages';
import { downloadPictures } from '../../../features/gallery/api/download-pictures';
import { useGallery } from '../../../features/gallery/api/get-gallery';
import { CategoryCascader } from '../../../features/products/components/category-cascader';
import { GalleryFilters, type GalleryFilterValues } from '../../../features/gallery/components/gallery-filters';
import { GalleryOrderCard } from '../../../features/gallery/components/gallery-order-card';
import '../../../features/gallery/components/gallery.css';
import { useUrlList, type UrlFields } from '../../../lib/url-list-state';

// Applied filters and page in the URL (decision 161).
const URL_FIELDS: UrlFields<GalleryFilterValues> = { category: 'numbers', keyword: 'string', range: 'dateRange', serviceType: 'number' };

/** 完工图库 (spec 02 §2.8): filters, orders with their completion pictures, selection and 下载原图. */
export default function WanGongAlbumScreen() {
  const { message } = App.useApp();
  const { filters, setFilters, paging } = useUrlList(URL_FIELDS, GALLERY_PAGE_SIZE);
  const { pageNum, pageSize } = paging;
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [downloading, setDownloading] = useState(false);
  const [from, to] = filters.range ?? [];
  const list = useGallery({
    categoryId: filters.category?.at(-1),
    keyword: filters.keyword?.trim() || undefined,
    minTime: from?.format('YYYY-MM-DD'),
    maxTime: to?.format('YYYY-MM-DD'),
    serviceType: filters.serviceType,
    pageNum,
    pageSize,
  });
  const rows = useMemo(() => list.data?.rows ?? [], [list.data]);
  const pageIds = rows.flatMap((r) => r.omsProductCompletionPicList.map((p) => p.id));
  const allChecked = pageIds.length > 0 && pageIds.every((id) => selected.has(id));

  const toggle = (ids: number[], checked: boolean) =>
    setSelected((s) => {
      const next = new Set(s);
      for (const id of ids) {
        if (checked) next.add(id);
        else next.delete(id);
      }
      return next;
    });

  const download = async () => {
    if (!selected.size) return void message.warning(AFTER_SALE_MSG.picturesRequired);
    setDownloading(true);
    try {
      await downloadPictures({ picIds: [...selected], orderIds: [] });
    } catch {
      // the request layer has shown the failure
    } finally {
      setDownloading(false);
    }
  };

  return (
    <Card title={MSG.gallery} variant="borderless">
      <GalleryFilters
        value={filters}
        categoryField={(value, onChange) => <CategoryCascader anyLevel value={value} onChange={onChange} style={{ width: 220 }} />}
        onApply={(f) => {
          setFilters(f);
          paging.toFirstPage();
          setSelected(new Set());
        }}
      />
      <div className="gallery-toolbar">
        <Space size="large">
          <Checkbox checked={allChecked} indeterminate={!allChecked && pageIds.some((id) => selected.has(id))} onChange={(e) => toggle(pageIds, e.target.checked)} data-testid="gallery-select-all">
            全选
          </Checkbox>
          <span data-testid="gallery-selected">已选 {selected.size} 张</span>
        </Space>
        <Button type="primary" icon={<DownloadOutlined />} onClick={download} loading={downloading} data-action="download">
          下载原图
        </Button>
      </div>
      <Spin spinning={list.isFetching}>
        {rows.length === 0 ? (
          <Empty description={MSG.emptyList} style={{ padding: 48 }} />
        ) : (
          rows.map((row) => <GalleryOrderCard key={row.orderId} row={row} selected={selected} onToggle={toggle} />)
        )}
      </Spin>
      <Pagination
        style={{ marginTop: 16, justifyContent: 'flex-end' }}
        {...paging.pagination(list.data?.total ?? 0, { bounded: list.data?.totalBounded })}
      />
    </Card>
  );
}
