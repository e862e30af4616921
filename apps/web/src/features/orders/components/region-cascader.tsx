import { Cascader } from 'antd';
import { useRegionTree } from '../api/get-region-tree';

/** Province/city/district cascader over POST /api/common/listProvinceCity; value is the code path. */
export function RegionCascader({
  value,
  onChange,
  id,
  'aria-label': ariaLabel,
}: {
  value?: string[];
  onChange?: (v: string[]) => void;
  id?: string;
  /** The field's name where no visible label names it. */
  'aria-label'?: string;
}) {
  const tree = useRegionTree();
  return (
    <Cascader
      id={id}
      aria-label={ariaLabel}
      options={tree.data ?? []}
      loading={tree.isPending}
      // Until the tree arrives antd would show the value's raw codes (330000 / 330100 / 330106).
      displayRender={(labels) => (tree.isPending ? '加载中…' : labels.join(' / '))}
      value={value}
      onChange={(v) => onChange?.((v ?? []) as string[])}
      placeholder="请选择省市区"
      showSearch
      allowClear
      style={{ width: '100%' }}
    />
  );
}
