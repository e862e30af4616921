import { Button, DatePicker, Input, Select, Space } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { galleryServiceType } from '@portal/domain/enums';
import { CategoryCascader } from '../../products/components/category-cascader';

export interface GalleryFilterValues {
  category?: number[];
  keyword?: string;
  range?: [Dayjs | null, Dayjs | null] | null;
  serviceType?: number;
}

/** Category cascader, customer keyword, completion date range, service item (spec 02 §2.8). */
export function GalleryFilters({ onApply }: { onApply: (v: GalleryFilterValues) => void }) {
  const [draft, setDraft] = useState<GalleryFilterValues>({});
  const set = (patch: GalleryFilterValues) => setDraft((d) => ({ ...d, ...patch }));
  return (
    <div className="gallery-filters" data-testid="gallery-filters">
      <Space wrap size={[16, 12]}>
        <label className="gallery-filters__field">
          <span>产品分类</span>
          <CategoryCascader anyLevel value={draft.category} onChange={(category) => set({ category })} style={{ width: 220 }} />
        </label>
        <label className="gallery-filters__field">
          <span>客户</span>
          <Input
            allowClear
            placeholder="客户姓名/手机号"
            value={draft.keyword}
            onChange={(e) => set({ keyword: e.target.value })}
            onPressEnter={() => onApply(draft)}
            style={{ width: 180 }}
          />
        </label>
        <label className="gallery-filters__field">
          <span>完工日期</span>
          <DatePicker.RangePicker value={draft.range ?? null} onChange={(range) => set({ range })} />
        </label>
        <label className="gallery-filters__field">
          <span>服务项目</span>
          <Select allowClear placeholder="全部" options={galleryServiceType.options} value={draft.serviceType} onChange={(serviceType) => set({ serviceType })} style={{ width: 200 }} />
        </label>
        <Space>
          <Button type="primary" onClick={() => onApply(draft)}>
            筛选
          </Button>
          <Button
            onClick={() => {
              setDraft({});
              onApply({});
            }}
          >
            重置
          </Button>
        </Space>
      </Space>
    </div>
  );
}
