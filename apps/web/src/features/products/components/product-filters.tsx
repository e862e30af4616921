import { Button, Input, InputNumber, Space } from 'antd';
import { useState } from 'react';
import { CategoryCascader } from './category-cascader';

export interface ProductFilterValues {
  keywords?: string;
  category?: number[];
  minPrice?: number | null;
  maxPrice?: number | null;
}

/** Keyword, category cascader and price range (spec 02 §2.6); applied with 搜索, cleared with 重置. */
export function ProductFilters({ onApply }: { onApply: (v: ProductFilterValues) => void }) {
  const [draft, setDraft] = useState<ProductFilterValues>({});
  const set = (patch: ProductFilterValues) => setDraft((d) => ({ ...d, ...patch }));
  return (
    <div className="product-filters" data-testid="product-filters">
      <Space wrap size={[16, 12]}>
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
        <Space>
          <Button type="primary" onClick={() => onApply(draft)}>
            搜索
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
