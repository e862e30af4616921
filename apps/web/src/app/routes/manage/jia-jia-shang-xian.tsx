import { Select } from 'antd';
import { PERM } from '@portal/domain/permissions';
import { RequirePermission } from '../../../features/access/components/require-permission';
import { CapsScreen } from '../../../features/extra-fees/components/caps-screen';
import { useProducts } from '../../../features/products/api/get-products';
import { CategoryCascader } from '../../../features/products/components/category-cascader';
import { useAccess } from '../../../lib/access';

/** The vendor's products to narrow a cap to one (passed products, newest first). */
function ProductPicker({ value, onChange, categoryId }: { value?: number; onChange: (v: number | undefined) => void; categoryId?: number }) {
  const q = useProducts({ pageNum: 1, pageSize: 100, categoryId });
  return (
    <Select
      allowClear
      showSearch
      optionFilterProp="label"
      placeholder="全部产品（可选某一产品）"
      style={{ width: 220 }}
      aria-label="产品"
      loading={q.isPending}
      value={value}
      onChange={(v) => onChange(v ?? undefined)}
      options={(q.data?.rows ?? []).map((p) => ({ value: p.id, label: p.modelName }))}
    />
  );
}

/** 加价上限 (issue 46): composes the caps screen with the product feature's category and product pickers. */
export default function JiaJiaShangXianScreen() {
  const { can } = useAccess();
  return (
    <RequirePermission perm={PERM.extraFeeCapList}>
      <CapsScreen
        canEdit={can(PERM.extraFeeCapEdit)}
        categoryField={(value, onChange) => <CategoryCascader anyLevel value={value} onChange={onChange} style={{ width: 220 }} />}
        productField={(value, onChange) => <ProductPicker value={value} onChange={onChange} />}
      />
    </RequirePermission>
  );
}
