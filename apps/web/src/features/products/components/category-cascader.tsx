import { Cascader } from 'antd';
import type { CategoryNode } from '@portal/domain/products';
import { useCategories } from '../api/get-categories';

interface Option {
  value: number;
  label: string;
  children?: Option[];
}
const toOptions = (nodes: CategoryNode[]): Option[] =>
  nodes.map((n) => ({ value: n.id, label: n.name, children: n.child.length ? toOptions(n.child) : undefined }));

export interface CategoryCascaderProps {
  /** The full path [top, second, deepest] (shorter while choosing in a filter). */
  value?: number[];
  onChange?: (path: number[]) => void;
  /** Filters may stop at any level; the add form needs the deepest one. */
  anyLevel?: boolean;
  placeholder?: string;
  id?: string;
  style?: React.CSSProperties;
}

/**
 * Category cascader (spec 02 §5): three levels when there are several top categories; with a
 * single top category only the two levels below it are offered, and the top is implied.
 */
export function CategoryCascader({ value, onChange, anyLevel, placeholder = '请选择产品分类', id, style }: CategoryCascaderProps) {
  const { data: tree = [], isPending } = useCategories();
  const single = tree.length === 1 ? tree[0] : undefined;
  const options = toOptions(single ? single.child : tree);
  const shown = single && value?.length ? value.slice(1) : value;
  return (
    <Cascader
      id={id}
      style={style}
      loading={isPending}
      options={options}
      value={shown}
      placeholder={placeholder}
      changeOnSelect={anyLevel}
      allowClear
      showSearch={{ filter: (input, path) => path.some((o) => String(o.label).includes(input.trim())) }}
      onChange={(path) => {
        const ids = ((path ?? []) as number[]).filter((v) => v != null);
        onChange?.(single && ids.length ? [single.id, ...ids] : ids);
      }}
    />
  );
}
