import { Button, DatePicker, Form, Input, Select, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect } from 'react';
import { changeType, paymentType } from '@portal/domain/enums';
import type { RecordFilters } from '../api/get-records';
import { FilterActions } from '../../../components/filter-bar';

interface FormValues {
  orderNo?: string;
  changeType?: number;
  paymentType?: number;
  payTime?: [Dayjs | null, Dayjs | null] | null;
}

const toFilters = (v: FormValues): RecordFilters => ({
  orderNo: v.orderNo?.trim() || undefined,
  changeType: v.changeType,
  paymentType: v.paymentType,
  minPayTime: v.payTime?.[0]?.format('YYYY-MM-DD 00:00:00'),
  maxPayTime: v.payTime?.[1]?.format('YYYY-MM-DD 23:59:59'),
});

const toValues = (f: RecordFilters): FormValues => ({
  orderNo: f.orderNo,
  changeType: f.changeType,
  paymentType: f.paymentType,
  payTime: f.minPayTime || f.maxPayTime ? [f.minPayTime ? dayjs(f.minPayTime) : null, f.maxPayTime ? dayjs(f.maxPayTime) : null] : null,
});

/** Filters of the ledger (spec 01 §2): order number, income/expense, pay time range, payment type. */
export function RecordFiltersBar({
  value = {},
  onApply,
  onExport,
  exporting,
}: {
  /** The applied filters (from the URL): the form shows them after a refresh or back navigation. */
  value?: RecordFilters;
  onApply: (f: RecordFilters) => void;
  onExport: (f: RecordFilters) => void;
  exporting: boolean;
}) {
  const [form] = Form.useForm<FormValues>();
  useEffect(() => {
    form.resetFields();
    form.setFieldsValue(toValues(value));
  }, [form, value]);
  return (
    <Form form={form} layout="inline" className="wallet-filters" onFinish={(v) => onApply(toFilters(v))}>
      <Form.Item name="orderNo" label="订单号">
        <Input placeholder="请输入订单号" allowClear style={{ width: 180 }} />
      </Form.Item>
      <Form.Item name="changeType" label="收支类型">
        <Select placeholder="全部" allowClear options={changeType.options} style={{ width: 110 }} />
      </Form.Item>
      <Form.Item name="payTime" label="支付时间">
        <DatePicker.RangePicker allowEmpty={[true, true]} style={{ width: 250 }} />
      </Form.Item>
      <Form.Item name="paymentType" label="支付类型">
        <Select placeholder="全部" allowClear options={paymentType.options} style={{ width: 130 }} />
      </Form.Item>
      <Form.Item>
        <Space>
          <FilterActions
            onReset={() => {
              form.resetFields();
              onApply({});
            }}
          />
          <Button loading={exporting} onClick={() => onExport(toFilters(form.getFieldsValue()))}>
            导出
          </Button>
        </Space>
      </Form.Item>
    </Form>
  );
}
