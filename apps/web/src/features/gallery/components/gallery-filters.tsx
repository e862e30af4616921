import { DatePicker, Input, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import { galleryServiceType } from '@portal/domain/enums';
import type { ReactNode } from 'react';
import { FilterBar, useFilterDraft } from '../../../components/filter-bar';

export interface GalleryFilterValues {
  category?: number[];
  keyword?: string;
  range?: [Dayjs | null, Dayjs | null] | null;
  serviceType?: number;
}

/**
 * Category cascader, customer keyword, completion date range, service item (spec 02 §2.8). The screen
 * passes the products feature's cascader in `categoryField` (features never import each other).
 */
export function GalleryFilters({ value, onApply, categoryField }: { value?: GalleryFilterValues; onApply: (v: GalleryFilterValues) => void; categoryField: (value: number[] | undefined, onChange: (category: number[] | undefined) => void) => ReactNode }) {
  const { draft, set, clear } = useFilterDraft<GalleryFilterValues>(value);
  return (
    <FilterBar className="gallery-filters" testId="gallery-filters" draft={draft} clear={clear} onApply={onApply}>
      <label className="gallery-filters__field">
        <span>产品分类</span>
        {categoryField(draft.category, (category) => set({ category }))}
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
    </FilterBar>
  );
}
