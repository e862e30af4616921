import { Input, InputNumber, Space } from 'antd';
import { CategoryCascader } from './category-cascader';
import { FilterBar, useFilterDraft } from '../../../components/filter-bar';

export interface ProductFilterValues {
  keywords?: string;
  category?: number[];
  minPrice?: number | null;
  maxPrice?: number | null;
}

/** Keyword, category cascader and price range (spec 02 §2.6); applied with 搜索, cleared with 重置. */
export function ProductFilters({ value, onApply }: { value?: ProductFilterValues; onApply: (v: ProductFilterValues) => void }) {
  const { draft, set, clear } = useFilterDraft<ProductFilterValues>(value);
  return (
    <FilterBar className="product-filters" testId="product-filters" draft={draft} clear={clear} onApply={onApply} applyText="搜索">
      <label className="product-filters__field">
        <span>关键词</span>
        <Input
          allowClear
          placeholder="产品名称/型号/备注"
          value={draft.keywords}
          onChange={(e) => set({ keywords: e.target.value })}
          onPressEnter={() => onApply(draft)}
          style={{ width: 200 }}
        />
      </label>
      <label className="product-filters__field">
        <span>产品分类</span>
        <CategoryCascader anyLevel value={draft.category} onChange={(category) => set({ category })} style={{ width: 240 }} />
      </label>
      <label className="product-filters__field">
        <span>价格区间</span>
        <Space.Compact>
          <InputNumber aria-label="最低价" min={0} precision={2} placeholder="最低价" value={draft.minPrice} onChange={(v) => set({ minPrice: v })} style={{ width: 100 }} />
          <InputNumber aria-label="最高价" min={0} precision={2} placeholder="最高价" value={draft.maxPrice} onChange={(v) => set({ maxPrice: v })} style={{ width: 100 }} />
        </Space.Compact>
      </label>
    </FilterBar>
  );
}
