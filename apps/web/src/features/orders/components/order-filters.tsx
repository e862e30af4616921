import { DatePicker, Input, Select, Tag } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useState, type ReactNode } from 'react';
import { DATE_RANGES, ORDER_LABELS, orderNode, orderStatus } from '@portal/domain/enums';
import type { OrderFilters } from './use-order-list-params';
import { FilterActions } from '../../../components/filter-bar';
import { slaFilterOptions } from '@portal/domain/sla';
import { SATISFACTION } from '@portal/domain/customer-page';
import { APPOINTMENT_FILTER } from '@portal/domain/appointments';

const DAY = 'YYYY-MM-DD';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="order-filters__row">
      <span className="order-filters__label">{label}</span>
      <div className="order-filters__body">{children}</div>
    </div>
  );
}

const toRange = (a?: string, b?: string): [Dayjs, Dayjs] | null => (a && b ? [dayjs(a), dayjs(b)] : null);

/**
 * The filter rows of spec 02 §2.1. A chip, the node, a quick range or a date range applies at once
 * (issue 48 item 4: a lit chip always matches the list below it, decision 242); the keyword is typed
 * and applies with 搜索, Enter or 筛选 (and goes along when a chip is clicked); 重置 clears everything.
 */
export function OrderFiltersPanel({ value, onApply }: { value: OrderFilters; onApply: (f: OrderFilters) => void }) {
  const [draft, setDraft] = useState<OrderFilters>(value);
  useEffect(() => setDraft(value), [value]);
  const set = (patch: OrderFilters) => setDraft((d) => ({ ...d, ...patch }));
  const apply = (patch: OrderFilters) => {
    const next = { ...draft, ...patch };
    setDraft(next);
    onApply({ ...next, keyWords: next.keyWords?.trim() || undefined });
  };
  const statuses = draft.status ? draft.status.split(',') : [];
  const labels = draft.label ? draft.label.split(',') : [];
  const chooseRange = (days: number) => {
    if (draft.range === String(days)) return apply({ range: undefined, minCreateTime: undefined, maxCreateTime: undefined });
    apply({ range: String(days), minCreateTime: dayjs().subtract(days, 'day').format(DAY), maxCreateTime: dayjs().format(DAY) });
  };

  return (
    <div className="order-filters" data-testid="order-filters">
      <Row label="关键词">
        <Input.Search
          allowClear
          placeholder="客户姓名/电话/订单编号/产品名称/备注"
          value={draft.keyWords ?? ''}
          onChange={(e) => set({ keyWords: e.target.value })}
          onSearch={(v) => onApply({ ...draft, keyWords: v.trim() || undefined })}
          enterButton="搜索"
          style={{ maxWidth: 420 }}
        />
      </Row>
      <Row label="订单状态">
        <Tag.CheckableTag checked={!draft.status} onChange={() => apply({ status: undefined })}>全部</Tag.CheckableTag>
        {orderStatus.options.map((o) => (
          <Tag.CheckableTag
            key={o.value}
            checked={statuses.length === 1 && statuses[0] === String(o.value)}
            onChange={(on) => apply({ status: on ? String(o.value) : undefined })}
          >
            {o.label}
          </Tag.CheckableTag>
        ))}
        {statuses.length > 1 && <Tag color="blue">{statuses.map((s) => orderStatus.label(Number(s))).join('、')}</Tag>}
      </Row>
      <Row label="订单节点">
        <Select
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          placeholder="全部节点"
          aria-label="订单节点"
          style={{ width: 260 }}
          value={draft.node && !draft.node.includes(',') ? Number(draft.node) : undefined}
          options={orderNode.options}
          onChange={(v?: number) => apply({ node: v === undefined ? undefined : String(v) })}
        />
        {draft.node?.includes(',') && <Tag color="blue">{draft.node.split(',').map((n) => orderNode.label(Number(n))).join('、')}</Tag>}
      </Row>
      <Row label="订单标签">
        {ORDER_LABELS.map((l) => (
          <Tag.CheckableTag
            key={l}
            checked={labels.includes(l)}
            onChange={(on) => {
              const next = on ? [...labels, l] : labels.filter((x) => x !== l);
              apply({ label: next.join(',') || undefined });
            }}
          >
            {l}
          </Tag.CheckableTag>
        ))}
      </Row>
      <Row label="服务时效">
        {slaFilterOptions.map((o) => (
          <Tag.CheckableTag key={o.value} checked={draft.sla === o.value} onChange={(on) => apply({ sla: on ? o.value : undefined })} data-sla={o.value}>
            {o.label}
          </Tag.CheckableTag>
        ))}
      </Row>
      <Row label="加价申请">
        <Tag.CheckableTag checked={draft.extraFee === '1'} onChange={(on) => apply({ extraFee: on ? '1' : undefined })} data-extra-fee="1">
          待确认加价
        </Tag.CheckableTag>
      </Row>
      <Row label="预约">
        <Tag.CheckableTag checked={draft.appointment === APPOINTMENT_FILTER.failed} onChange={(on) => apply({ appointment: on ? APPOINTMENT_FILTER.failed : undefined })} data-appointment="failed">
          预约失败
        </Tag.CheckableTag>
      </Row>
      <Row label="满意度">
        {SATISFACTION.map((o) => (
          <Tag.CheckableTag key={o.value} checked={draft.satisfaction === o.value} onChange={(on) => set({ satisfaction: on ? o.value : undefined })} data-satisfaction={o.value}>
            {o.label}
          </Tag.CheckableTag>
        ))}
      </Row>
      <Row label="下单时间">
        {DATE_RANGES.map((r) => (
          <Tag.CheckableTag key={r.days} checked={draft.range === String(r.days)} onChange={() => chooseRange(r.days)}>
            {r.label}
          </Tag.CheckableTag>
        ))}
      </Row>
      <Row label="创建日期">
        <DatePicker.RangePicker
          value={toRange(draft.minCreateTime, draft.maxCreateTime)}
          onChange={(v) => apply({ range: undefined, minCreateTime: v?.[0]?.format(DAY), maxCreateTime: v?.[1]?.format(DAY) })}
        />
      </Row>
      <Row label="完成日期">
        <DatePicker.RangePicker
          value={toRange(draft.minCompletionTime, draft.maxCompletionTime)}
          onChange={(v) => apply({ minCompletionTime: v?.[0]?.format(DAY), maxCompletionTime: v?.[1]?.format(DAY) })}
        />
      </Row>
      <Row label="">
        <FilterActions onApply={() => onApply({ ...draft, keyWords: draft.keyWords?.trim() || undefined })} onReset={() => { setDraft({}); onApply({}); }} />
      </Row>
    </div>
  );
}
