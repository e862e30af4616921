import { Button, DatePicker, Input, Select, Space } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { afterSaleStatus } from '@portal/domain/enums';

export interface AfterSaleFilterValues {
  keyword?: string;
  status?: number;
  range?: [Dayjs | null, Dayjs | null] | null;
}

/** Keyword, status and application date range (spec 02 §2.5); applied with 筛选, cleared with 重置. */
export function AfterSaleFilters({ onApply }: { onApply: (v: AfterSaleFilterValues) => void }) {
  const [draft, setDraft] = useState<AfterSaleFilterValues>({});
  const set = (patch: AfterSaleFilterValues) => setDraft((d) => ({ ...d, ...patch }));
  return (
    <div className="as-filters" data-testid="after-sale-filters">
      <Space wrap size={[16, 12]}>
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
