import { DatePicker, Input, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import { afterSaleStatus } from '@portal/domain/enums';
import { FilterBar, useFilterDraft } from '../../../components/filter-bar';

export interface AfterSaleFilterValues {
  keyword?: string;
  status?: number;
  range?: [Dayjs | null, Dayjs | null] | null;
}

/** Keyword, status and application date range (spec 02 §2.5); applied with 筛选, cleared with 重置. */
export function AfterSaleFilters({ value, onApply }: { value?: AfterSaleFilterValues; onApply: (v: AfterSaleFilterValues) => void }) {
  const { draft, set, clear } = useFilterDraft<AfterSaleFilterValues>(value);
  return (
    <FilterBar className="as-filters" testId="after-sale-filters" draft={draft} clear={clear} onApply={onApply}>
      <label className="as-filters__field">
        <span>关键词</span>
        <Input
          allowClear
          placeholder="订单编号/客户姓名/手机号/原因"
          value={draft.keyword}
          onChange={(e) => set({ keyword: e.target.value })}
          onPressEnter={() => onApply(draft)}
          style={{ width: 240 }}
        />
      </label>
      <label className="as-filters__field">
        <span>售后状态</span>
        <Select allowClear placeholder="全部" options={afterSaleStatus.options} value={draft.status} onChange={(status) => set({ status })} style={{ width: 140 }} />
      </label>
      <label className="as-filters__field">
        <span>申请时间</span>
        <DatePicker.RangePicker value={draft.range ?? null} onChange={(range) => set({ range })} />
      </label>
    </FilterBar>
  );
}
